import Foundation

/// The systemd user service that runs `liquidus-server` for `liquidus serve install`.
///
/// It names the server, the database and the time zone by value, so the service serves the
/// same database in the same zone as the shell that installed it. Each directive is quoted by
/// its own rules: `ExecStart=` expands `$` and specifiers, `Environment=` only specifiers; a
/// value with a line break or another control character cannot be written safely into a unit
/// file at all and is refused.
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
        "Environment=\(try Self.environmentValue("LIQUIDUS_DB=\(database)"))",
      ]
      if let timeZone {
        lines.append("Environment=\(try Self.environmentValue("TZ=\(timeZone)"))")
      }
      let command = try ([server] + arguments).map(Self.execArgument).joined(separator: " ")
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

  /// A word of `ExecStart=`: in double quotes, `\` and `"` escaped, `%` and `$` doubled (both
  /// are expanded there).
  static func execArgument(_ value: String) throws -> String {
    try refuseControlCharacters(value)
    return "\"" + escaped(value, doubling: ["%", "$"]) + "\""
  }

  /// A value of `Environment=`: in double quotes, `\` and `"` escaped, `%` doubled; `$` is
  /// literal there, so it stays as it is.
  static func environmentValue(_ value: String) throws -> String {
    try refuseControlCharacters(value)
    return "\"" + escaped(value, doubling: ["%"]) + "\""
  }

  private static func escaped(_ value: String, doubling: Set<Character>) -> String {
    var text = ""
    for character in value {
      switch character {
      case "\\": text += "\\\\"
      case "\"": text += "\\\""
      case let other where doubling.contains(other): text += "\(other)\(other)"
      default: text.append(character)
      }
    }
    return text
  }

  private static func refuseControlCharacters(_ value: String) throws {
    if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw UnitValueRefused(value: value)
    }
  }
}

/// A path or zone with a line break or another control character, which a unit file cannot
/// hold without it becoming a directive of its own.
struct UnitValueRefused: CommandLineFailure {
  let value: String
  var exitStatus: ExitStatus { .usage }
  var message: String {
    "Cannot write \(value.debugDescription) into a systemd unit: it holds a line break or "
      + "another control character. Move the database to a plain path (--db)."
  }
}
