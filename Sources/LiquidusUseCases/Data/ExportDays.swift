import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Every local day of a range as one row (`export --daily`): what a study pools.
///
/// The range is the period asked for, or from the day of the first entry to today; either end
/// may be given alone (`--from`, `--to`). Days after today are not written: they have no data
/// yet, and a row of zeros would say they had. Without a period, a database without entries
/// writes no day; with one, its days are rows of zeros, because a participant who logged
/// nothing in a study's window must show as such.
public struct ExportDays: UseCase {
  public init() {}

  /// What to write, and where.
  public struct Request: Sendable {
    public var period: PeriodSelection
    /// Whether to hand on each day's by-drink rows.
    public var byDrink: Bool
    /// Takes each day as it is added up, so memory stays flat however many entries.
    public var write: @Sendable (DayRow, [DrinkDayRow]) throws -> Void

    public init(
      period: PeriodSelection, byDrink: Bool = false,
      write: @escaping @Sendable (DayRow, [DrinkDayRow]) throws -> Void
    ) {
      self.period = period
      self.byDrink = byDrink
      self.write = write
    }
  }

  /// How many days were written, and the entries that could not be read (left out: the front
  /// end must say that the table is incomplete).
  public struct View: Sendable {
    public var days: Int
    public var damaged: [StoreError]
  }

  /// The longest range laid out, in years: a typo of `--from 0026-01-01` must not write
  /// seven hundred thousand rows.
  public static let longestYears = PeriodExpressionError.longestLaidOutYears

  public func run(_ request: Request, in context: CallContext) throws -> View {
    guard let range = try range(request.period, in: context) else {
      return View(days: 0, damaged: [])
    }
    var damaged: [StoreError] = []
    let days = try DailyTable(store: context.store, context: context.calendar).rows(
      from: range.start, through: range.end, byDrink: request.byDrink,
      damaged: { damaged.append($0) }, request.write)
    return View(days: days, damaged: damaged)
  }

  /// The first and last instant whose days are written; nil when there are none.
  /// - Throws: ``PeriodExpressionError`` for words that are not a period or a day, a reversed
  ///   range, or a range over ``longestYears``.
  func range(_ selection: PeriodSelection, in context: CallContext) throws -> DateInterval? {
    let calendar = context.calendar
    let now = calendar.now
    var first: Date?
    var last = now
    if selection.from != nil || selection.to != nil {
      if let from = selection.from { first = try PeriodSelection.day(from, in: calendar).start }
      if let to = selection.to {
        last = min(last, try PeriodSelection.day(to, in: calendar).end - 1)
      }
      if let from = selection.from, let to = selection.to {
        _ = try PeriodExpression.range(from: from, to: to, in: calendar)  // reversed: refused
      }
    } else if (selection.expression ?? selection.defaultExpression).lowercased() != "all" {
      let interval = try selection.resolve(in: calendar).interval
      first = interval.start
      last = min(last, interval.end - 1)
    }
    guard let start = try first ?? context.store.firstIntakeInstant(), start <= last else {
      return nil
    }
    // A century to the day: the day 100 years after the first must not be in the range.
    let firstDay = calendar.calendar.startOfDay(for: start)
    if let century = calendar.calendar.date(
      byAdding: .year, value: Self.longestYears, to: firstDay),
      century <= last
    {
      throw PeriodExpressionError.tooLongToLayOut(
        from: selection.from ?? ClockText.localDate(start, calendar: calendar.calendar),
        to: selection.to ?? ClockText.localDate(last, calendar: calendar.calendar),
        years: Self.longestYears)
    }
    return DateInterval(start: start, end: last)
  }
}
