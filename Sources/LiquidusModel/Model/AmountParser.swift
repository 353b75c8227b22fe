import Foundation

/// Reads amounts as people type them: `250ml`, `250 mL`, `0.25l`, `1.5 L`, `33cl`, `5 dl`,
/// `8oz`, `8 fl oz`, `10 imp fl oz`, `1 cup`, `1.5cups`, `1 pint`, `1 uk pint`, or a bare number
/// in the display unit (sizes from ``UnitTable``).
///
/// Two slips are refused unless the person insists (`unlikely`), because both would record
/// something nobody drinks and count every later day wrong: a bare number below 10 where bare
/// numbers are millilitres (`goal 2.5`, `log water 1.5`: litres were meant), and an amount that
/// shows as nothing in the display unit (`0.01ml` would be listed as "0 mL").
///
/// Commas and points follow ``SeparatorRule``, the one rule for typed and imported numbers:
/// `0,5 l` and `1.25 l` are decimals, `1,500 ml` groups thousands in English and is refused as
/// ambiguous in German.
public struct AmountParser: Sendable {
  /// The unit a bare number is in.
  public var defaultUnit: VolumeUnit
  /// The locale's decimal separator, which decides what `1,500` means (see above).
  public var decimalSeparator: Character
  /// The smallest amount one entry may have: amounts are kept to 0.01 mL, and less than that
  /// (`1e-300ml`) is a typo that would only make totals and percentages misbehave.
  public static let smallest = Volume(milliliters: 0.01)
  /// The largest amount one entry may have without `--force`.
  public static let plausibleLimit = Volume(milliliters: 5000)
  /// The largest amount one entry may have at all: beyond it even `--force` is a typo.
  public static let absoluteLimit = Volume(milliliters: 20000)

  /// Creates a parser whose bare numbers are in `defaultUnit`, reading separators as people in
  /// `locale` write them.
  public init(defaultUnit: VolumeUnit, locale: Locale = Locale(identifier: "en_US")) {
    self.defaultUnit = defaultUnit
    decimalSeparator = locale.decimalSeparator?.first ?? "."
  }

  /// Parses `text` into a positive, finite volume.
  ///
  /// - Parameters:
  ///   - allowLarge: accept more than ``plausibleLimit`` (the `--force` flag).
  ///   - allowUnlikely: accept the slips above (also the `--force` flag); nil means the same as
  ///     `allowLarge`, so one insistence covers both.
  /// - Throws: ``AmountError`` saying what was wrong and which forms are accepted.
  public func parse(
    _ text: String, allowLarge: Bool = false, allowUnlikely: Bool? = nil
  ) throws(AmountError) -> Volume {
    let read = try parsePositive(text)
    let volume = try Self.check(read.volume, allowLarge: allowLarge)
    if !(allowUnlikely ?? allowLarge) { try refuseSlips(read, text: text) }
    return volume
  }

  /// The number bare numbers below which are taken for litres typed without their unit.
  public static let bareMillilitreMinimum = 10.0

  /// Throws for a bare number below 10 where bare numbers are millilitres.
  private func refuseBareLitres(_ read: Reading, text: String) throws(AmountError) {
    if read.bare, defaultUnit == .milliliters, read.value < Self.bareMillilitreMinimum {
      throw .probablyLitres(text, value: read.value)
    }
  }

  /// Throws for an amount that is probably a slip (see the type's description).
  private func refuseSlips(_ read: Reading, text: String) throws(AmountError) {
    try refuseBareLitres(read, text: text)
    let shown = read.volume.converted(to: defaultUnit)
    let scale = pow(10, Double(defaultUnit.fractionDigits))
    if (shown * scale).rounded() == 0 {
      throw .showsAsNothing(read.volume, unit: defaultUnit)
    }
  }

  /// `volume` when one entry may have it: at least ``smallest``, at most ``plausibleLimit``
  /// (``absoluteLimit`` with `allowLarge`). For amounts that arrive as numbers (an API's
  /// millilitres), held to the same limits as typed ones.
  /// - Throws: ``AmountError`` for a volume outside the limits, or not a positive number.
  public static func check(_ volume: Volume, allowLarge: Bool) throws(AmountError) -> Volume {
    guard volume.milliliters.isFinite else { throw .notFinite("\(volume.milliliters)") }
    guard volume.milliliters > 0 else { throw .notPositive("\(volume.milliliters)") }
    if volume < Self.smallest { throw .tooSmall(volume, minimum: Self.smallest) }
    if volume > Self.absoluteLimit {
      throw .tooLarge(volume, limit: Self.absoluteLimit)
    }
    if !allowLarge && volume > Self.plausibleLimit {
      throw .tooLarge(volume, limit: Self.plausibleLimit)
    }
    return volume
  }

  /// The smallest and largest daily goal: below a millilitre or above 20 L no person means it,
  /// and a goal near zero would make every percentage overflow.
  public static let goalRange = Volume(milliliters: 1)...Volume(milliliters: 20000)

  /// Parses `text` as a daily goal, within ``goalRange``.
  /// - Parameter allowUnlikely: accept a bare number below 10 millilitres (the `--force` flag).
  /// - Throws: ``AmountError``; ``AmountError/goalOutOfRange(_:range:)`` outside the range.
  public func parseGoal(_ text: String, allowUnlikely: Bool = false) throws(AmountError) -> Volume {
    let read: Reading
    do {
      read = try parsePositive(text)
    } catch .notPositive {
      // A goal of nothing is a goal question, not a drink question.
      throw .goalOutOfRange(.zero, range: Self.goalRange)
    }
    // Litres without their unit first: `0.5` is a goal of half a litre, not one below 1 mL.
    if !allowUnlikely { try refuseBareLitres(read, text: text) }
    let goal = read.volume
    guard Self.goalRange.contains(goal) else { throw .goalOutOfRange(goal, range: Self.goalRange) }
    if !allowUnlikely { try refuseSlips(read, text: text) }
    return goal
  }

  /// A positive volume as typed: its number, and whether it came without a unit.
  private struct Reading {
    var volume: Volume
    var value: Double
    var bare: Bool
  }

  /// A positive, finite volume, however large.
  private func parsePositive(_ text: String) throws(AmountError) -> Reading {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let numberEnd =
      trimmed.firstIndex { !($0.isNumber || "+-.,eE".contains($0)) } ?? trimmed.endIndex
    var numberText = String(trimmed[..<numberEnd])
    var unitText = String(trimmed[numberEnd...]).trimmingCharacters(in: .whitespaces)
    // "e" belongs to the number only as an exponent ("1e3ml"); otherwise it starts a unit.
    if numberText.lowercased().hasSuffix("e") {
      numberText.removeLast()
      unitText = "e" + unitText
    }
    let lowered = trimmed.lowercased()
    if ["nan", "inf", "infinity", "+inf", "-inf", "-infinity"].contains(lowered) {
      throw .notFinite(text)
    }
    guard let value = try number(from: numberText) else { throw .unreadable(text) }
    let unitMilliliters: Double
    if unitText.isEmpty {
      unitMilliliters = defaultUnit.milliliters
    } else if let named = UnitTable.typedUnitMilliliters(unitText) {
      unitMilliliters = named
    } else {
      throw .unreadable(text)
    }
    guard value.isFinite else { throw .notFinite(text) }
    guard value > 0 else { throw .notPositive(text) }
    let volume = Volume(milliliters: value * unitMilliliters)
    guard volume.milliliters.isFinite else { throw .notFinite(text) }
    return Reading(volume: volume, value: value, bare: unitText.isEmpty)
  }

  /// The number in `text` by ``SeparatorRule``; nil when it is not a number.
  private func number(from text: String) throws(AmountError) -> Double? {
    try SeparatorRule(decimalSeparator: decimalSeparator).number(from: text)
  }
}
