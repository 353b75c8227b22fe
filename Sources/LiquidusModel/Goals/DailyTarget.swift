import Foundation

/// Whether a day's amount is a minimum to reach or a maximum to stay within.
public enum GoalKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Most people: a day counts once it reaches the amount.
  case goal
  /// People whose doctor sets a maximum (heart failure, dialysis): a day counts while it stays
  /// within the amount.
  case limit
}

/// The amount one day is judged against, and how.
public struct DailyTarget: Sendable, Hashable, Codable {
  /// The daily amount.
  public var amount: Volume
  /// A minimum or a maximum.
  public var kind: GoalKind
  /// Water a goal adds for a day's exercise (`goal --per-workout`); nil when off.
  public var perWorkout: WorkoutAllowance? = nil
  /// The day's exercise and what it added to ``amount``: set only on a target applied to a
  /// day (see ``applying(_:)``), never on a stored change.
  public var exercise: DayExercise? = nil

  /// Creates a target; a goal unless told otherwise.
  public init(amount: Volume, kind: GoalKind = .goal, perWorkout: WorkoutAllowance? = nil) {
    self.amount = amount
    self.kind = kind
    self.perWorkout = perWorkout
  }
}

extension DailyTarget {
  /// The most a day's goal may grow to with its exercise: the largest goal a person may set.
  public static let largestAmount = Volume(milliliters: 20_000)

  /// The amount before any exercise was added: what the person set.
  public var base: Volume {
    Volume(milliliters: amount.milliliters - (exercise?.extra.milliliters ?? 0))
  }

  /// This target on a day with `exercise`: a goal with an allowance grows by the water the
  /// exercise earns (never past ``largestAmount``). A limit stays as the doctor set it: more
  /// exercise is no licence to drink past a fluid restriction.
  public func applying(_ exercise: DayExercise) -> DailyTarget {
    guard kind == .goal, let perWorkout, exercise.minutes > 0 else { return self }
    var applied = self
    let earned = perWorkout.extra(forMinutes: exercise.minutes).milliliters
    let extra = min(earned, max(0, Self.largestAmount.milliliters - amount.milliliters))
    applied.amount = Volume(milliliters: amount.milliliters + extra)
    applied.exercise = DayExercise(
      minutes: exercise.minutes, activities: exercise.activities,
      extra: Volume(milliliters: extra))
    return applied
  }
}

extension DailyTarget {
  /// What a day's drinks count against this target: toward a goal each drink's volume times
  /// its hydration factor; against a limit its full volume (the clinical rule: every fluid
  /// counts whole toward a fluid restriction).
  public func counted(volume: Double, hydration: Double) -> Double {
    kind == .limit ? volume : hydration
  }

  /// Whether a day with these millilitres keeps the target: reaches a goal, or stays within a
  /// limit.
  public func isKept(volume: Double, hydration: Double) -> Bool {
    switch kind {
    case .goal: hydration >= amount.milliliters
    case .limit: volume <= amount.milliliters
    }
  }
}
