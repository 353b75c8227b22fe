import ArgumentParser
import LiquidusStore
import LiquidusUseCases

extension Liquidus.Types {
  struct MoveType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "move", "Move a drink type to a position in the list (1 is first).", example: "move Tea 2")

    @OptionGroup var type: NamedType
    @Argument(help: "The new position, from 1.") var position: Int

    func validate() throws {
      if position < 1 { throw ValidationError("Positions start at 1.") }
    }

    var change: ChangeDrinkType.Change { .move(to: position) }
  }

  struct EnableType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "enable", "Offer a drink type for new entries again.", example: "enable Juice")

    @OptionGroup var type: NamedType

    var change: ChangeDrinkType.Change { .enable }
  }

  struct DisableType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "disable", "Stop offering a drink type for new entries; its history stays in reports.",
      example: "disable Juice")

    @OptionGroup var type: NamedType

    var change: ChangeDrinkType.Change { .disable }
  }
}
