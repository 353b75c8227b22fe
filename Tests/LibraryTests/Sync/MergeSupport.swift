import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// Two devices' databases as files in a folder of their own, and ways to look at them.
struct MergeFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "liquidus-merge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func store(_ name: String) throws -> DrinkStore { try DrinkStore.open(at: path(name)) }

  /// A consistent copy of `store` under `name`, to merge the other way round from the same start.
  func copy(_ store: DrinkStore, to name: String) throws -> DrinkStore {
    try store.backup(to: path(name))
    return try self.store(name)
  }

  func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// What a database says about its entries: id -> content and modification time, and the
/// tombstones. Two databases with equal states hold the same entries.
struct MergeState: Equatable, CustomStringConvertible {
  var entries: [String: String]
  var tombstones: [String: String]

  init(_ store: DrinkStore) throws {
    let snapshot = try store.mergeSnapshot()
    entries = Dictionary(
      uniqueKeysWithValues: snapshot.entries.map { ($0.uid, $0.content + " @" + $0.modifiedAt) })
    tombstones = Dictionary(
      uniqueKeysWithValues: snapshot.tombstones.map { ($0.uid, $0.deletedAt) })
  }

  var description: String {
    entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
      + "\ntombstones: \(tombstones.sorted { $0.key < $1.key })"
  }
}

extension DrinkStore {
  /// Merges `other` in and returns what it did.
  @discardableResult
  func merge(from other: DrinkStore, dryRun: Bool = false) throws -> MergeTally {
    try merge(other.mergeSnapshot(), dryRun: dryRun)
  }

  /// Merges `snapshot` as of a moment after every time these tests write, so that only the
  /// tests of the limits on time (`MergeValidationTests`) meet them.
  @discardableResult
  func merge(_ snapshot: MergeSnapshot, dryRun: Bool = false) throws -> MergeTally {
    try merge(snapshot, now: .distantFuture, dryRun: dryRun)
  }

  /// Logs a drink at `at`, modified at `now`.
  @discardableResult
  func log(_ name: String, _ milliliters: Double, at: Date, now: Date) throws -> Drink {
    try log(
      drinkName: name, volume: Volume(milliliters: milliliters), at: at, note: nil,
      day: DateInterval(start: at.addingTimeInterval(-43_200), duration: 86_400), now: now
    ).drink
  }

  /// The row id of the entry with this uid.
  func id(of uid: String?) throws -> Drink.ID {
    try read { db in
      try Drink.ID.fetchOne(
        db, sql: "SELECT id FROM drink WHERE uid = ?", arguments: [uid?.storedUID])!
    }
  }
}
