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

    func change(in live: LiveEnvironment) throws -> String {
      guard case .moved(let order) = try live.change(type.name, .move(to: position))
      else { return "" }
      return order.map { "\($0.position). \($0.name)" }.joined(separator: "  ")
    }
  }

  struct EnableType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "enable", "Offer a drink type for new entries again.", example: "enable Juice")

    @OptionGroup var type: NamedType

    func change(in live: LiveEnvironment) throws -> String {
      guard case .enabled(let changed) = try live.change(type.name, .enable) else { return "" }
      guard changed.isArchived else { return "\(changed.name) is enabled." }
      // Enabled, but still deleted-with-history: say how to really bring it back.
      return "\(changed.name) is archived (it was deleted; its history is kept), so it is "
        + "still not offered for new entries. Bring it back with "
        + "`liquidus types add \(changed.name)`."
    }
  }

  struct DisableType: TypeChange {
    static let configuration = CommandConfiguration.typeChange(
      "disable", "Stop offering a drink type for new entries; its history stays in reports.",
      example: "disable Juice")

    @OptionGroup var type: NamedType

    func change(in live: LiveEnvironment) throws -> String {
      guard case .disabled(let changed) = try live.change(type.name, .disable) else { return "" }
      return "\(changed.name) is disabled; its entries stay in every report."
    }
  }
}
