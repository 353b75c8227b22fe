import Foundation

/// The systemd user service that runs `liquidus-server` for `liquidus serve install`.
///
/// It names the server, the database and the time zone by value, so the service serves the
/// same database in the same zone as the shell that installed it. Each directive is quoted by
/// its own rules (``SystemdQuoting``).
struct ServeUnit {
  static let name = "liquidus-serve.service"

  var server: String
  var database: String
  var timeZone: String?
  var arguments: [String]

  var text: String {
    get throws {
      var lines = [
        "# Written by `liquidus serve install`; `liquidus serve uninstall` removes it.",
        "[Unit]",
        "Description=Liquidus: the JSON API for phones, Siri, NFC tags and Home Assistant",
        "After=network.target",
        "",
        "[Service]",
        "Type=simple",
      ]
      lines += try SystemdQuoting.environmentLines(database: database, timeZone: timeZone)
      let command = try ([server] + arguments).map(SystemdQuoting.execArgument).joined(
        separator: " ")
      lines += [
        "ExecStart=\(command)",
        // SIGTERM is the graceful stop: requests in flight finish, then the database closes.
        "KillSignal=SIGTERM",
        "Restart=on-failure",
        "RestartSec=2",
        "NoNewPrivileges=yes",
        "",
        "[Install]",
        "WantedBy=default.target",
      ]
      return lines.joined(separator: "\n") + "\n"
    }
  }
}
