import Foundation

/// A session of exercise: when it began, how long it lasted and what it was.
///
/// Workouts raise a day's goal when the person asks for it (`goal --per-workout`): sweat is
/// water that drinks have to replace. They come from the imports people already do (Apple
/// Health, Health Connect) or from `log-workout`.
public struct Workout: Sendable, Hashable, Codable {
  /// A stored workout's database id.
  public typealias ID = RowID<Workout>

  /// The database id; nil until stored.
  public var id: ID?
  /// When it began (UTC); a workout belongs to the local day it began on.
  public var start: Date
  /// How long, in minutes: more than 0, at most a day.
  public var minutes: Double
  /// What it was, as the source names it (`running`, `Cycling`), or `workout` when unknown.
  public var activity: String
  /// The app that recorded it, for imported ones.
  public var sourceName: String?
  /// How it came here: `typed` (log-workout), `imported` or `merged`.
  public var source: String = "typed"
  /// The id it has on every device (see ``EntryUID``); nil until stored.
  public var uid: String?

  /// Creates a workout.
  public init(
    id: ID? = nil, start: Date, minutes: Double, activity: String, sourceName: String? = nil,
    uid: String? = nil
  ) {
    self.id = id
    self.start = start
    self.minutes = minutes
    self.activity = activity
    self.sourceName = sourceName
    self.uid = uid
  }

  /// The longest workout taken: a day. Anything longer is a slip or a broken file.
  public static let maximumMinutes = 24.0 * 60

  /// The shortest workout taken: a minute. Less shows as "0 min" and adds nothing.
  public static let shortestMinutes = 1.0

  /// What an import counts a workout of less than a minute or more than a day as: a skipped
  /// record of its own kind, never an entry.
  public static let outOfRangeLabel = "Workout under a minute or over 24 hours"

  /// Whether `minutes` is a workout's length: from a minute to a day.
  public static func isPlausible(minutes: Double) -> Bool {
    minutes >= shortestMinutes && minutes <= maximumMinutes
  }

  /// The most characters of an activity's name kept, as for a drink type's.
  public static let longestActivity = 40

  /// `name` as an activity: control characters (a line break in a file or a shell) become
  /// spaces, runs of space one, at most ``longestActivity`` characters; ``unnamedActivity``
  /// for nothing left.
  public static func activity(named name: String?) -> String {
    let words = (name ?? "").unicodeScalars.map { scalar in
      CharacterSet.controlCharacters.contains(scalar) ? " " : Character(scalar)
    }
    let cleaned = String(words).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    // Cut, then trimmed again: a cut at a space would leave one at the end.
    let cut = cleaned.prefix(longestActivity).trimmingCharacters(in: .whitespaces)
    return cut.isEmpty ? unnamedActivity : cut
  }

  /// The activity a workout without one is called.
  public static let unnamedActivity = "workout"
}
