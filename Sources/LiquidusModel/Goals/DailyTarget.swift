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

  /// Creates a target; a goal unless told otherwise.
  public init(amount: Volume, kind: GoalKind = .goal) {
    self.amount = amount
    self.kind = kind
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
