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
    @Option(help: "A colour as #RRGGBB or a CSS name such as teal.") var color: HexColor?

    var change: ChangeDrinkType.Change { .add(color: color) }
  }

  struct RenameType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "rename", "Rename a drink type; its entries follow.", example: "rename Soda Cola")

    @OptionGroup var type: NamedType
    @Argument(help: "The new name.") var newName: String

    var change: ChangeDrinkType.Change { .rename(to: newName) }
  }

  struct ColorType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "color", "Change a drink type's chart colour.", example: "color Tea \"#56B4E9\"")

    @OptionGroup var type: NamedType
    @Argument(help: "A colour as #RRGGBB or a CSS name such as teal.") var color: HexColor

    var change: ChangeDrinkType.Change { .color(color) }
  }
}

extension HexColor: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}
