/// Why a caffeine or hydration value was refused.
public enum CaffeineError: LiquidusError, Equatable {
  case unreadableContent(String)
  case contentTooHigh(String)
  case unreadableAmount(String)
  case amountTooHigh(String)
  case badHydrationFactor(String)
  case badHalfLife(String)
  case badLimit(String)

  public var description: String {
    switch self {
    case .unreadableContent(let text):
      "Cannot read the caffeine content '\(text)'. Write milligrams per volume, e.g. 40mg/100ml, "
        + "95mg/cup, 63mg/30ml or 80mg/8floz, or 0."
    case .contentTooHigh(let text):
      "'\(text)' is more than \(Int(CaffeineContent.maximum)) mg per 100 mL, which no drink has. "
        + "Check the numbers and the units."
    case .unreadableAmount(let text):
      "Cannot read the caffeine '\(text)'. Write milligrams such as 120mg (0 or more)."
    case .amountTooHigh(let text):
      "\(text) of caffeine at once is more than \(Int(CaffeineAmount.maximum)) mg, a dangerous "
        + "dose. Check the number."
    case .badHydrationFactor(let text):
      "The hydration factor '\(text)' is not a number from 0 to 2. Water is 1, milk 1.5."
    case .badHalfLife(let text):
      "The half-life '\(text)' is not a duration from 1h to 24h, e.g. 5h or 4h30m."
    case .badLimit(let text):
      "'\(text)' is not an amount of caffeine from 1mg to 2000mg, e.g. 400mg."
    }
  }
}
