import Foundation
import LiquidusModel

/// `workouts`: each workout with its id, start, minutes and activity, as a table for people
/// or JSON for programs.
public struct WorkoutListing: Sendable {
  /// One workout in the JSON shape.
  public struct JSON: Codable, Sendable, Equatable {
    public var id: Int64
    public var uid: String
    /// ISO 8601 with the offset of the time zone it is shown in.
    public var start: String
    public var minutes: Double
    public var activity: String
    public var sourceName: String?

    /// Writes `sourceName` as null when absent, so every object has the same keys.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(uid, forKey: .uid)
      try container.encode(start, forKey: .start)
      try container.encode(minutes, forKey: .minutes)
      try container.encode(activity, forKey: .activity)
      try container.encode(sourceName, forKey: .sourceName)
    }
  }

  public var workouts: [Workout]
  public var context: CalendarContext

  public init(workouts: [Workout], context: CalendarContext) {
    self.workouts = workouts
    self.context = context
  }

  /// `ID  When  Minutes  Activity  From` rows, oldest first; `No workouts.` for none.
  public func table() -> String {
    guard !workouts.isEmpty else { return "No workouts." }
    var table = TextTable(
      header: ["ID", "When", "Minutes", "Activity", "From"],
      alignments: [.right, .left, .right, .left, .left])
    table.rows = workouts.map { workout in
      [
        workout.id.map(String.init) ?? "", ClockText.describe(workout.start, in: context),
        String(WholeNumber.of(workout.minutes.rounded())), workout.activity,
        workout.sourceName ?? workout.source,
      ]
    }
    return table.render()
  }

  /// The workouts as a JSON array.
  public func json() throws -> String {
    try JSONText.encode(
      workouts.map { workout in
        JSON(
          id: workout.id?.rawValue ?? 0, uid: workout.uid ?? "",
          start: ClockText.iso8601(workout.start, timeZone: context.timeZone),
          minutes: workout.minutes, activity: workout.activity, sourceName: workout.sourceName)
      })
  }
}
