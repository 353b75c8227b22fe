import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "config",
      abstract:
        "Show or set the display unit, the first day of the week, the clock and the caffeine model.",
      discussion: """
        Units: \(VolumeUnit.allCases.map(\.rawValue).joined(separator: ", ")), in any case and \
        with or without the space (floz); fl oz and cup are US sizes (29.57 mL, 236.59 mL). Bare \
        numbers in `log` and `goal` are read in the display unit.

        Examples:
          liquidus config
          liquidus config --unit floz
          liquidus config --first-weekday monday
          liquidus config --clock 24h
        """)

    @OptionGroup var global: GlobalOptions
    @Option(
      help: ArgumentHelp(
        "The unit amounts are shown in, and bare numbers read in.",
        valueName: "unit"))
    var unit: VolumeUnit?
    @Option(help: "sunday or monday (or any weekday).") var firstWeekday: String?
    @Option(help: "12h or 24h times everywhere, or auto for the locale's (12-hour in en_US).")
    var clock: String?
    @Option(help: "How fast the body clears caffeine, e.g. 5h (1h to 24h).")
    var caffeineHalfLife: String?
    @Option(help: "The most caffeine a day should hold, e.g. 400mg.") var caffeineLimit: String?
    @Option(help: "Below this much caffeine in the body sleep is undisturbed, e.g. 100mg.")
    var caffeineSleepLevel: String?

    /// `24-hour`, or `12-hour (the locale's)` when it follows the locale.
    static func clockWords(_ clock: ClockStyle?, locale: Locale) -> String {
      clock?.name ?? "\(ClockStyle.of(locale).name) (the locale's)"
    }

    /// A weekday that does not parse is a usage error (64), checked before anything opens.
    func validate() throws {
      if let firstWeekday, Weekday(parsing: firstWeekday) == nil {
        throw ValidationError("Unknown weekday '\(firstWeekday)'. Use e.g. sunday or monday.")
      }
      if let clock, clock.lowercased() != "auto", ClockStyle(parsing: clock) == nil {
        throw ValidationError("Unknown clock '\(clock)'. Use 12h, 24h or auto.")
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let settings = try ChangeSettings().run(
          .init(
            unit: unit, firstWeekday: firstWeekday.flatMap(Weekday.init(parsing:)),
            clock: clock.map {
              ClockStyle(parsing: $0).map(ChangeSettings.ClockChoice.always) ?? .locale
            },
            caffeineHalfLife: caffeineHalfLife, caffeineLimit: caffeineLimit,
            caffeineSleepLevel: caffeineSleepLevel),
          in: live.call)
        let formatter = VolumeFormatter(unit: settings.displayUnit, locale: live.context.locale)
        let weekday = Weekday(rawValue: settings.firstWeekday)?.name ?? "Sunday"
        Terminal.print(
          """
          Display unit:  \(settings.displayUnit.rawValue)
          First weekday: \(weekday)
          Clock:         \(Self.clockWords(settings.clock, locale: live.context.locale))
          Daily goal:    \(formatter.string(settings.dailyGoal))
          Caffeine:      half-life \(TypeListing.number(settings.caffeineHalfLifeHours)) h, \
          limit \(CaffeineText.milligrams(settings.caffeineLimitMg)) a day, \
          sleep level \(CaffeineText.milligrams(settings.caffeineSleepLevelMg))
          Database:      \(DatabaseFile.path(option: nil, environment: CommandEnvironment.current.variables))
          """)
      }
    }
  }
}

extension VolumeUnit: ExpressibleByArgument {
  public init?(argument: String) { self.init(parsing: argument) }
}
