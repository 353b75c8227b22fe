import Foundation
import GRDB
import Testing

@testable import LiquidusStore

/// What a commit survives (SECURITY.md): a crash of the process by default, on every
/// connection of a server's pool; a power cut too when `liquidus serve --sync-every-commit`
/// opens the store for it.
@Suite struct CommitDurabilityTests {
  /// SQLite's `synchronous` on the writer and on a reader of a pool over a new file: 1 is
  /// NORMAL, 2 is FULL.
  static func synchronous(_ durability: DrinkStore.Durability) throws -> [Int] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-durability-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try DrinkStore.open(
      at: folder.appendingPathComponent("db.sqlite").path, sharing: .manyCallers,
      durability: durability)
    let writer = try store.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    let reader = try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    return [writer ?? -1, reader ?? -1]
  }

  @Test func aCommitWaitsForTheDiskOnlyWhenAskedTo() throws {
    #expect(try Self.synchronous(.processCrash) == [1, 1])
    let full = try Self.synchronous(.powerCut)
    #expect(full == [2, 2])
  }
}
