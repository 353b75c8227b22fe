import Foundation
import LiquidusModel

/// `goal --history`: each goal with the day it began, as a table for people or JSON for
/// programs, so a person can see which goal judged which day.
public struct GoalHistoryListing: Sendable {
  /// One change in the JSON shape; `from` is null for the goal since the beginning.
  public struct JSON: Codable, Sendable, Equatable {
    public var from: String?
    public var kind: String
    /// Millilitres, as every machine format.
    public var amount: Double
    public var unit: String
    public var changedAt: String?
    /// The water added for exercise: millilitres per `minutes`; null when off, and for a limit
    /// (which adds none).
    public var perWorkout: PerWorkout?

    public struct PerWorkout: Codable, Sendable, Equatable {
      public var amount: Double
      public var minutes: Double
    }

    /// Writes `from` and `changedAt` as null when absent, so every object has the same keys.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(from, forKey: .from)
      try container.encode(kind, forKey: .kind)
      try container.encode(amount, forKey: .amount)
      try container.encode(unit, forKey: .unit)
      try container.encode(changedAt, forKey: .changedAt)
      try container.encode(perWorkout, forKey: .perWorkout)
    }
  }

  public var changes: [GoalChange]
  public var unit: VolumeUnit
  public var context: CalendarContext

  public init(changes: [GoalChange], unit: VolumeUnit, context: CalendarContext) {
    self.changes = changes
    self.unit = unit
    self.context = context
  }

  /// `From  Kind  Amount` rows, oldest first.
  public func table() -> String {
    let formatter = VolumeFormatter(unit: unit, locale: context.locale)
    // The exercise column only for a person who ever added water for it; a limit adds none.
    let exercise = changes.contains { $0.target.kind == .goal && $0.target.perWorkout != nil }
    var table = TextTable(
      header: ["From", "Kind", "Amount"] + (exercise ? ["Per workout"] : []),
      alignments: [.left, .left, .right] + (exercise ? [.left] : []))
    table.rows = changes.map { change in
      let perWorkout = change.target.perWorkout.map {
        "\(formatter.string($0.amount)) / \(WorkoutWords.minutes($0.minutes))"
      }
      let shown = change.target.kind == .limit ? "-" : perWorkout ?? "off"
      return [
        change.from ?? "the beginning", change.target.kind.rawValue,
        formatter.string(change.target.amount),
      ] + (exercise ? [shown] : [])
    }
    return table.render()
  }

  /// The changes as a JSON array; `changedAt` is null for the goal a migration carried over.
  public func json() throws -> String {
    try JSONText.encode(
      changes.map { change in
        JSON(
          from: change.from, kind: change.target.kind.rawValue,
          amount: MachineVolume().value(change.target.amount), unit: MachineVolume.unit,
          changedAt: change.changedAt.timeIntervalSince1970 > 0
            ? ClockText.iso8601(change.changedAt, timeZone: context.timeZone) : nil,
          perWorkout: change.target.kind == .limit
            ? nil
            : change.target.perWorkout.map {
              JSON.PerWorkout(amount: MachineVolume().value($0.amount), minutes: $0.minutes)
            })
      })
  }
}
