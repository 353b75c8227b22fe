import Foundation
import LiquidusAnalysis
import LiquidusModel

extension TrendReport {
  /// The object `summary --format json` prints (the shape docs/REPORTS.md documents: period, unit,
  /// goal, total, buckets and per-type totals, plus averages, streaks, the
  /// previous period and the trend). Amounts are in ``unit``; shares and change in percent.
  public struct JSON: Codable, Sendable {
    public struct PeriodInfo: Codable, Sendable {
      public var kind: String
      public var start: String
      public var end: String
      public var label: String
      public var spokenLabel: String
    }
    public struct Bucket: Codable, Sendable {
      public var start: String
      public var end: String
      public var label: String
      public var spokenLabel: String
      public var total: Double
      public var byType: [String: Double]
      public var goal: Double?
      public var goalMet: Bool?
      public var goalDays: Int?
      /// Volume times each type's hydration factor: what the goal compares against.
      public var hydration: Double
      public var caffeineMg: Double
      /// A day's exercise and the water it added to `goal` (included in it); absent unless a
      /// goal with a per-workout rate raised the day's.
      public var exercise: DaySnapshot.JSON.Exercise? = nil
    }
    public struct TypeTotal: Codable, Sendable {
      public var type: String
      public var color: String
      public var total: Double
      public var share: Double
      public var hydrationFactor: Double
      public var caffeineMg: Double
    }
    public struct AverageValues: Codable, Sendable {
      public var perBucket: Double
      public var perDay: Double
      public var perActiveDay: Double?
    }
    public struct StreakValues: Codable, Sendable {
      public var goalDays: Int
      public var elapsedDays: Int
      public var current: Int
      public var longest: Int
    }
    public struct Previous: Codable, Sendable {
      public var period: PeriodInfo
      public var total: Double
      /// For a period in progress: how many leading days of the previous one the change
      /// compares against, and their total; absent when the whole previous period is.
      public var comparedDays: Int? = nil
      public var comparedTotal: Double? = nil
      /// For a day in progress: the instant yesterday, at the same local time as now, up to
      /// which the change compares (ISO 8601 with offset), with ``comparedTotal`` its total;
      /// absent otherwise.
      public var comparedUntil: String? = nil
      /// True when the change compares averages a day, because the person started within the
      /// compared days; absent otherwise.
      public var perDay: Bool? = nil
    }
    public struct Trend: Codable, Sendable {
      public var slopePerWeek: Double
      public var direction: String
    }

    public var period: PeriodInfo
    public var unit: String
    public var goal: Double
    public var total: Double
    public var hydration: Double
    public var caffeineMg: Double
    public var buckets: [Bucket]
    public var byType: [TypeTotal]
    public var averages: AverageValues
    public var streaks: StreakValues
    public var previous: Previous?
    public var change: Double?
    public var trend: Trend?
  }

  /// This report in the JSON shape.
  public var json: JSON {
    let formatter = MachineVolume()
    let zone = period.context.timeZone
    let names = DrinkTypeNames(types)
    // Each bucket that is a day finds its day here: a search of the days per bucket made a
    // century's answer quadratic (36,500 days, each searched for among 36,500).
    let daysByStart = Dictionary(days.map { ($0.day.interval.start, $0) }) { first, _ in first }
    func info(_ period: Period) -> JSON.PeriodInfo {
      JSON.PeriodInfo(
        kind: period.kind.rawValue, start: ClockText.iso8601(period.interval.start, timeZone: zone),
        end: ClockText.iso8601(period.interval.end, timeZone: zone), label: period.description,
        spokenLabel: period.accessibilityDescription)
    }
    return JSON(
      period: info(period), unit: MachineVolume.unit,
      goal: formatter.value(goalsInForce[goalsInForce.count - 1]), total: formatter.value(total),
      hydration: formatter.value(hydration), caffeineMg: CaffeineText.value(caffeine),
      buckets: buckets.map { bucket in
        JSON.Bucket(
          start: ClockText.iso8601(bucket.period.interval.start, timeZone: zone),
          end: ClockText.iso8601(bucket.period.interval.end, timeZone: zone),
          label: bucket.period.description, spokenLabel: bucket.period.spokenBucketLabel,
          total: formatter.value(bucket.total),
          byType: Dictionary(
            bucket.byType.compactMap { id, volume in
              names.name(of: id).map { ($0, formatter.value(volume)) }
            }
          ) { first, _ in first },
          goal: bucket.goal.map(formatter.value), goalMet: bucket.goalMet,
          goalDays: bucket.goalDays, hydration: formatter.value(bucket.hydration),
          caffeineMg: CaffeineText.value(bucket.caffeine),
          exercise: exercise(of: bucket.period, among: daysByStart))
      },
      byType: shares.map {
        JSON.TypeTotal(
          type: $0.type.name, color: $0.type.color.hex, total: formatter.value($0.total),
          share: Self.percent($0.share), hydrationFactor: $0.type.hydrationFactor,
          caffeineMg: CaffeineText.value($0.caffeine))
      },
      averages: JSON.AverageValues(
        perBucket: formatter.value(averages.perBucket), perDay: formatter.value(averages.perDay),
        perActiveDay: averages.perActiveDay.map(formatter.value)),
      streaks: JSON.StreakValues(
        goalDays: streaks.goalDays, elapsedDays: streaks.elapsedDays, current: streaks.current,
        longest: streaks.longest),
      previous: previous.map {
        JSON.Previous(
          period: info($0.period), total: formatter.value($0.total), comparedDays: $0.comparedDays,
          comparedTotal: $0.comparedDays == nil && $0.comparedUntil == nil
            ? nil : $0.comparedTotal.map(formatter.value),
          comparedUntil: $0.comparedUntil.map { ClockText.iso8601($0, timeZone: zone) },
          perDay: $0.isPerDay ? true : nil)
      },
      change: previous?.changePercent.map { ($0 * 10).rounded() / 10 },
      trend: trend.map {
        JSON.Trend(slopePerWeek: formatter.value($0.slopePerWeek), direction: $0.direction.rawValue)
      })
  }

  /// The exercise of a bucket that is one day (a week's or a month's), as status's JSON gives
  /// it; nil for a longer bucket and for a day without any.
  private func exercise(of bucket: Period, among days: [Date: DayProgress])
    -> DaySnapshot.JSON.Exercise?
  {
    guard bucket.kind == .day, let day = days[bucket.interval.start],
      let exercise = day.exercise, exercise.extra.milliliters > 0
    else { return nil }
    return DaySnapshot.JSON.Exercise(
      minutes: exercise.minutes, activities: exercise.activities,
      extra: MachineVolume().value(exercise.extra))
  }

  /// A 0...1 fraction as a percentage with one decimal.
  static func percent(_ fraction: Double) -> Double { (fraction * 1000).rounded() / 10 }

  /// The JSON text, keys sorted so output diffs cleanly.
  public func jsonText() throws -> String {
    try JSONText.encode(json)
  }
}
