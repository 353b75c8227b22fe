import Foundation

/// One change of the daily goal: what it became, from which local day on, and when it was made.
///
/// A change belongs to a day rather than to an instant, so that raising the goal on Friday
/// leaves Wednesday's verdict as it was, whatever the time zone the day is later read in.
public struct GoalChange: Sendable, Hashable, Codable {
  /// The first local day it holds, as ISO `2026-11-01`; nil for the beginning of history.
  public var from: String?
  /// The goal from that day on.
  public var target: DailyTarget
  /// When the change was made: of two changes for one day, the newer wins a merge.
  public var changedAt: Date

  /// Creates a change.
  public init(from: String?, target: DailyTarget, changedAt: Date) {
    self.from = from
    self.target = target
    self.changedAt = changedAt
  }
}
