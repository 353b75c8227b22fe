import ArgumentParser
import LiquidusModel
import LiquidusStore
import LiquidusUseCases

extension Liquidus.Types {
  struct AddType: TypeChange {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a drink type (or bring back an archived one of that name).",
      discussion: """
        Names are unique regardless of case. Without --color the next unused colour of a \
        colour-blind-safe palette is chosen.

        Example:
          liquidus types add Tea --color "#009E73"
        """)

    @OptionGroup var type: NamedType
    @Option(help: "A colour as #RRGGBB.") var color: HexColor?

    func change(in live: LiveEnvironment) throws -> String {
      guard case .added(let added, let restored) = try live.change(type.name, .add(color: color))
      else { return "" }
      return restored
        ? "Restored \(added.name) from the archive, with its history."
        : "Added \(added.name) (\(added.color.hex)) at position \(added.position)."
    }
  }

  struct RenameType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "rename", "Rename a drink type; its entries follow.", example: "rename Soda Cola")

    @OptionGroup var type: NamedType
    @Argument(help: "The new name.") var newName: String

    func change(in live: LiveEnvironment) throws -> String {
      guard case .renamed(let renamed) = try live.change(type.name, .rename(to: newName))
      else { return "" }
      return "Renamed \(type.name) to \(renamed.name)."
    }
  }

  struct ColorType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "color", "Change a drink type's chart colour.", example: "color Tea \"#56B4E9\"")

    @OptionGroup var type: NamedType
    @Argument(help: "A colour as #RRGGBB.") var color: HexColor

    func change(in live: LiveEnvironment) throws -> String {
      guard case .recolored(let changed) = try live.change(type.name, .color(color))
      else { return "" }
      return "\(changed.name) is now \(changed.color.hex)."
    }
  }
}

extension HexColor: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}
