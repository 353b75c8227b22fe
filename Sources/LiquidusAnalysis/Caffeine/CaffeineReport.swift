import Foundation
import LiquidusModel
import LiquidusStore

/// `liquidus caffeine`: the period's caffeine by local day, today's total, how much is in the
/// body now and when it falls below the sleep level.
public struct CaffeineReport: Sendable {
  public struct DayTotal: Sendable, Equatable {
    public var day: Day
    public var milligrams: Double
    public var isFuture: Bool
  }

  public var period: Period
  public var now: Date
  public var settings: Settings
  public var days: [DayTotal]
  public var todayMilligrams: Double
  public var inBodyMilligrams: Double
  /// nil when already below.
  public var belowSleepLevelAt: Date?
  /// Every intake up to now that the period's days or the body still hold, in time order.
  public var intakes: [CaffeineIntake] = []

  /// Whether there is anything to draw or say: caffeine on a day of the period.
  public var hasCaffeine: Bool { days.contains { $0.milligrams > 0 } }

  /// Days of the period, begun, that went over the daily limit.
  public var daysOverLimit: Int {
    days.filter { !$0.isFuture && $0.milligrams > settings.caffeineLimitMg }.count
  }

  public var elapsedDays: Int { days.filter { !$0.isFuture }.count }

  /// Reads the period's intakes and the recent ones that are still in the body.
  public static func make(
    store: DrinkStore, period: Period, context: CalendarContext
  ) throws -> CaffeineReport {
    let settings = try store.settings()
    let body = CaffeineBody(halfLifeHours: settings.caffeineHalfLifeHours)
    let now = context.now
    let days = period.days
    let today = Day(containing: now, in: context)
    // Back far enough that the first day's curve starts with what the evening before left.
    let start = min(
      days.first?.interval.start ?? now, today.interval.start, now
    ).addingTimeInterval(-body.lookback)
    let end = max(days.last?.interval.end ?? now, today.interval.end)
    // Intakes logged after now (a clock skew, an import from another device) do not count.
    let intakes = try store.caffeineIntakes(in: DateInterval(start: start, end: end))
      .filter { $0.instant <= now }
    // One pass: the intakes are in time order, and so are the days.
    var perDay = [Double](repeating: 0, count: days.count)
    var index = 0
    var todayTotal = 0.0
    for intake in intakes {
      if today.interval.start <= intake.instant && intake.instant < today.interval.end {
        todayTotal += intake.milligrams
      }
      while index < days.count && days[index].interval.end <= intake.instant { index += 1 }
      if index < days.count && days[index].interval.start <= intake.instant {
        perDay[index] += intake.milligrams
      }
    }
    return CaffeineReport(
      period: period, now: now, settings: settings,
      days: zip(days, perDay).map { day, milligrams in
        DayTotal(day: day, milligrams: milligrams, isFuture: day.interval.start > now)
      },
      todayMilligrams: todayTotal,
      inBodyMilligrams: body.milligrams(at: now, intakes: intakes),
      belowSleepLevelAt: body.fallsBelow(
        settings.caffeineSleepLevelMg, after: now, intakes: intakes),
      intakes: intakes)
  }
}
