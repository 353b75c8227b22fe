import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

extension Liquidus.Types {
  struct MoveType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "move", abstract: "Move a drink type to a position in the list (1 is first).",
      discussion: "Example:\n  liquidus types move Tea 2")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The type's name.") var name: String
    @Argument(help: "The new position, from 1.") var position: Int

    func validate() throws {
      if position < 1 { throw ValidationError("Positions start at 1.") }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open(global)
        let order = try live.store.moveType(name, to: position)
        Terminal.print(order.map { "\($0.position). \($0.name)" }.joined(separator: "  "))
      }
    }
  }

  struct EnableType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "enable", abstract: "Offer a drink type for new entries again.",
      discussion: "Example:\n  liquidus types enable Juice")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The type's name.") var name: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open(global)
        let type = try live.store.setEnabled(true, ofType: name)
        Terminal.print("\(type.name) is enabled.")
      }
    }
  }

  struct DisableType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "disable",
      abstract: "Stop offering a drink type for new entries; its history stays in reports.",
      discussion: "Example:\n  liquidus types disable Juice")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The type's name.") var name: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open(global)
        let type = try live.store.setEnabled(false, ofType: name)
        Terminal.print("\(type.name) is disabled; its entries stay in every report.")
      }
    }
  }
}
