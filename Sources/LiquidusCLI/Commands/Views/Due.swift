import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "due",
      abstract: "Show when the next drink is due, and why.",
      discussion: """
        The next drink is due the longest wait of `liquidus remind --every` after the last \
        drink, and sooner when you fall behind pace (the goal spread evenly over the waking \
        window), but never before the shortest wait. Nothing is due in quiet hours or once the \
        goal is reached. JSON has now, lastDrinkAt, nextDueAt, overdueMinutes, intake, \
        expected, behind (negative when ahead), quiet, goalMet and the settings; times in ISO \
        8601 with the offset, amounts in millilitres.

        Examples:
          liquidus due
          liquidus due --format json
        """)

    enum DueFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var global: GlobalOptions
    @Option(help: "For people (text) or for scripts (json).") var format: DueFormat = .text

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let due = try ShowDue().run(.init(), in: live.call)
        switch format {
        case .text:
          Terminal.print(
            DueText(state: due.state, context: due.calendar, unit: due.unit).render(
              remedies: Remedy.commandLine))
        case .json:
          Terminal.print(
            try JSONText.encode(due.state.json(timeZone: due.calendar.timeZone), layout: .pretty),
            raw: true)
        }
      }
    }
  }
}
