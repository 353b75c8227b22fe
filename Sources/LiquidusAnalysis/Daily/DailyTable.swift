import Foundation
import LiquidusModel
import LiquidusStore

/// Every local day of a range as a ``DayRow`` (and, when asked, its ``DrinkDayRow``s): what
/// `export --daily` writes.
///
/// Three reads, none of which keeps entries: the drinks' sources in the table's own order
/// (counted per day), the caffeine of the evening before the range (where the first day's
/// caffeine curve starts), then every drink and caffeine record of the range in time order
/// from the time index, each day added up and handed on as soon as the next begins. Memory
/// follows the number of days, never the number of entries. Each figure is the one `status`,
/// `summary` and `caffeine` show for that day: the same goals in time (exercise applied), the
/// same hydration factors, the same caffeine model.
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

  /// The local days from the one containing `first` through the one containing `last`.
  public func days(from first: Date, through last: Date) -> [DateInterval] {
    var days: [DateInterval] = []
    var day = context.dayInterval(containing: first)
    let end = context.dayInterval(containing: last).end
    while day.start < end {
      days.append(day)
      day = context.dayInterval(containing: day.end)
    }
    return days
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
    let days = days(from: first, through: last)
    guard let firstDay = days.first, let lastDay = days.last else { return 0 }
    let range = DateInterval(start: firstDay.start, end: lastDay.end)
    let settings = try store.settings()
    let types = TypeFacts(try store.allTypes())
    let caffeineBody = CaffeineBody(halfLifeHours: settings.caffeineHalfLifeHours)
    var goals = settings.goals.boundaries(in: context)
    let exercise = try store.exerciseByDay(in: context, within: range)
    // Set whatever the goal: the minutes are a column of their own, and a target without a
    // per-workout allowance ignores them.
    goals.exercise = exercise

    let sources = try sources(of: days, in: range)
    var caffeine = try caffeineBefore(range, body: caffeineBody)
    for error in try store.unplacedEntries() { damaged(error) }

    var index = 0
    func tally(_ index: Int) -> DayTally {
      let interval = days[index]
      return DayTally(
        clock: DayClock(interval, zone: context.timeZone),
        date: context.localDate(of: interval.start).description,
        target: goals.target(at: interval.start), exercise: exercise[interval.start],
        now: context.now)
    }
    func finish(_ tally: DayTally) throws {
      let row = tally.finished(
        sources: sources[index], body: caffeineBody, sleepLevel: settings.caffeineSleepLevelMg)
      try body(row, byDrink ? tally.drinkRows(order: types.order) : [])
    }

    var current = tally(0)
    try store.forEachIntake(in: range, damaged: damaged) { intake in
      if intake.caffeine > 0 { caffeine.take(intake, body: caffeineBody) }
      while intake.milliseconds >= current.clock.end {
        try finish(current)
        index += 1
        current = tally(index)
      }
      current.add(intake, types: types, inBody: caffeine.milligrams, byDrink: byDrink)
    }
    try finish(current)
    while index + 1 < days.count {
      index += 1
      current = tally(index)
      try finish(current)
    }
    return days.count
  }

  /// Where each day's drinks came from, read in one pass over the table.
  private func sources(of days: [DateInterval], in range: DateInterval) throws -> [DaySources] {
    let starts = days.map { $0.start.millisecondsSince1970 }
    var sources = [DaySources](repeating: DaySources(), count: days.count)
    try store.forEachDrinkSource(in: range) { milliseconds, isTyped, source in
      // The last day that starts at or before the drink: a binary search of the starts.
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= milliseconds { low = middle } else { high = middle - 1 }
      }
      sources[low].add(isTyped: isTyped, source: source)
    }
    return sources
  }

  /// The caffeine in the body as the range begins: what the intakes of the look-back before
  /// it left. Their damaged rows are not this table's to name.
  private func caffeineBefore(_ range: DateInterval, body: CaffeineBody) throws -> BodyCaffeine {
    var caffeine = BodyCaffeine()
    let lookback = DateInterval(
      start: range.start.addingTimeInterval(-body.lookback), end: range.start)
    try store.forEachIntake(in: lookback, caffeineOnly: true) { intake in
      caffeine.take(intake, body: body)
    }
    return caffeine
  }
}

/// The modelled caffeine in the body just after the newest intake taken: the sum of every
/// intake decayed to that moment, kept as one number since the decay is one exponential.
struct BodyCaffeine {
  private(set) var milliseconds = Int64.min
  private(set) var milligrams = 0.0

  mutating func take(_ intake: IntakeRow, body: CaffeineBody) {
    let elapsed =
      milliseconds == .min ? 0 : Double(intake.milliseconds - milliseconds) / 1000
    milligrams = body.decayed(milligrams, over: elapsed) + intake.caffeine
    milliseconds = intake.milliseconds
  }
}
