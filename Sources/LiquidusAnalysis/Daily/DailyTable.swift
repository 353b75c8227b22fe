import Foundation
import LiquidusModel
import LiquidusStore

/// Every local day of a range as a ``DayRow`` (and, when asked, its ``DrinkDayRow``s), in one
/// pass over the entries in time order: what `export --daily` writes.
///
/// Memory follows the days being added up, one at a time, never the number of entries, so a
/// year of a million entries costs what a week does apart from the reading. Each figure is the
/// one `status`, `summary` and `caffeine` show for that day: the same goals in time (exercise
/// applied), the same hydration factors, the same caffeine model.
///
/// ```swift
/// try DailyTable(store: store, context: context).rows(from: first, through: last) { day, _ in
///   print(day.date, day.total)
/// }
/// ```
public struct DailyTable: Sendable {
  public let store: DrinkStore
  public let context: CalendarContext

  public init(store: DrinkStore, context: CalendarContext) {
    self.store = store
    self.context = context
  }

  /// The local day containing `instant`, as the table lays days out.
  public func day(containing instant: Date) -> DateInterval {
    context.dayInterval(containing: instant)
  }

  /// Calls `body` with each local day from the one containing `first` through the one
  /// containing `last`, oldest first, each with its by-drink rows when `byDrink` is set.
  ///
  /// - Parameter damaged: told of each entry that cannot be read, which is left out.
  /// - Returns: How many days were written.
  @discardableResult
  public func rows(
    from first: Date, through last: Date, byDrink: Bool = false,
    damaged: (StoreError) -> Void = { _ in },
    _ body: (DayRow, [DrinkDayRow]) throws -> Void
  ) throws -> Int {
    let settings = try store.settings()
    let types = TypeFacts(try store.allTypes())
    let caffeineBody = CaffeineBody(halfLifeHours: settings.caffeineHalfLifeHours)
    let firstDay = day(containing: first)
    let lastDay = day(containing: last)
    guard firstDay.start <= lastDay.start else { return 0 }
    let range = DateInterval(start: firstDay.start, end: lastDay.end)
    var goals = settings.goals.boundaries(in: context)
    let exercise = try store.exerciseByDay(in: context, within: range)
    // Set whatever the goal: the minutes are a column of their own, and a target without a
    // per-workout allowance ignores them.
    goals.exercise = exercise

    var days = 0
    func tally(of interval: DateInterval) -> DayTally {
      DayTally(
        clock: DayClock(interval, zone: context.timeZone),
        date: context.localDate(of: interval.start).description,
        target: goals.target(at: interval.start), exercise: exercise[interval.start],
        now: context.now)
    }
    func finish(_ tally: DayTally) throws {
      let row = tally.finished(body: caffeineBody, sleepLevel: settings.caffeineSleepLevelMg)
      try body(row, byDrink ? tally.drinkRows(order: types.order) : [])
      days += 1
    }

    var current = tally(of: firstDay)
    // The caffeine in the body just after the newest intake read, from the evening before the
    // range on, so that the first day's curve starts with what was left.
    var inBody = (milliseconds: Int64.min, milligrams: 0.0)
    let read = DateInterval(
      start: range.start.addingTimeInterval(-caffeineBody.lookback), end: range.end)
    try store.forEachIntake(in: read, damaged: damaged) { intake in
      if intake.caffeine > 0 {
        let elapsed =
          inBody.milliseconds == .min ? 0 : Double(intake.milliseconds - inBody.milliseconds) / 1000
        inBody = (
          intake.milliseconds,
          caffeineBody.decayed(inBody.milligrams, over: elapsed) + intake.caffeine
        )
      }
      guard intake.milliseconds >= current.clock.start else { return }
      while intake.milliseconds >= current.clock.end {
        try finish(current)
        current = tally(of: day(containing: Date(milliseconds: current.clock.end)))
      }
      current.add(intake, types: types, inBody: inBody.milligrams)
    }
    while true {
      try finish(current)
      guard current.clock.end < range.end.millisecondsSince1970 else { break }
      current = tally(of: day(containing: Date(milliseconds: current.clock.end)))
    }
    return days
  }
}

extension Date {
  fileprivate init(milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}
