import Foundation
import LiquidusModel

/// One day at a glance: its total against the goal and the total per drink type.
public struct DaySnapshot: Sendable, Hashable {
  /// The local day.
  public var day: Day
  /// Everything drunk that day.
  public var total: Volume
  /// Per-type totals, in the types' display order, types with nothing left out.
  public var byType: [(type: DrinkType, total: Volume)]
  /// The settings in force (goal and unit).
  public var settings: Settings
  /// What counts toward the goal: each type's volume times its hydration factor.
  public var hydration: Volume = .zero
  /// Caffeine taken today and in the body now, in mg.
  public var caffeineToday = 0.0
  public var caffeineInBody = 0.0

  /// The day's exercise, when a goal adds water for it.
  public var exercise: DayExercise? = nil

  /// The goal (or limit) in force that day, with its exercise applied: a goal set later
  /// leaves it as it was.
  public var target: DailyTarget {
    let target = settings.goals.target(on: day)
    return exercise.map(target.applying) ?? target
  }

  /// The amount of the goal (or limit) in force that day.
  public var goal: Volume { target.amount }

  /// Whether the day is judged against a limit.
  public var isLimit: Bool { target.kind == .limit }

  /// What counts against the day's target: the hydration toward a goal, the whole volume
  /// against a limit.
  public var counted: Volume { isLimit ? total : hydration }

  /// The goal still to drink (zero once reached), or what is left within a limit (negative
  /// past it).
  public var remaining: Volume {
    let left = goal.milliliters - counted.milliliters
    return Volume(milliliters: isLimit ? left : max(0, left))
  }

  /// Whether the day reached its goal, or is still within its limit.
  public var goalMet: Bool {
    target.isKept(volume: total.milliliters, hydration: hydration.milliliters)
  }

  /// Whether the day went past its limit; false for a goal.
  public var isOverLimit: Bool { isLimit && total > goal }

  /// Whether the hydration differs from the volume drunk (a type with a factor other than 1).
  public var hydrationDiffers: Bool { abs(hydration.milliliters - total.milliliters) >= 0.005 }

  public static func == (lhs: DaySnapshot, rhs: DaySnapshot) -> Bool {
    lhs.day == rhs.day && lhs.total == rhs.total && lhs.settings == rhs.settings
      && lhs.byType.map(\.type) == rhs.byType.map(\.type)
      && lhs.byType.map(\.total) == rhs.byType.map(\.total)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(day)
    hasher.combine(total)
  }
}

extension Journal {
  /// Today's snapshot in the context's calendar.
  public func today() throws -> DaySnapshot {
    try snapshot(of: Day(containing: context.now, in: context))
  }

  /// The snapshot of any local day, computed by the same ``TrendEngine`` as `summary`.
  public func snapshot(of day: Day) throws -> DaySnapshot {
    let report = try TrendEngine(store: store).glance(at: .day(day))
    let byType = report.types.compactMap { type -> (type: DrinkType, total: Volume)? in
      guard let share = report.shares.first(where: { $0.type.id == type.id }),
        share.total.milliliters > 0
      else { return nil }
      return (type, share.total)
    }
    var snapshot = DaySnapshot(
      day: day, total: report.total, byType: byType, settings: report.settings,
      hydration: report.hydration, exercise: report.days.first?.exercise)
    // Caffeine: the day's intakes, and what remains of the last days' at now.
    let body = CaffeineBody(halfLifeHours: report.settings.caffeineHalfLifeHours)
    let now = min(context.now, day.interval.end)
    let start = min(day.interval.start, now.addingTimeInterval(-body.lookback))
    // The whole days before this one inside the lookback: the store keeps a weight per day.
    var wholeDays: [DateInterval] = []
    var earlier = day.previous
    while earlier.interval.start >= start {
      wholeDays.insert(earlier.interval, at: 0)
      earlier = earlier.previous
    }
    let sums = try store.caffeineSums(
      in: DateInterval(start: start, end: max(day.interval.end, now)), wholeDays: wholeDays,
      zone: context.timeZone.identifier, day: day.interval, upTo: context.now, bodyAt: now,
      halfLife: body.halfLife)
    snapshot.caffeineToday = sums.inDay
    snapshot.caffeineInBody = sums.inBody
    return snapshot
  }
}
