import Foundation

/// Why a period expression such as `last-week` or `2026-H1` could not be read.
public enum PeriodExpressionError: LocalizedError, Equatable, Sendable {
  /// Nothing was given.
  case empty
  /// The text matches no accepted form.
  case unknown(String)
  /// A date that is not zero-padded and so could mean two things (`2026-11-1`).
  case ambiguous(String, suggestions: [String])
  /// A month number outside 01...12 (`2026-13`).
  case impossibleMonth(String)
  /// A day the month does not have (`2026-02-30`).
  case impossibleDay(String, daysInMonth: Int)
  /// The period, or the step from it, lies outside the years 0001...9999.
  case outOfRange(String)
  /// A `--from`/`--to` bound that is not a `YYYY-MM-DD` day.
  case notADay(String)
  /// A custom range longer than a view that lays out each of its days takes
  /// (``longestLaidOutYears``).
  case tooLongToLayOut(from: String, to: String, years: Int)
  /// A custom range whose end lies before its start.
  case rangeEndsBeforeStart(from: String, to: String)

  /// The longest range a summary, report or caffeine view takes: they lay out every day of
  /// it, so a range to 9999-12-31 ran past a minute; a century holds any person's records.
  public static let longestLaidOutYears = 100

  /// Every accepted form, with examples, for the end of each message.
  public static let acceptedForms =
    "Accepted: today, yesterday, week, last-week, month, last-month, half-year, year, last-year, "
    + "2026-11-20, 2026-11, 2026-H1, 2026-H2, 2026, week:2026-11-20, "
    + "and a step like week-1 or month+2."

  public var errorDescription: String? {
    switch self {
    case .empty:
      "No period given. \(Self.acceptedForms)"
    case .unknown(let text):
      "Unknown period '\(text)'. \(Self.acceptedForms)"
    case .ambiguous(let text, let suggestions):
      "'\(text)' is ambiguous: write dates zero-padded, e.g. "
        + "\(suggestions.joined(separator: " or ")). \(Self.acceptedForms)"
    case .impossibleMonth(let text):
      "'\(text)' is not a month: months run from 01 to 12. \(Self.acceptedForms)"
    case .impossibleDay(let text, let days):
      "'\(text)' is not a date: that month has \(days) days. \(Self.acceptedForms)"
    case .outOfRange(let text):
      "'\(text)' lies outside the years 0001 to 9999. \(Self.acceptedForms)"
    case .notADay(let text):
      "'\(text)' is not a day: give a range bound as YYYY-MM-DD, e.g. 2026-11-20."
    case .tooLongToLayOut(let from, let to, let years):
      "\(from) to \(to) spans \(Self.grouped(years)) years; a summary, report or caffeine view"
        + " covers at most \(Self.longestLaidOutYears) years. Choose a shorter range."
    case .rangeEndsBeforeStart(let from, let to):
      "The range ends (\(to)) before it starts (\(from))."
    }
  }

  /// `7,974`: thousands grouped as the rest of the command line's messages group them.
  private static func grouped(_ number: Int) -> String {
    let digits = String(number)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }
}
