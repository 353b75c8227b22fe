import Foundation
import LiquidusModel

/// Everything Liquidus can say about one period: totals per bucket and type, shares, goal days,
/// streaks, averages, the change against the previous period and, for long periods, the trend.
///
/// Built by ``TrendEngine``; printed by the summary formats and drawn by reports.
public struct TrendReport: Sendable {
  /// The period described.
  public var period: Period
  /// The settings in force: goal and display unit.
  public var settings: Settings
  /// The types shown, in display order: those with entries in the period, or the filter's.
  public var types: [DrinkType]
  /// Everything drunk in the period (of the selected types).
  public var total: Volume
  /// What counts toward the goal: each type's volume times its hydration factor.
  public var hydration: Volume
  /// Milligrams of caffeine: the drinks' and, without a type filter, imported records'.
  public var caffeine: Double
  /// One entry per bucket (hours of a day, days of a week, weeks of a half-year...).
  public var buckets: [BucketTotals]
  /// Each type's total and share of ``total``, largest first.
  public var shares: [TypeShare]
  /// Each local day of the period with its progress; empty for an hour.
  public var days: [DayProgress]
  /// Goal days and streaks.
  public var streaks: Streaks
  /// Averages per bucket and per day.
  public var averages: Averages
  /// The previous period of the same kind, for comparison; nil when not computed.
  public var previous: PreviousPeriod?
  /// The slope of daily totals, for half-years and years.
  public var trend: TrendLine?

  /// The day of the first entry, nil when there is none: days before it are not counted.
  public var firstDay: Day? = nil

  /// The days that count: begun (not in the future) and not before the first entry. Averages,
  /// goal days, the trend and the comparison use these, so a person who started on Thursday
  /// is not shown Monday to Wednesday as days of nothing.
  public var elapsedDays: [DayProgress] { days.filter(\.counts) }

  /// Whether the period's newest day is judged against a limit rather than a goal.
  public var isLimit: Bool {
    (elapsedDays.last?.kind ?? settings.goals.latest.kind) == .limit
  }

  /// The goals in force over the period's days that have begun, oldest first, each once: one
  /// unless the goal changed within the period (the newest goal for a period not yet begun).
  public var goalsInForce: [Volume] { targetsInForce.map(\.amount) }

  /// The goals and limits in force over the period's days that have begun, oldest first, each
  /// once (see ``goalsInForce``).
  public var targetsInForce: [DailyTarget] {
    var targets: [DailyTarget] = []
    for day in elapsedDays {
      // A day's own report names its whole goal, its exercise's water included; a longer
      // period names the goal the person set, as a workout's water is its day's own.
      var whole = DailyTarget(amount: day.goal, kind: day.kind)
      whole.exercise = day.exercise
      let target = period.kind == .day ? whole : DailyTarget(amount: whole.base, kind: day.kind)
      if targets.last != target { targets.append(target) }
    }
    return targets.isEmpty ? [settings.goals.latest] : targets
  }

  /// Whether any type shown counts other than 1:1 toward the goal, so that views show the
  /// hydration beside the volume.
  public var hydrationDiffers: Bool { types.contains { $0.hydrationFactor != 1 } }
}

/// One bucket: its total and the total of each type in it.
public struct BucketTotals: Sendable {
  /// The bucket's period (an hour, a day, a week or a month).
  public var period: Period
  /// The bucket's total.
  public var total: Volume
  /// Millilitres per type id; types with nothing are absent.
  public var byType: [DrinkType.ID: Volume]
  /// What counts toward the goal: each type's volume times its hydration factor.
  public var hydration: Volume
  /// Milligrams of caffeine in the bucket.
  public var caffeine: Double
  /// The goal for this bucket: the sum of its days' goals, each the goal in force that day;
  /// nil for hours.
  public var goal: Volume?
  /// How many of its days reached the daily goal; nil for hours.
  public var goalDays: Int?
  /// Whether the bucket has not begun yet.
  public var isFuture: Bool
  /// Whether the bucket ended before the day of the first entry.
  public var isBeforeStart: Bool = false
  /// Whether the bucket counts in averages and words: begun, and not before the start.
  public var counts: Bool { !isFuture && !isBeforeStart }
  /// How many of its days count (begun, from the first entry on); nil for hours.
  public var dayCount: Int? = nil
  /// Whether its days' goal is a minimum or a limit (its last day's).
  public var goalKind: GoalKind = .goal

  /// Whether a day bucket reached the goal; nil for buckets that are not single days, and for
  /// days before the first entry (no verdict on a day before the person started).
  public var goalMet: Bool? {
    guard case .day = period, let goal, !isBeforeStart else { return nil }
    return goalKind == .limit ? !isFuture && total <= goal : hydration >= goal
  }

  /// A type's share of this bucket's total, 0...1 ("Coffee was 30% of Tuesday").
  public func share(of typeID: DrinkType.ID) -> Double {
    total.milliliters > 0 ? (byType[typeID]?.milliliters ?? 0) / total.milliliters : 0
  }
}

/// A type's total and its share of the period's total.
public struct TypeShare: Sendable {
  public var type: DrinkType
  public var total: Volume
  /// 0...1.
  public var share: Double
  /// Milligrams of caffeine from this type's entries.
  public var caffeine: Double = 0
}

/// One local day's total against the goal.
public struct DayProgress: Sendable {
  public var day: Day
  public var total: Volume
  /// What counts / goal; 1 means exactly the goal (or the limit).
  public var progress: Double
  /// The goal reached, or the limit kept.
  public var goalMet: Bool { kind == .limit ? progress <= 1 : progress >= 1 }
  /// Whether the day has not begun yet.
  public var isFuture: Bool
  /// Whether the day lies before the day of the first entry: not a day of zero, but a day
  /// before the person started.
  public var isBeforeStart: Bool = false
  /// Whether the day counts in averages and goal days: begun, and not before the start.
  public var counts: Bool { !isFuture && !isBeforeStart }
  /// What counts toward the goal: each type's volume times its hydration factor.
  public var hydration: Volume = .zero
  /// The goal in force that day.
  public var goal: Volume = .zero
  /// Whether that goal is a minimum or a limit.
  public var kind: GoalKind = .goal
  /// The day's exercise and the water it added to ``goal``, when a goal counts it.
  public var exercise: DayExercise? = nil
}

/// Goal days and streaks.
public struct Streaks: Sendable, Equatable {
  /// Days of the period, up to today, that reached the goal.
  public var goalDays: Int
  /// Days of the period up to today.
  public var elapsedDays: Int
  /// Consecutive goal days ending today (or yesterday, while today is still short of the goal).
  public var current: Int
  /// The longest run of consecutive goal days inside the period.
  public var longest: Int
}

/// Averages over what has begun.
public struct Averages: Sendable, Equatable {
  /// Total divided by the buckets that have begun.
  public var perBucket: Volume
  /// Total divided by the days that have begun.
  public var perDay: Volume
  /// Total divided by the days with any entry; nil when none has.
  public var perActiveDay: Volume?
}

/// The period before, and how this one compares.
///
/// A period still in progress is compared with the same part of the previous one (three days
/// of this week with the first three of last week), and when the person started within the
/// compared part, day for day (the average of the days since the first entry).
public struct PreviousPeriod: Sendable {
  public var period: Period
  /// The previous period's whole total.
  public var total: Volume
  /// Percent change from the compared part; nil when it had nothing.
  public var changePercent: Double?
  /// How many leading days of the previous period were compared; nil when all of it.
  public var comparedDays: Int? = nil
  /// The total of the compared part (the whole ``total`` when ``comparedDays`` and
  /// ``comparedUntil`` are nil).
  public var comparedTotal: Volume? = nil
  /// For a day in progress: the instant yesterday, at the same local time as now, up to which
  /// it was compared; nil when all of it.
  public var comparedUntil: Date? = nil
  /// Whether the change compares averages a day, because part of the compared days came
  /// before the first entry.
  public var isPerDay: Bool = false
}

/// A least-squares line through the daily totals.
public struct TrendLine: Sendable, Equatable {
  /// Which way intake is heading.
  public enum Direction: String, Sendable, Codable { case up, down, steady }
  /// The fitted change per week.
  public var slopePerWeek: Volume
  /// The word: steady when the fitted change across the period is within 5% of the average day.
  public var direction: Direction
}
