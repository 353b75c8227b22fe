import ArgumentParser
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

extension Liquidus.Goal {
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "suggest",
      abstract: "Suggest a daily goal from reference values, with the arithmetic.",
      discussion: """
        EFSA 2010: adequate intake of total water (food and drinks) 2.0 L for women, 2.5 L \
        for men, +300 mL pregnant, +700 mL breastfeeding; drinks supply about 80%. US NASEM \
        2004: 2.7 L / 3.7 L total, about 2.2 L / 3.0 L from drinks. By weight: 30-35 mL/kg \
        (25 mL/kg over 75). Never more than 4 L nor less than 1 L a day. A figure from your \
        doctor wins over all of these.

        Examples:
          liquidus goal suggest --sex female
          liquidus goal suggest --weight 70kg --sex male --age 40
          liquidus goal suggest --weight 154lb --pregnant --set efsa
        """)

    enum SexOption: String, ExpressibleByArgument, CaseIterable { case female, male }
    enum SourceOption: String, ExpressibleByArgument, CaseIterable { case efsa, nasem, weight }

    @OptionGroup var global: GlobalOptions
    @Option(help: "Your weight, e.g. 70kg or 154lb (20-300 kg).") var weight: String?
    @Option(help: "female or male: the reference values differ.") var sex: SexOption?
    @Option(help: "Your age in years (over 75: 25 mL/kg).") var age: Int?
    @Flag(help: "Pregnant: EFSA +300 mL.") var pregnant = false
    @Flag(help: "Breastfeeding: EFSA +700 mL.") var breastfeeding = false
    @Option(help: "Adopt one figure as the goal from today: efsa, nasem or weight.")
    var set: SourceOption?

    func validate() throws {
      if pregnant && breastfeeding {
        throw ValidationError("Give --pregnant or --breastfeeding, not both.")
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let view = try SuggestGoal().run(
          .init(
            weight: weight, sex: sex.flatMap { GoalSuggestion.Sex(rawValue: $0.rawValue) },
            age: age, stage: pregnant ? .pregnant : breastfeeding ? .breastfeeding : .none,
            adopt: set.flatMap { GoalSuggestion.Source(rawValue: $0.rawValue) }), in: live.call)
        Terminal.print(
          GoalSuggestionText(
            suggestion: view.suggestion, unit: view.unit, locale: live.context.locale
          )
          .render())
        let formatter = VolumeFormatter(unit: view.unit, locale: live.context.locale)
        if let adopted = view.adopted {
          Terminal.print("Daily goal set to \(formatter.string(adopted.drinks)).")
        } else {
          Terminal.print("Adopt one with --set efsa, --set nasem or --set weight.")
        }
      }
    }
  }
}

extension GoalSuggestionError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .missing(.weight): description + " Add --weight."
    case .missing: description + " Add --sex female or --sex male."
    case .weightOutOfRange, .unreadableWeight: description + " Give it with --weight."
    case .ageOutOfRange, .stageNeedsFemale: description
    }
  }
}
