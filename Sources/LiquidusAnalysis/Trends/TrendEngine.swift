import Foundation
import LiquidusModel
import LiquidusStore

/// Turns entries into a ``TrendReport`` for any period and any set of drink types.
///
/// The work is one indexed range query per local unit (hours for a day, days otherwise); buckets,
/// goal days, streaks and averages are then computed from those totals in memory. Archived and
/// disabled types count like any other: they are history.
public struct TrendEngine: Sendable {
  /// Where entries live.
  public let store: DrinkStore

  /// Creates an engine over `store`.
  public init(store: DrinkStore) {
    self.store = store
  }

  /// The report for `period`.
  /// - Parameters:
  ///   - typeNames: only these types (any case); empty for all.
  ///   - comparing: also compute the previous period of the same kind.
  /// - Throws: ``StoreError/unknownDrinkType(_:suggestion:)`` for an unknown name.
  public func report(for period: Period, typeNames: [String] = [], comparing: Bool = true) throws
    -> TrendReport
  {
    let allTypes = try store.allTypes()
    let filter = try typeNames.isEmpty ? nil : Set(typeNames.map { try store.type(named: $0).id })
    let settings = try store.settings()
    let firstDay = try store.firstEntryInstant().map { Day(containing: $0, in: period.context) }
    // Every day's goal, once: the period's days and the streak's walk back both read them.
    let goals = try store.dayGoals(settings.goals, in: period.context)
    var report = try measure(
      period, allTypes: allTypes, filter: filter, settings: settings, firstDay: firstDay,
      goals: goals)
    if comparing {
      report.previous = try compare(report, with: period.previous, filter: filter)
    }
    // A report of today (what `status` asks for) has already counted today.
    let today = Day(containing: period.context.now, in: period.context)
    var todayCounted: Double?
    if case .day(let day) = period, day.interval == today.interval {
      todayCounted = report.hydration.milliliters
    }
    report.streaks.current = try currentStreak(
      context: period.context, goals: goals, filter: filter,
      hydration: Hydration(types: allTypes), todayCounted: todayCounted, firstDay: firstDay)
    return report
  }

  /// What a glance at `period` needs: its totals, by type and toward the goal, with the period
  /// itself as the one bucket and no streak or comparison. A day's caffeine is left out (zero
  /// here): a glance asks ``LiquidusStore/DrinkStore/caffeineSums`` for it.
  ///
  /// `status` asks this of today every few seconds: a day costs one range query per sum instead
  /// of one per hour, and the streak it does not show is not walked.
  public func glance(at period: Period) throws -> TrendReport {
    try measure(
      period, allTypes: store.allTypes(), filter: nil, settings: store.settings(), firstDay: nil,
      asOneBucket: true)
  }

  private func measure(
    _ period: Period, allTypes: [DrinkType], filter: Set<DrinkType.ID>?, settings: Settings,
    firstDay: Day?, goals known: GoalBoundaries? = nil, asOneBucket: Bool = false
  ) throws -> TrendReport {
    let now = period.context.now
    let start = firstDay?.interval.start
    // Each day is judged against the goal in force that day.
    let goals =
      try known ?? store.dayGoals(settings.goals, in: period.context, within: period.interval)
    // A day is measured by its hours and every longer period by its days: each bucket kind but
    // the hour is a run of whole days, so one set of daily totals serves weeks, months and years.
    let bucketPeriods = asOneBucket || period.buckets.isEmpty ? [period] : period.buckets
    let measuresHours = period.kind == .day || period.kind == .hour
    let days = measuresHours ? [] : period.days
    // Hours are summed from the entries; days come through the store's day cache. A glance at
    // a day sums only its volume: its caffeine is the store's `caffeineSums`.
    let units =
      asOneBucket && measuresHours
      ? try store.totalsByType(in: [period.interval], typeIDs: filter).map {
        DayTotals(volumeByType: $0)
      }
      : measuresHours
        ? Self.only(filter, try store.totals(in: bucketPeriods.map(\.interval)))
        : try dayTotals(days, context: period.context, filter: filter)
    let unitTotals = units.map(\.volumeByType)
    let unitCaffeine = units.map { (byType: $0.caffeineByType, records: $0.caffeineRecords) }
    let hydration = Hydration(types: allTypes)

    func progress(_ day: Day, _ totals: [DrinkType.ID: Double]) -> DayProgress {
      let target = goals.target(at: day.interval.start)
      let volume = totals.values.reduce(0, +)
      let counted = target.counted(volume: volume, hydration: hydration.of(totals))
      let goal = target.amount.milliliters
      return DayProgress(
        day: day, total: Volume(milliliters: volume),
        progress: goal > 0 ? counted / goal : 0, isFuture: day.interval.start > now,
        isBeforeStart: start.map { day.interval.start < $0 } ?? false,
        hydration: Volume(milliliters: hydration.of(totals)), goal: target.amount,
        kind: target.kind, exercise: target.exercise)
    }
    var dayProgress = zip(days, unitTotals).map { day, totals in progress(day, totals) }
    if case .day(let day) = period {
      let whole = unitTotals.reduce(into: [DrinkType.ID: Double]()) {
        $0.merge($1, uniquingKeysWith: +)
      }
      dayProgress = [progress(day, whole)]
    }

    var buckets: [BucketTotals] = []
    var unitIndex = 0
    for bucket in bucketPeriods {
      var byType: [DrinkType.ID: Double] = [:]
      var dayCount = 0
      var goalDays = 0
      var goal = 0.0
      var kind = GoalKind.goal
      var caffeine = 0.0
      if measuresHours {
        byType = unitTotals[unitIndex]
        caffeine =
          unitCaffeine[unitIndex].byType.values.reduce(0, +) + unitCaffeine[unitIndex].records
        unitIndex += 1
      } else {
        while unitIndex < days.count && days[unitIndex].interval.start < bucket.interval.end {
          byType.merge(unitTotals[unitIndex], uniquingKeysWith: +)
          caffeine +=
            unitCaffeine[unitIndex].byType.values.reduce(0, +) + unitCaffeine[unitIndex].records
          if dayProgress[unitIndex].counts {
            dayCount += 1
            if dayProgress[unitIndex].goalMet { goalDays += 1 }
          }
          goal += dayProgress[unitIndex].goal.milliliters
          kind = dayProgress[unitIndex].kind
          unitIndex += 1
        }
      }
      buckets.append(
        BucketTotals(
          period: bucket, total: Volume(milliliters: byType.values.reduce(0, +)),
          byType: byType.mapValues(Volume.init(milliliters:)),
          hydration: Volume(milliliters: hydration.of(byType)), caffeine: caffeine,
          goal: measuresHours ? nil : Volume(milliliters: goal),
          goalDays: measuresHours ? nil : goalDays, isFuture: bucket.interval.start > now,
          isBeforeStart: start.map { bucket.interval.end <= $0 } ?? false,
          dayCount: measuresHours ? nil : dayCount, goalKind: kind))
    }

    let typeTotals = unitTotals.reduce(into: [DrinkType.ID: Double]()) {
      $0.merge($1, uniquingKeysWith: +)
    }
    let total = typeTotals.values.reduce(0, +)
    let shown = allTypes.filter { type in
      filter.map { $0.contains(type.id) } ?? (typeTotals[type.id] ?? 0 > 0)
    }
    let typeCaffeine = unitCaffeine.reduce(into: [DrinkType.ID: Double]()) {
      $0.merge($1.byType, uniquingKeysWith: +)
    }
    let shares = shown.map { type in
      let amount = typeTotals[type.id] ?? 0
      return TypeShare(
        type: type, total: Volume(milliliters: amount), share: total > 0 ? amount / total : 0,
        caffeine: typeCaffeine[type.id] ?? 0)
    }
    .sorted { $0.total.milliliters > $1.total.milliliters }

    let elapsed = dayProgress.filter(\.counts)
    let startedBuckets = max(1, buckets.filter(\.counts).count)
    let activeDays = elapsed.filter { $0.total.milliliters > 0 }.count
    let averages = Averages(
      perBucket: Volume(milliliters: total / Double(startedBuckets)),
      perDay: Volume(milliliters: elapsed.isEmpty ? total : total / Double(elapsed.count)),
      perActiveDay: activeDays > 0 ? Volume(milliliters: total / Double(activeDays)) : nil)

    let trend: TrendLine? =
      switch period.kind {
      case .halfYear, .year: TrendLine.fit(dailyTotals: elapsed.map(\.total.milliliters))
      default: nil
      }
    return TrendReport(
      period: period, settings: settings, types: shown.sorted { $0.position < $1.position },
      total: Volume(milliliters: total), hydration: Volume(milliliters: hydration.of(typeTotals)),
      caffeine: unitCaffeine.reduce(0) { $0 + $1.byType.values.reduce(0, +) + $1.records },
      buckets: buckets, shares: shares, days: dayProgress,
      streaks: Streaks(
        goalDays: elapsed.filter(\.goalMet).count, elapsedDays: elapsed.count, current: 0,
        longest: Streaks.longestRun(elapsed.map(\.goalMet))),
      averages: averages, previous: nil, trend: trend, firstDay: firstDay)
  }

  /// The totals of `days` through the store's day cache (see ``DrinkStore/dayTotals``), only
  /// the types in `filter` when given.
  func dayTotals(_ days: [Day], context: CalendarContext, filter: Set<DrinkType.ID>?) throws
    -> [DayTotals]
  {
    Self.only(
      filter,
      try store.dayTotals(
        in: days.map(\.interval), zone: context.timeZone.identifier, settledBefore: context.now))
  }

  /// `totals` with only the types in `filter`, when given. Caffeine records belong to no type,
  /// so they count only without a filter.
  private static func only(_ filter: Set<DrinkType.ID>?, _ totals: [DayTotals]) -> [DayTotals] {
    guard let filter else { return totals }
    return totals.map { unit in
      DayTotals(
        volumeByType: unit.volumeByType.filter { filter.contains($0.key) },
        caffeineByType: unit.caffeineByType.filter { filter.contains($0.key) })
    }
  }

  /// Millilitres in `period`: by its days when it has any, so a past month or year costs what
  /// its cached days cost; an hour or a day by its entries.
  func total(of period: Period, filter: Set<DrinkType.ID>?) throws -> Double {
    if period.kind == .day || period.kind == .hour {
      return try store.totalsByType(in: [period.interval], typeIDs: filter)[0].values.reduce(0, +)
    }
    return try dayTotals(period.days, context: period.context, filter: filter)
      .reduce(0) { $0 + $1.volumeByType.values.reduce(0, +) }
  }

  /// Consecutive goal days ending today, looking back in 31-day steps until a day falls short.
  /// Today counts only once reached, so a streak is not broken by a day still in progress.
  /// - Parameter todayCounted: what today counts toward the goal, when the caller knows it.
  private func currentStreak(
    context: CalendarContext, goals: GoalBoundaries, filter: Set<DrinkType.ID>?,
    hydration: Hydration, todayCounted: Double?, firstDay: Day?
  ) throws -> Int {
    let today = Day(containing: context.now, in: context)
    // Before the first entry there is nothing to keep: a limit would otherwise count every
    // empty day back to 1970 as kept.
    let start = firstDay?.interval.start ?? .distantFuture
    func kept(_ interval: DateInterval, volume: Double, counted: Double) -> Bool {
      interval.start >= start
        && goals.target(at: interval.start).isKept(volume: volume, hydration: counted)
    }
    // Today only by its volume (one index range): it is never cached, and its caffeine is not
    // needed here.
    let todayTotals = try store.totalsByType(in: [today.interval], typeIDs: filter)[0]
    let counted = todayCounted ?? hydration.of(todayTotals)
    // A limit kept so far counts today; a goal counts once reached.
    var streak =
      kept(today.interval, volume: todayTotals.values.reduce(0, +), counted: counted) ? 1 : 0
    // The days the cache holds, in one read; the walk below goes on where the cache stops.
    let cached = try store.cachedRun(
      endingAt: today.interval.start, zone: context.timeZone.identifier, typeIDs: filter
    ) { !kept($0.interval, volume: $0.volume, counted: $0.counted) }
    for day in cached {
      guard kept(day.interval, volume: day.volume, counted: day.counted) else { return streak }
      streak += 1
    }
    var day =
      cached.last.map { Day(containing: $0.interval.start, in: context).previous }
      ?? today.previous
    while true {
      var window: [Day] = []
      for _ in 0..<31 {
        window.append(day)
        day = day.previous
      }
      for (day, totals) in zip(window, try dayTotals(window, context: context, filter: filter)) {
        let volume = totals.volumeByType.values.reduce(0, +)
        guard kept(day.interval, volume: volume, counted: hydration.of(totals.volumeByType))
        else { return streak }
        streak += 1
      }
      if day.interval.end < EntryError.earliest || day.interval.end <= start { return streak }
    }
  }
}

/// Volume times each type's hydration factor: what counts toward the goal.
struct Hydration {
  let factors: [DrinkType.ID: Double]

  init(types: [DrinkType]) {
    factors = Dictionary(types.map { ($0.id, $0.hydrationFactor) }) { first, _ in first }
  }

  /// Millilitres that count, from millilitres per type id.
  func of(_ totals: [DrinkType.ID: Double]) -> Double {
    totals.reduce(0) { $0 + $1.value * (factors[$1.key] ?? 1) }
  }
}
