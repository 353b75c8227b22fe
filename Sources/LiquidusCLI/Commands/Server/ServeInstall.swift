import ArgumentParser
import Foundation

extension Liquidus.Serve {
  struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "install",
      abstract: "Install and start a systemd user service that runs the server.",
      discussion: """
        The service serves this database in this time zone with the options given, starts \
        at login and restarts on failure.

        Example:
          liquidus serve install --listen 127.0.0.1:8787
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: ServeOptions

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let environment = CommandEnvironment.current.variables
        let unit = ServeUnit(
          server: try ServerExecutable.locate(), database: live.databasePath,
          timeZone: environment["TZ"].flatMap { $0.isEmpty ? nil : $0 },
          arguments: options.arguments)
        let folder = ReminderUnits.folder(environment)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(ServeUnit.name)
        try Data(try unit.text.utf8).write(to: file, options: .atomic)
        Terminal.print("Wrote \(file.path)")
        guard try UserSystemd.enableNow(ServeUnit.name, starting: "the server", environment)
        else { return }
        Terminal.print("Started \(ServeUnit.name); `liquidus serve uninstall` stops it.")
      }
    }
  }

  struct Uninstall: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "uninstall", abstract: "Stop and remove the server's systemd user service.",
      discussion: "Example:\n  liquidus serve uninstall")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let environment = CommandEnvironment.current.variables
        let running = UserSystemd.isRunning(environment)
        if running { UserSystemd.run(["disable", "--now", ServeUnit.name], environment) }
        let file = ReminderUnits.folder(environment).appendingPathComponent(ServeUnit.name)
        guard FileManager.default.fileExists(atPath: file.path) else {
          Terminal.print("No server service was installed.")
          return
        }
        try FileManager.default.removeItem(at: file)
        Terminal.print("Removed \(file.path)")
        if running {
          UserSystemd.run(["daemon-reload"], environment)
        } else {
          Terminal.print("Run `systemctl --user daemon-reload` where the service was running.")
        }
      }
    }
  }
}
