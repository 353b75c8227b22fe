import ArgumentParser
import LiquidusModel
import LiquidusUseCases

extension Liquidus.Remind {
  /// `remind devices`: the phones that get reminders pushed to them by `liquidus serve`, and
  /// stopping one.
  struct RemindDevices: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "devices",
      abstract: "List the phones that get reminders from `liquidus serve`, or stop one.",
      discussion: """
        A phone is added from the page `liquidus serve` shows ("Remind me on this phone", in \
        Settings). Signing that browser out, or revoking its token, stops its reminders too.

        Examples:
          liquidus remind devices
          liquidus remind devices stop 3
        """,
      subcommands: [List.self, Stop.self],
      defaultSubcommand: List.self)

    struct List: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the phones: id, browser, since when, and the push service's host.",
        discussion: "Example:\n  liquidus remind devices list")
      @OptionGroup var global: GlobalOptions

      func run() throws {
        try reportingFailures {
          let live = try LiveEnvironment.open()
          let devices = try ListPushDevices().run(.init(), in: live.call)
          guard !devices.isEmpty else {
            Terminal.print(
              "No phone gets reminders yet. Open the page `liquidus serve` shows on the phone, "
                + "then Settings, \"Remind me on this phone\".")
            return
          }
          let rows = devices.map { device in
            [
              device.id.description, device.device,
              ClockText.describe(device.createdAt, in: live.context), device.endpointHost,
            ]
          }
          let header = ["ID", "Device", "Since", "Push service"]
          let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
          }
          for row in [header] + rows {
            let cells = row.indices.map { column in
              column == 0
                ? String(repeating: " ", count: widths[0] - row[0].count) + row[0]
                : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            Terminal.print(line)
          }
        }
      }
    }

    struct Stop: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop the reminders pushed to one phone, by its id.",
        discussion: "Example:\n  liquidus remind devices stop 3")
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The phone's id, as `liquidus remind devices` shows it.") var id: Int64

      func run() throws {
        try reportingFailures {
          let live = try LiveEnvironment.open()
          let stopped = try StopPush().run(.init(id: PushSubscription.ID(id)), in: live.call)
          Terminal.print(
            "Stopped the reminders to \(stopped.device) (\(id), since "
              + "\(ClockText.describe(stopped.createdAt, in: live.context))).")
        }
      }
    }
  }
}
