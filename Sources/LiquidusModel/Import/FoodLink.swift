import Foundation

/// A drink and a caffeine record that one Apple Health Food correlation groups: the caffeine
/// belongs to the drink (a coffee logged with its caffeine), so it is not a second intake.
///
/// Both records also appear at the top level of the export, where they are imported as usual;
/// the link then finds them by what they say (instant and amount) and joins them.
public struct FoodLink: Sendable, Hashable {
  public var drinkInstant: Date
  public var milliliters: Double
  /// The app that wrote the drink record, as the drink keeps it (`drink.source_name`).
  public var drinkSource: String?
  public var caffeineInstant: Date
  public var milligrams: Double
  public var caffeineSource: String?

  public init(
    drinkInstant: Date, milliliters: Double, drinkSource: String?, caffeineInstant: Date,
    milligrams: Double, caffeineSource: String?
  ) {
    self.drinkSource = drinkSource
    self.drinkInstant = drinkInstant
    self.milliliters = milliliters
    self.caffeineInstant = caffeineInstant
    self.milligrams = milligrams
    self.caffeineSource = caffeineSource
  }
}
