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

extension DrinkStore {
  /// The instant of the oldest drink or caffeine record, nil when there is none: where a
  /// table of days starts (a day of caffeine alone before the first drink is a day of data).
  ///
  /// A time stored as a fraction (edited by hand) still counts, from its millisecond; one
  /// stored as text lies in no day and is named by ``unplacedEntries()`` instead.
  public func firstIntakeInstant() throws -> Date? {
    try read { db in
      // `< ''`: numbers only, as text sorts after every number; each MIN is one index step.
      try Double.fetchOne(
        db,
        sql: """
          SELECT MIN(first) FROM (
            SELECT MIN(at_ms) AS first FROM drink WHERE at_ms < ''
            UNION ALL SELECT MIN(at_ms) FROM caffeine WHERE at_ms < '' AND drink_id IS NULL)
          """
      ).map { Date(timeIntervalSince1970: ($0 / 1000).rounded(.down)) }
    }
  }
}
