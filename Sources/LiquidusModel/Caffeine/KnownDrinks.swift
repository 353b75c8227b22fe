/// Caffeine and hydration of drinks people name, from published averages; a type added by one
/// of these names starts with its values, any other with none and a factor of 1.
///
/// Caffeine in mg per 100 mL: brewed coffee 40 (about 95 mg a cup; USDA FoodData Central,
/// EFSA 2015), espresso 212 (USDA), black tea 20, green tea 12 (USDA), yerba mate 33, energy
/// drinks 32 (a typical 80 mg in 250 mL), cola 10, decaf 1. Hydration factors from the beverage
/// hydration index (Maughan et al., Am J Clin Nutr 2016): milk and oral rehydration solution
/// are retained about 1.5 times as well as water.
public enum KnownDrinks {
  public static let coffee = 40.0
  public static let cola = 10.0

  /// Name (folded as ``DrinkType/nameKey(_:)`` folds) to caffeine per 100 mL and hydration.
  static let table: [String: (caffeine: Double, hydration: Double)] = [
    "water": (0, 1), "coffee": (coffee, 1), "soda": (cola, 1), "cola": (cola, 1),
    "juice": (0, 1), "espresso": (212, 1), "tea": (20, 1), "black tea": (20, 1),
    "green tea": (12, 1), "mate": (33, 1), "yerba mate": (33, 1), "energy drink": (32, 1),
    "decaf": (1, 1), "decaf coffee": (1, 1), "milk": (0, 1.5),
    "oral rehydration solution": (0, 1.5), "ors": (0, 1.5),
  ]

  /// The known values for `name`, if it names a known drink.
  public static func values(for name: String) -> (caffeine: Double, hydration: Double)? {
    table[DrinkType.nameKey(name).lowercased()]
  }
}
