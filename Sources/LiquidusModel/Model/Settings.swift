import Foundation

/// The person's preferences, stored in the database so every command agrees on them.
public struct Settings: Sendable, Hashable, Codable {
  /// The daily goal; a day whose total reaches it counts as a goal day.
  public var dailyGoal: Volume
  /// The unit amounts are shown in, and bare numbers are read in.
  public var displayUnit: VolumeUnit
  /// The first day of a week: 1 for Sunday, 2 for Monday, as `Calendar` counts.
  public var firstWeekday: Int

  /// Creates settings.
  public init(dailyGoal: Volume, displayUnit: VolumeUnit, firstWeekday: Int) {
    self.dailyGoal = dailyGoal
    self.displayUnit = displayUnit
    self.firstWeekday = firstWeekday
  }

  /// What a new database starts with: 2,000 mL a day, millilitres, weeks from Sunday.
  public static let defaults = Settings(
    dailyGoal: Volume(milliliters: 2000), displayUnit: .milliliters, firstWeekday: 1)
}

/// A day of the week as a person names it, for `config --first-weekday`.
public enum Weekday: Int, Sendable, CaseIterable {
  case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

  /// Reads `monday`, `Mon`, `mo` in any case.
  public init?(parsing text: String) {
    let key = text.lowercased()
    guard key.count >= 2,
      let match = Self.allCases.first(where: { "\($0)".hasPrefix(key) })
    else { return nil }
    self = match
  }

  /// The capitalised English name.
  public var name: String { "\(self)".capitalized }
}
