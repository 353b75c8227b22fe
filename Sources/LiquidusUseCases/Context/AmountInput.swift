import Foundation
import LiquidusModel

/// An amount as a front end received it: typed by a person (`250ml`, `8 fl oz`, `0,5 l`), or
/// already a number of millilitres (an API's `amountMl`).
public enum AmountInput: Sendable, Hashable {
  /// Words to read with the display unit and locale of the call.
  case text(String)
  /// An exact volume.
  case volume(Volume)

  /// The volume, read as the command line reads it; `allowLarge` lifts the 5 L entry limit
  /// to 20 L.
  /// - Throws: ``AmountError`` for what cannot be read or lies outside the limits.
  func volume(in context: CallContext, allowLarge: Bool) throws -> Volume {
    switch self {
    case .text(let text):
      try AmountParser(defaultUnit: context.settings.displayUnit, locale: context.calendar.locale)
        .parse(text, allowLarge: allowLarge)
    case .volume(let volume):
      try AmountParser.check(volume, allowLarge: allowLarge)
    }
  }
}

/// A time as a front end received it: words (`07:30`, `yesterday 21:00`, `15m ago`), or an
/// instant.
public enum TimeInput: Sendable, Hashable {
  /// Words to read in the call's calendar.
  case text(String)
  /// An exact instant.
  case instant(Date)

  /// The instant meant.
  /// - Throws: ``TimeExpressionError`` for words that are not a time.
  func instant(in context: CallContext) throws -> Date {
    switch self {
    case .text(let text): try TimeExpression.parse(text, in: context.calendar)
    case .instant(let date): date
    }
  }
}

/// An entry's own caffeine as a front end received it: words (`120mg`) or milligrams.
public enum CaffeineInput: Sendable, Hashable {
  /// Words such as `120mg` or `0`.
  case text(String)
  /// Milligrams.
  case milligrams(Double)

  /// The milligrams meant.
  /// - Throws: ``CaffeineError`` for what cannot be read or lies outside the limits.
  func milligrams() throws -> Double {
    switch self {
    case .text(let text): try CaffeineAmount.parse(text)
    case .milligrams(let value): try CaffeineAmount.check(value, as: "\(value) mg")
    }
  }
}
