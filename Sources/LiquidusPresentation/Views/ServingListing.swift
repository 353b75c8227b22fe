import Foundation
import LiquidusModel

/// `servings`: each serving with what it holds and the drink it logs alone.
public struct ServingListing: Sendable {
  public var servings: [Serving]
  public var unit: VolumeUnit

  public init(servings: [Serving], unit: VolumeUnit) {
    self.servings = servings
    self.unit = unit
  }

  /// `Serving  Amount  Drink` rows, smallest first.
  public func table(locale: Locale) -> String {
    let formatter = VolumeFormatter(unit: unit, locale: locale)
    var table = TextTable(
      header: ["Serving", "Amount", "Drink"], alignments: [.left, .right, .left])
    table.rows = servings.map {
      [$0.name, formatter.string($0.amount), $0.drinkName ?? "any"]
    }
    return table.render()
  }
}
