import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

extension Liquidus.Types {
  struct AddType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a drink type (or bring back an archived one of that name).",
      discussion: """
        Without --color the next unused colour of a colour-blind-safe palette is chosen.

        Example:
          liquidus types add Tea --color "#009E73"
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The name, unique regardless of case.") var name: String
    @Option(help: "A colour as #RRGGBB.") var color: HexColor?

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open(global)
        let (type, restored) = try live.store.addType(named: name, color: color)
        Terminal.print(
          restored
            ? "Restored \(type.name) from the archive, with its history."
            : "Added \(type.name) (\(type.color.hex)) at position \(type.position).")
      }
    }
  }

  struct RenameType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rename", abstract: "Rename a drink type; its entries follow.",
      discussion: "Example:\n  liquidus types rename Soda Cola")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The current name.") var name: String
    @Argument(help: "The new name.") var newName: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open(global)
        let type = try live.store.renameType(name, to: newName)
        Terminal.print("Renamed \(name) to \(type.name).")
      }
    }
  }

  struct ColorType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "color", abstract: "Change a drink type's chart colour.",
      discussion: "Example:\n  liquidus types color Tea \"#56B4E9\"")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The type's name.") var name: String
    @Argument(help: "A colour as #RRGGBB.") var color: HexColor

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open(global)
        let type = try live.store.setColor(color, ofType: name)
        Terminal.print("\(type.name) is now \(type.color.hex).")
      }
    }
  }
}

extension HexColor: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}
