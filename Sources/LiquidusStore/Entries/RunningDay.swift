import Foundation
import GRDB
import LiquidusModel
import Synchronization

/// The sums of the day the last `log` wrote into, kept for the next `log` into that day: a
/// server logging thousands of drinks into one day (a sensor, a care home's day) otherwise sums
/// the whole day again for each receipt, and each answer grows slower with the day.
///
/// Kept with a ``Stamp`` of the database right after that drink; the next `log` takes them
/// only if its own stamp, read before it writes, is the same, so that nothing else changed
/// in between. Anything else sums the day from its entries, as before.
final class RunningDay: Sendable {
  /// What tells that nothing changed between two writes on one connection:
  /// - `dataVersion` moves when another connection (another process: a shell's `log`, an
  ///   import, a merge) commits;
  /// - `totalChanges` counts every row this connection inserted, changed or deleted (an edit,
  ///   an undo, a type's new hydration factor, a caffeine record), and never goes back;
  /// - `lastDrinkID` goes back when a rollback (of a savepoint or of the whole transaction)
  ///   took the kept drink back, which changes no count. Entry ids are `AUTOINCREMENT`: an id once
  ///   committed is never given again, even after its entry was deleted, so it names the kept
  ///   drink alone (a plain rowid would be given again to a drink logged after the newest was
  ///   deleted, and a rollback of both would leave the same id). A rollback cannot undo what
  ///   came before the kept drink and leave the drink itself.
  struct Stamp: Sendable, Equatable {
    var dataVersion: Int64
    var totalChanges: Int
    var lastDrinkID: Int64

    /// The stamp of `db` now, inside the write transaction.
    static func read(_ db: Database) throws -> Stamp {
      Stamp(
        dataVersion: try ChangeCounter.dataVersion(db), totalChanges: db.totalChangesCount,
        lastDrinkID: try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(id) FROM drink"))
          ?? 0)
    }

    /// The stamp right after `drink` was written on `db`, from this one read before it in the
    /// same transaction, without reading again: no other connection commits while this one
    /// holds the write lock, and the entry just inserted has the largest id.
    func after(writing drink: Drink, _ db: Database) -> Stamp? {
      drink.id.map {
        Stamp(
          dataVersion: dataVersion, totalChanges: db.totalChangesCount, lastDrinkID: $0.rawValue)
      }
    }
  }

  private let kept = Mutex<(day: DateInterval, sums: DaySums, stamp: Stamp)?>(nil)

  /// The kept sums of `day` with `drink` (of `type`) added, when they were kept at `stamp` and
  /// the drink counts in the day as stored: an instant in a day's last half millisecond is
  /// stored at the next day's first, which the day's statement leaves out.
  func sums(of day: DateInterval, at stamp: Stamp, adding drink: Drink, of type: DrinkType)
    -> DaySums?
  {
    let stored = day.start.millisecondsSince1970..<day.end.millisecondsSince1970
    guard stored.contains(drink.instant.millisecondsSince1970) else { return nil }
    return kept.withLock { kept in
      guard let kept, kept.day == day, kept.stamp == stamp else { return nil }
      return kept.sums.adding(drink, of: type)
    }
  }

  /// Keeps `sums` of `day`, as the database stands at `stamp`; forgets them without one.
  func keep(_ sums: DaySums, of day: DateInterval, at stamp: Stamp?) {
    kept.withLock { $0 = stamp.map { (day, sums, $0) } }
  }
}
