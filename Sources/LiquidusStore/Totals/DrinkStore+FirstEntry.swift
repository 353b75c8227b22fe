import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// The instant of the oldest entry, nil when there is none: the day a person started, from
  /// which averages, goal days and comparisons count (days before it are not days of zero).
  ///
  /// One step into the `drink_by_time` index, so it costs the same for a week or ten years.
  /// A value that does not read back as an instant is no start (nil) rather than an error: the
  /// sums that follow name a damaged entry where it matters.
  public func firstEntryInstant() throws -> Date? {
    try read { db in
      try DatabaseValue.fetchOne(db, sql: "SELECT MIN(at_ms) FROM drink")
        .flatMap(StoredInstant.fromDatabaseValue)?.date
    }
  }
}
