/// Why a serving was refused. Nothing is stored when one is thrown.
public enum ServingError: LiquidusError, Equatable {
  /// No serving has this name (suggestion: the nearest one), and it is no amount either.
  case unknown(String, known: [String], suggestion: String?)
  /// The name is a drink type's: `log tea` must always mean the drink.
  case shadowsDrink(String)
  /// A serving without a drink of its own was given without a drink.
  case needsDrink(String)
  /// A name that cannot be a serving (empty, or with digits).
  case invalidName(String)
  /// A count of servings of zero or less.
  case badCount(String)

  public var description: String {
    switch self {
    case .unknown(let name, let known, let suggestion):
      "'\(name)' is neither an amount nor a serving"
        + (suggestion.map { ". Did you mean '\($0)'?" } ?? ".")
        + " Give an amount such as 250ml, or a serving: \(known.joined(separator: ", "))."
    case .shadowsDrink(let name):
      "'\(name)' is a drink type: a serving cannot have a drink's name. Choose another name."
    case .needsDrink(let name):
      "A \(name) holds any drink: say which, e.g. water \(name)."
    case .invalidName(let name):
      "'\(name)' cannot be a serving's name: use letters, e.g. mug or big bottle."
    case .badCount(let text):
      "'\(text)' is not a number of servings: give one or more, e.g. 2 glasses."
    }
  }
}
