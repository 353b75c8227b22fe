import Foundation

/// Caffeine taken at one instant.
public struct CaffeineIntake: Sendable, Hashable {
  public var instant: Date
  public var milligrams: Double

  public init(instant: Date, milligrams: Double) {
    self.instant = instant
    self.milligrams = milligrams
  }
}

/// How much caffeine is in the body: each intake is absorbed at once and eliminated with
/// first-order kinetics, so in_body(t) = sum of mg x 0.5^((t - t_i) / half-life) over the
/// intakes at or before t. Elapsed time is real time, whatever the clocks do.
public struct CaffeineBody: Sendable {
  public var halfLife: TimeInterval

  public init(halfLifeHours: Double) {
    halfLife = halfLifeHours * 3600
  }

  /// Milligrams in the body at `instant`; intakes after it do not count yet.
  public func milligrams(at instant: Date, intakes: [CaffeineIntake]) -> Double {
    intakes.reduce(0) { sum, intake in
      guard intake.instant <= instant else { return sum }
      let elapsed = instant.timeIntervalSince(intake.instant)
      return sum + intake.milligrams * pow(0.5, elapsed / halfLife)
    }
  }

  /// When the body falls below `level` after `now` with no more intakes; nil when it is
  /// below already. The sum decays as one exponential from `now` on, so the answer is exact:
  /// now + half-life x log2(in body / level).
  public func fallsBelow(_ level: Double, after now: Date, intakes: [CaffeineIntake]) -> Date? {
    let current = milligrams(at: now, intakes: intakes)
    guard current > level, let seconds = secondsUntil(below: level, from: current) else {
      return nil
    }
    return now.addingTimeInterval(seconds)
  }

  /// How long `milligrams` in the body take to fall below `level` with no more intakes: 0
  /// when they are below already, nil when they never do (a level of 0).
  public func secondsUntil(below level: Double, from milligrams: Double) -> TimeInterval? {
    guard level > 0 else { return nil }
    return milligrams > level ? halfLife * log2(milligrams / level) : 0
  }

  /// What remains of `milligrams` after `seconds`.
  public func decayed(_ milligrams: Double, over seconds: TimeInterval) -> Double {
    milligrams * pow(0.5, seconds / halfLife)
  }

  /// How far back intakes still matter: after 20 half-lives less than a millionth remains.
  public var lookback: TimeInterval { max(48 * 3600, 20 * halfLife) }
}
