import Foundation
import LiquidusModel

/// An amount as a front end received it: typed by a person (`250ml`, `8 fl oz`, `0,5 l`), or
/// already a number of millilitres (an API's `amountMl`).
public enum AmountInput: Sendable, Hashable {
  /// Words to read with the display unit and locale of the call.
  case text(String)
  /// An exact volume.
  case volume(Volume)
  /// A number of a serving, by its name (`mug`, `glasses`).
  case serving(String, count: Double)

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
    case .serving(let name, let count):
      try servings(count, name, in: context, allowLarge: allowLarge).volume
    }
  }

  /// The volume and, when it came from a serving, the serving as said (`2 glasses`). Words
  /// that are not an amount are read as a number of a serving (`mug`, `2 glasses`).
  /// - Throws: ``AmountError`` for an amount outside the limits, ``ServingError`` for words
  ///   that are neither an amount nor a serving.
  func volumeAndServing(in context: CallContext, allowLarge: Bool) throws -> (
    volume: Volume, serving: String?
  ) {
    switch self {
    case .text(let text):
      do {
        return (try volume(in: context, allowLarge: allowLarge), nil)
      } catch let error as AmountError {
        // A unit is an amount's mistake (`0 ml`), not a serving's.
        guard let (count, word) = Serving.countAndWord(text), VolumeUnit(parsing: word) == nil
        else { throw error }
        if try context.store.serving(named: word) == nil {
          // Words near no serving are an unreadable amount; a slip of a serving's name, or a
          // count of something, is an unknown serving.
          let unknown = try context.store.unknownServing(word)
          guard case .unknown(_, _, let suggestion) = unknown,
            suggestion != nil || text.first?.isNumber == true
          else { throw error }
          throw unknown
        }
        return try servings(count, word, in: context, allowLarge: allowLarge)
      }
    case .serving(let name, let count):
      return try servings(count, name, in: context, allowLarge: allowLarge)
    case .volume:
      return (try volume(in: context, allowLarge: allowLarge), nil)
    }
  }

  private func servings(_ count: Double, _ word: String, in context: CallContext, allowLarge: Bool)
    throws -> (volume: Volume, serving: String)
  {
    let number = count == count.rounded() && count.isFinite ? String(Int(count)) : String(count)
    guard count > 0, count.isFinite else { throw ServingError.badCount("\(number) \(word)") }
    guard let serving = try context.store.serving(named: word) else {
      throw try context.store.unknownServing(word)
    }
    let volume = try AmountParser.check(
      Volume(milliliters: serving.amount.milliliters * count), allowLarge: allowLarge)
    return (volume, "\(number) \(count == 1 ? serving.name : word)")
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
