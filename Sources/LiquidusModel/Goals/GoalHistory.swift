import Foundation

/// Every goal a person has had, each from its day on, so that each day is judged against the
/// goal in force that day.
///
/// Before the first dated change the goal is the one since the beginning of history: the
/// change without a day, or else the first dated one (a day cannot be judged against nothing).
public struct GoalHistory: Sendable, Hashable, Codable {
  /// The changes, oldest day first, at most one per day; never empty.
  public private(set) var changes: [GoalChange]

  /// One goal for all of history.
  public init(_ target: DailyTarget) {
    changes = [GoalChange(from: nil, target: target, changedAt: Date(timeIntervalSince1970: 0))]
  }

  /// The history of `changes`; for two changes of one day the newer is kept. Without any,
  /// `fallback` holds since the beginning.
  public init(changes: [GoalChange], fallback: DailyTarget) {
    self.init(fallback)
    guard !changes.isEmpty else { return }
    self.changes = []
    for change in changes { record(change) }
  }

  /// Adds `change`, replacing a change of the same day unless that one is newer.
  public mutating func record(_ change: GoalChange) {
    if let index = changes.firstIndex(where: { $0.from == change.from }) {
      if changes[index].changedAt <= change.changedAt { changes[index] = change }
      return
    }
    changes.append(change)
    changes.sort { ($0.from ?? "") < ($1.from ?? "") }
  }

  /// The goal in force on the local day `day` (ISO `2026-11-01`).
  public func target(on day: String) -> DailyTarget {
    changes.last { ($0.from ?? "") <= day }?.target ?? changes[0].target
  }

  /// The newest day's goal: the one in force today, as no change may lie in the future.
  public var latest: DailyTarget { changes[changes.count - 1].target }

  /// Whether every day has the same goal.
  public var isSingle: Bool { Set(changes.map(\.target)).count == 1 }

  /// Whether any goal adds water for exercise, so that a day's workouts must be read to know
  /// its goal.
  public var countsWorkouts: Bool { changes.contains { $0.target.perWorkout != nil } }
}

extension GoalHistory {
  /// The goal in force on the local day that contains `instant`.
  public func target(at instant: Date, in context: CalendarContext) -> DailyTarget {
    isSingle ? latest : target(on: context.localDate(of: instant).description)
  }

  /// The goal in force on `day`.
  public func target(on day: Day) -> DailyTarget {
    target(at: day.interval.start, in: day.context)
  }

  /// The instants at which a day with a new goal begins in `context`, each with its goal,
  /// oldest first; the first holds since the beginning.
  ///
  /// A walk over many days compares each day's start with these instead of working out its
  /// calendar date, which a year-long streak would otherwise do a few hundred times.
  public func boundaries(in context: CalendarContext) -> GoalBoundaries {
    var starts: [(start: Date, target: DailyTarget)] = []
    for change in changes {
      guard let from = change.from, let date = LocalDate(iso: from) else {
        starts.append((.distantPast, change.target))
        continue
      }
      starts.append((context.startOfDay(date), change.target))
    }
    if starts.first.map({ $0.start > .distantPast }) ?? false {
      starts[0].start = .distantPast
    }
    return GoalBoundaries(starts: starts)
  }
}

/// A goal history laid out as instants in one time zone: see ``GoalHistory/boundaries(in:)``.
public struct GoalBoundaries: Sendable {
  let starts: [(start: Date, target: DailyTarget)]
  /// Each day's exercise, by the instant the local day begins: what a goal with a
  /// per-workout allowance adds to that day. Empty unless a goal has one.
  public var exercise: [Date: DayExercise] = [:]

  /// The goal of the day that begins at `instant` (or contains it, when no day of the period
  /// has exercise), with that day's exercise applied.
  public func target(at instant: Date) -> DailyTarget {
    let target = starts.last { $0.start <= instant }?.target ?? starts[0].target
    guard let day = exercise[instant] else { return target }
    return target.applying(day)
  }
}

extension LocalDate {
  /// Reads ISO `2026-11-01`; nil for anything else.
  init?(iso text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }
}
