import ArgumentParser
import Foundation
import LiquidusStore

extension Liquidus.Remind {
  struct RemindInstall: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "install",
      abstract: "Install a systemd user timer that runs `liquidus remind tick` every 5 minutes.",
      discussion: """
        Writes ~/.config/systemd/user/liquidus-remind.timer and its service, with the absolute \
        paths of the binary and the database, and enables them when a user manager runs.

        Example:
          liquidus remind install
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let environment = CommandEnvironment.current.variables
        let units = ReminderUnits(
          binary: Self.executablePath(), database: live.databasePath,
          timeZone: environment["TZ"].flatMap { $0.isEmpty ? nil : $0 })
        // Quoted (or refused) before anything is written.
        let serviceText = try units.service
        let folder = ReminderUnits.folder(environment)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let service = folder.appendingPathComponent(ReminderUnits.serviceName)
        let timer = folder.appendingPathComponent(ReminderUnits.timerName)
        try Data(serviceText.utf8).write(to: service, options: .atomic)
        try Data(units.timer.utf8).write(to: timer, options: .atomic)
        Terminal.print("Wrote \(service.path)")
        Terminal.print("Wrote \(timer.path)")
        guard
          try UserSystemd.enableNow(
            ReminderUnits.timerName, starting: "the reminders", environment)
        else { return }
        Terminal.print("Enabled \(ReminderUnits.timerName): a drink that is due is a notification.")
      }
    }

    /// This very binary, by absolute path (not a test runner's or a symbolic link's).
    static func executablePath() -> String {
      let link = "/proc/self/exe"
      if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: link) {
        return resolved
      }
      return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }
  }

  struct RemindUninstall: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "uninstall", abstract: "Stop and remove the reminder timer.",
      discussion: """
        Example:
          liquidus remind uninstall
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let environment = CommandEnvironment.current.variables
        let running = UserSystemd.isRunning(environment)
        if running { UserSystemd.run(["disable", "--now", ReminderUnits.timerName], environment) }
        let folder = ReminderUnits.folder(environment)
        var removed = 0
        for name in [ReminderUnits.timerName, ReminderUnits.serviceName] {
          let url = folder.appendingPathComponent(name)
          guard FileManager.default.fileExists(atPath: url.path) else { continue }
          try FileManager.default.removeItem(at: url)
          Terminal.print("Removed \(url.path)")
          removed += 1
        }
        if running {
          UserSystemd.run(["daemon-reload"], environment)
        } else if removed > 0 {
          Terminal.print("Run `systemctl --user daemon-reload` where the timer was running.")
        }
        if removed == 0 { Terminal.print("No reminder timer was installed.") }
      }
    }
  }
}
