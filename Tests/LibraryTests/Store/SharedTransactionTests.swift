import Foundation
import GRDB
import Synchronization
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// Several callers' writes in one transaction (what the server's grouped writes use): each
/// caller's failure rolls back its own writes only, a caller sees what those before it wrote,
/// and a transaction that never commits leaves nothing of any caller.
@Suite struct SharedTransactionTests {
  let noon = Date(timeIntervalSince1970: 1_795_000_000)

  struct Refused: Error {}

  @Test func aFailingCallerRollsBackAloneAndLaterCallersSeeEarlierWrites() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-shared-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try DrinkStore.open(at: folder.appendingPathComponent("db.sqlite").path)
    let outcomes = Mutex<[String]>([])
    func record(_ outcome: String) { outcomes.withLock { $0.append(outcome) } }
    try store.sharingOneTransaction([
      {
        do {
          try store.log("water", 250, at: noon, now: noon)
          record("logged")
        } catch { record("\(error)") }
      },
      {
        do {
          try store.write { db in
            try db.execute(sql: "UPDATE setting SET value = value")
            _ = try store.log("coffee", 100, at: noon, now: noon)
            throw Refused()
          }
        } catch is Refused { record("refused") } catch { record("\(error)") }
      },
      { record("sees \((try? store.entryCount()) ?? -1)") },
    ])
    #expect(outcomes.withLock { $0 } == ["logged", "refused", "sees 1"])
    let names = try store.read { db in
      try String.fetchAll(
        db, sql: "SELECT t.name FROM drink d JOIN drink_type t ON t.id = d.type_id")
    }
    #expect(names == ["Water"], "the refused caller's coffee was rolled back with it")
  }
}
