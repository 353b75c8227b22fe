/// The kind of calendar period a ``Period`` value holds.
///
/// The raw values are stable: they appear in JSON output (`"period": {"kind": "halfYear"}`).
public enum PeriodKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// One local wall-clock hour (a ``Hour``).
  case hour
  /// One local calendar day (a ``Day``).
  case day
  /// One local week starting on the calendar's first weekday (a ``Week``).
  case week
  /// One local calendar month (a ``Month``).
  case month
  /// Six calendar months ending with a reference month (a ``HalfYear``).
  case halfYear
  /// Twelve calendar months ending with a reference month (a ``Year``).
  case year
  /// A custom inclusive range of whole local days (a ``DayRange``).
  case range
}
