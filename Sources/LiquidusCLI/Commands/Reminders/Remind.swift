import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

extension Liquidus {
  struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remind",
      abstract: "Set up reminders that follow your last drink, and deliver them.",
      discussion: """
        A drink is due the longest wait after the last one (or after the waking window opens), \
        and already the shortest wait after it when you are behind pace. Outside the window \
        Liquidus never reminds; a window may cross midnight (--from 20:00 --until 04:00). \
        `remind tick` sends one desktop notification through notify-send when a drink is due; \
        `remind install` has a systemd user timer run it every five minutes. \
        `remind devices` lists the phones `liquidus serve` pushes reminders to.

        Options (of `remind settings`, which `remind` runs; without them it shows the settings):
          --every MIN[-MAX]     The wait after a drink, e.g. 90m or 60m-120m.
          --from HH:MM          When the waking window opens (default 08:00).
          --until HH:MM         When it closes (default 22:00).
          --mode after-drink|fixed
                                Count from the last drink, or a clock schedule.
          --on, --off           Turn reminders on or off.

        Examples:
          liquidus remind
          liquidus remind --every 60m-120m --from 08:00 --until 22:00
          liquidus remind --mode fixed --every 90m
          liquidus remind snooze 30m
          liquidus remind install
          liquidus remind devices
        """,
      subcommands: [
        RemindSettings.self, RemindTick.self, RemindSnooze.self, RemindInstall.self,
        RemindUninstall.self, RemindDevices.self,
      ],
      defaultSubcommand: RemindSettings.self)
  }
}

extension Liquidus.Remind {
  struct RemindSettings: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "settings",
      abstract: "Show or change the reminder settings (no options: show them).",
      discussion: """
        What `liquidus remind` runs when no other remind command is named.

        Examples:
          liquidus remind settings
          liquidus remind --every 60m-120m --from 08:00 --until 22:00
          liquidus remind --off
        """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "The wait after a drink: MIN-MAX or one value, e.g. 90m or 60m-120m.")
    var every: String?
    @Option(help: "When the waking window opens (HH:MM, default 08:00).") var from: String?
    @Option(help: "When it closes (HH:MM, default 22:00).") var until: String?
    @Option(help: "after-drink (counted from the last drink) or fixed (a clock schedule).")
    var mode: String?
    @Flag(help: "Turn reminders on.") var on = false
    @Flag(help: "Turn reminders off.") var off = false

    /// Every value is checked before anything is written, so a bad one changes nothing.
    func validate() throws {
      if on && off { throw ValidationError("Give --on or --off, not both.") }
    }

    func run() throws {
      try reportingFailures {
        let interval = try every.map { text throws(ReminderError) in
          try ReminderInterval.parseRange(text)
        }
        let opens = try from.map(Self.clock)
        let closes = try until.map(Self.clock)
        let chosenMode = try mode.map { text throws(ReminderError) in
          guard let mode = ReminderSettings.Mode(rawValue: text.lowercased()) else {
            throw ReminderError.unknownMode(text)
          }
          return mode
        }
        let live = try LiveEnvironment.open()
        let changed = try ChangeReminders().run(
          .init(
            interval: interval.map { $0.0...$0.1 }, from: opens, until: closes, mode: chosenMode,
            enabled: on ? true : off ? false : nil),
          in: live.call)
        Terminal.print(Self.describe(changed.settings))
        Terminal.print(
          DueText(state: changed.due, context: live.context, unit: live.settings.displayUnit)
            .render(remedies: Remedy.commandLine))
      }
    }

    static func clock(_ text: String) throws(ReminderError) -> WallClockTime {
      guard let time = WallClockTime(parsing: text) else {
        throw .unreadableClockTime(text)
      }
      return time
    }

    /// "Reminders on: every 60m-120m after the last drink, from 08:00 until 22:00."
    static func describe(_ settings: ReminderSettings) -> String {
      let how =
        settings.mode == .afterDrink
        ? "every \(settings.everyText) after the last drink (the shorter wait when behind pace)"
        : "every \(ReminderInterval.text(settings.maximumInterval)) on a fixed schedule"
      let window =
        "from \(settings.from) until \(settings.until)"
        + (settings.crossesMidnight ? " (across midnight)" : "")
      return "Reminders \(settings.isEnabled ? "on" : "off"): \(how), \(window)."
    }
  }
}
