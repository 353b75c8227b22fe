import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

extension Liquidus {
  struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "config",
      abstract: "Show or set the display unit and the first day of the week.",
      discussion: """
        Units: \(VolumeUnit.allCases.map(\.rawValue).joined(separator: ", ")), in any case and \
        with or without the space (floz); fl oz and cup are US sizes (29.57 mL, 236.59 mL). Bare \
        numbers in `log` and `goal` are read in the display unit.

        Examples:
          liquidus config
          liquidus config --unit floz
          liquidus config --first-weekday monday
        """)

    @OptionGroup var global: GlobalOptions
    @Option(
      help: ArgumentHelp(
        "The unit amounts are shown in, and bare numbers read in.",
        valueName: "unit"))
    var unit: VolumeUnit?
    @Option(help: "sunday or monday (or any weekday).") var firstWeekday: String?

    /// A weekday that does not parse is a usage error (64), checked before anything opens.
    func validate() throws {
      if let firstWeekday, Weekday(parsing: firstWeekday) == nil {
        throw ValidationError("Unknown weekday '\(firstWeekday)'. Use e.g. sunday or monday.")
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        var settings = live.settings
        if unit != nil || firstWeekday != nil {
          let weekday = firstWeekday.flatMap(Weekday.init(parsing:))
          settings = try live.store.updateSettings { settings in
            if let unit { settings.displayUnit = unit }
            if let weekday { settings.firstWeekday = weekday.rawValue }
          }
        }
        let formatter = VolumeFormatter(unit: settings.displayUnit, locale: live.context.locale)
        let weekday = Weekday(rawValue: settings.firstWeekday)?.name ?? "Sunday"
        Terminal.print(
          """
          Display unit:  \(settings.displayUnit.rawValue)
          First weekday: \(weekday)
          Daily goal:    \(formatter.string(settings.dailyGoal))
          Database:      \(DatabaseFile.path(option: nil, environment: CommandEnvironment.current.variables))
          """)
      }
    }
  }
}

extension VolumeUnit: ExpressibleByArgument {
  public init?(argument: String) { self.init(parsing: argument) }
}
