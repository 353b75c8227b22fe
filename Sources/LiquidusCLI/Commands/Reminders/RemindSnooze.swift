import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusUseCases

extension Liquidus.Remind {
  struct RemindSnooze: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "snooze",
      abstract: "Hold reminders for a while (e.g. 30m); `snooze off` ends a snooze.",
      discussion: """
        A drink logged moves the next reminder anyway.

        Examples:
          liquidus remind snooze 30m
          liquidus remind snooze 2 hours
          liquidus remind snooze off
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "How long, e.g. 30m or 1h; or off.") var duration: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        guard let until = try SnoozeReminders().run(.init(length: duration), in: live.call) else {
          Terminal.print("Snooze ended.")
          return
        }
        Terminal.print(
          "Reminders snoozed until \(ClockText.describe(until, in: live.context)).")
      }
    }
  }
}
