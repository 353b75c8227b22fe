import ArgumentParser
import Foundation

/// The systemd user timer and service that run `liquidus remind tick` every five minutes.
///
/// They name the binary and the database by absolute path, and the time zone when `TZ` is
/// set, so the timer reminds about the same database in the same zone as the shell that
/// installed it. Each directive is quoted by its own rules (``SystemdQuoting``): `$` is doubled
/// in `ExecStart=`, where systemd expands it, and left alone in `Environment=`, where it means
/// nothing; a value with a line break is refused rather than written as a directive.
struct ReminderUnits {
  static let timerName = "liquidus-remind.timer"
  static let serviceName = "liquidus-remind.service"

  var binary: String
  var database: String
  var timeZone: String?

  /// `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
  static func folder(_ environment: [String: String]) -> URL {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return URL(fileURLWithPath: config).appendingPathComponent("systemd/user")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".config/systemd/user")
  }

  /// The service's text.
  /// - Throws: ``UnitValueRefused`` when the path or the zone holds a line break.
  var service: String {
    get throws {
      var lines = [
        "# Written by `liquidus remind install`; `liquidus remind uninstall` removes it.",
        "[Unit]",
        "Description=Liquidus: a desktop notification when a drink is due",
        "",
        "[Service]",
        "Type=oneshot",
      ]
      lines += try SystemdQuoting.environmentLines(database: database, timeZone: timeZone)
      lines.append("ExecStart=\(try SystemdQuoting.execArgument(binary)) remind tick")
      return lines.joined(separator: "\n") + "\n"
    }
  }

  var timer: String {
    """
    # Written by `liquidus remind install`; `liquidus remind uninstall` removes it.
    [Unit]
    Description=Liquidus: check every five minutes whether a drink is due

    [Timer]
    OnCalendar=*:0/5
    AccuracySec=30s

    [Install]
    WantedBy=timers.target

    """
  }
}

/// `systemctl --user`, when a user manager is running to talk to.
enum UserSystemd {
  /// Whether a systemd user manager answers (its private socket exists).
  static func isRunning(_ environment: [String: String]) -> Bool {
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
      DesktopNotifier.find("systemctl", environment) != nil
    else { return false }
    return FileManager.default.fileExists(atPath: runtime + "/systemd/private")
  }

  /// Reloads the user manager and enables and starts `unit`; returns false (after printing
  /// the commands for the person to run) when no user manager is running here.
  /// - Throws: `ExitCode(1)`, after saying why, when `systemctl` fails.
  static func enableNow(_ unit: String, starting what: String, _ environment: [String: String])
    throws -> Bool
  {
    let commands = [["daemon-reload"], ["enable", "--now", unit]]
    guard isRunning(environment) else {
      Terminal.print("No systemd user manager is running here. To start \(what), run:")
      for command in commands {
        Terminal.print("  systemctl --user " + command.joined(separator: " "))
      }
      return false
    }
    for command in commands {
      let (status, message) = run(command, environment)
      guard status == 0 else {
        Terminal.warn(
          "error: `systemctl --user \(command.joined(separator: " "))` failed: \(message)")
        throw ExitCode(1)
      }
    }
    return true
  }

  /// Runs `systemctl --user ARGUMENTS`; returns its status and error output.
  @discardableResult
  static func run(_ arguments: [String], _ environment: [String: String]) -> (Int32, String) {
    guard let systemctl = DesktopNotifier.find("systemctl", environment) else {
      return (127, "systemctl was not found")
    }
    let process = Process()
    process.executableURL = systemctl
    process.arguments = ["--user"] + arguments
    process.environment = environment
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    guard (try? process.run()) != nil else { return (127, "systemctl could not start") }
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
