import Foundation
import GRDB
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The cache of local days' totals (`day_total`, which keeps `status` and `summary` from
/// growing with history) agrees with the entries after every kind of write, and what a person
/// sees with it is what they would see without it.
@Suite struct DayTotalsCacheTests {
  /// A fortnight of goal days in Berlin, so the streak and the month read cached days.
  private func fortnight() throws -> CLI {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    for day in 6...19 {
      let date = "2026-11-\(day < 10 ? "0" : "")\(day)"
      try #require(try cli.run("log", "water", "1500ml", "--at", "\(date) 09:00").status == 0)
      try #require(try cli.run("log", "coffee", "600ml", "--at", "\(date) 23:30").status == 0)
    }
    return cli
  }

  /// Runs a command that must succeed.
  private func succeed(_ cli: CLI, _ arguments: String...) throws {
    let result = try cli.run(arguments)
    #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
  }

  /// Runs the commands that read (and fill) the cache.
  private func glance(_ cli: CLI, _ environment: [String: String] = [:]) throws {
    for arguments in [["status"], ["summary", "month"], ["summary", "2026"]] {
      try #require(try cli.run(arguments, extraEnvironment: environment).status == 0)
    }
  }

  /// Every cached day against sums of the entries in its interval; returns how many days the
  /// cache holds, so a check of an empty cache cannot pass unnoticed.
  @discardableResult
  private func cacheMatchesEntries(_ cli: CLI, _ step: String) throws -> Int {
    let database = try ImportSupport.database(cli)
    return try database.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT start_unix * 1000, end_unix * 1000, type_id, volume_ml, caffeine_mg
          FROM day_total
          """)
      var cached: [Int64: [Int64: [Double]]] = [:]
      var ends: [Int64: Int64] = [:]
      for row in rows {
        cached[row[0], default: [:]][row[2]] = [row[3], row[4]]
        ends[row[0]] = row[1]
      }
      for (start, types) in cached {
        var expected: [Int64: [Double]] = [
          0: [
            0,
            try Double.fetchOne(
              db,
              sql: """
                SELECT TOTAL(mg) FROM caffeine
                WHERE at_ms >= ? AND at_ms < ? AND drink_id IS NULL
                """, arguments: [start, ends[start]]) ?? 0,
          ]
        ]
        for row in try Row.fetchAll(
          db,
          sql: """
            SELECT type_id, TOTAL(volume_ml), TOTAL(caffeine_mg) FROM drink
            WHERE at_ms >= ? AND at_ms < ? GROUP BY type_id
            """, arguments: [start, ends[start]])
        {
          expected[row[0]] = [row[1], row[2]]
        }
        let rounded = { (values: [Int64: [Double]]) in
          values.mapValues { $0.map { ($0 * 1000).rounded() } }.filter {
            $0.key == 0 || $0.value != [0, 0]
          }
        }
        #expect(rounded(types) == rounded(expected), "\(step): the cached day from \(start)")
      }
      return cached.count
    }
  }

  /// The JSON of `status` and of the month's and year's summaries, from this database and from
  /// a copy whose cache is emptied: they must be the same.
  private func outputMatchesUncached(
    _ cli: CLI, _ step: String, _ environment: [String: String] = [:]
  ) throws {
    let copy = cli.folder.appendingPathComponent("uncached-\(UUID().uuidString).sqlite").path
    try #require(try cli.run(["backup", copy]).status == 0)
    try DatabaseQueue(path: copy).write { db in try db.execute(sql: "DELETE FROM day_total") }
    for arguments in [
      ["status", "--format", "json"], ["summary", "month", "--format", "json"],
      ["summary", "2026", "--format", "json"],
    ] {
      let cached = try cli.run(arguments, extraEnvironment: environment)
      var uncachedEnvironment = environment
      uncachedEnvironment["LIQUIDUS_DB"] = copy
      let uncached = try cli.run(arguments, extraEnvironment: uncachedEnvironment)
      #expect(cached.status == 0 && uncached.status == 0)
      #expect(cached.stdout == uncached.stdout, "\(step): \(arguments.joined(separator: " "))")
    }
  }

  /// Reads with a warm cache, writes, then checks before and after the cache fills again.
  private func check(_ cli: CLI, _ step: String, write: () throws -> Void) throws {
    try glance(cli)
    try #require(try cacheMatchesEntries(cli, "\(step), before") > 0)
    try write()
    try cacheMatchesEntries(cli, "\(step), right after")
    try outputMatchesUncached(cli, step)
    try glance(cli)
    try #require(try cacheMatchesEntries(cli, "\(step), filled again") > 0)
  }

  @Test func logEditDeleteAndUndoKeepTheCacheTrue() throws {
    let cli = try fortnight()
    defer { cli.cleanUp() }
    try check(cli, "log on a cached day") {
      try succeed(cli, "log", "soda", "300ml", "--at", "2026-11-12 10:00")
    }
    // Entry 1 is the 6th's water: moving it breaks the streak's first day, and 23:30 UTC
    // coffee entries sit in the next Berlin day.
    try check(cli, "edit moving an entry to another day") {
      try succeed(cli, "edit", "1", "--at", "2026-11-15 08:00")
    }
    try check(cli, "edit of an amount") {
      try succeed(cli, "edit", "5", "--amount", "100ml")
    }
    try check(cli, "delete") {
      try succeed(cli, "delete", "7", "8")
    }
    try check(cli, "undo") {
      try succeed(cli, "log", "water", "2l", "--at", "2026-11-09 12:00")
      try glance(cli)
      try succeed(cli, "undo")
    }
  }

  @Test func importRestoreAndPurgeKeepTheCacheTrue() throws {
    let cli = try fortnight()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "more.csv",
      "date,drink,amount,unit\n2026-11-10T08:00:00Z,Juice,400,mL\n2026-11-16T22:59:00Z,Water,250,mL\n"
    )
    try check(cli, "import") {
      try succeed(cli, "import", file)
    }
    let backup = cli.folder.appendingPathComponent("before.sqlite").path
    try succeed(cli, "backup", backup)
    try check(cli, "restore") {
      try succeed(cli, "log", "water", "3l", "--at", "2026-11-11 12:00")
      try glance(cli)
      try succeed(cli, "restore", backup)
    }
    try check(cli, "type purge") {
      try succeed(cli, "types", "delete", "Juice", "--purge", "--yes")
    }
  }

  @Test func aMergeKeepsTheCacheTrue() throws {
    let cli = try fortnight()
    defer { cli.cleanUp() }
    let laptop = cli.folder.appendingPathComponent("laptop.sqlite").path
    try succeed(cli, "--db", laptop, "log", "juice", "700ml", "--at", "2026-11-13 12:00")
    try check(cli, "merge adding an entry") {
      try succeed(cli, "merge", laptop)
    }
    try succeed(cli, "--db", laptop, "merge", cli.databasePath)
    // Later than the entries here, so the laptop's changes win.
    let later = ["LIQUIDUS_NOW": "2026-11-20T15:00:00Z"]
    for arguments in [["edit", "1", "--amount", "50ml"], ["delete", "2"]] {
      let result = try cli.run(["--db", laptop] + arguments, extraEnvironment: later)
      #expect(result.status == 0, "\(result.stderr)")
    }
    try check(cli, "merge editing and deleting") {
      // After the laptop's changes: a merge refuses changes from its future.
      let merged = try cli.run(["merge", laptop], extraEnvironment: later)
      #expect(merged.stdout.contains("0 added, 1 updated, 1 deleted"), "\(merged.stdout)")
    }
  }

  @Test func aChangeOfTimeZoneComputesTheNewZonesDays() throws {
    let cli = try fortnight()
    defer { cli.cleanUp() }
    try glance(cli)
    let newYork = ["TZ": "America/New_York"]
    try glance(cli, newYork)
    let zones = try ImportSupport.database(cli).read { db in
      try String.fetchAll(db, sql: "SELECT DISTINCT zone FROM day_total")
    }
    #expect(zones == ["America/New_York"])
    try #require(try cacheMatchesEntries(cli, "after the move") > 0)
    try outputMatchesUncached(cli, "in New York", newYork)
    // Back home: Berlin's days again, not New York's.
    try glance(cli)
    try cacheMatchesEntries(cli, "back in Berlin")
    try outputMatchesUncached(cli, "back in Berlin")
  }

  @Test func aGlanceDoesNotWaitForAnotherWritersLockToFillTheCache() throws {
    let cli = try fortnight()
    defer { cli.cleanUp() }
    let expected = try cli.run("status", "--format", "json")
    try DatabaseQueue(path: cli.databasePath).write { db in
      try db.execute(sql: "DELETE FROM day_total")
    }
    // Another process's long write (a --strict import) holds the lock: the glance sums the
    // days itself and leaves the cache alone, instead of waiting 15 s for the lock.
    let other = try DatabaseQueue(path: cli.databasePath)
    try other.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN IMMEDIATE")
      defer { try? db.execute(sql: "ROLLBACK") }
      let started = Date()
      let status = try cli.run("status", "--format", "json")
      #expect(Date().timeIntervalSince(started) < 10, "status waited for the lock")
      #expect(status.status == 0)
      #expect(status.stdout == expected.stdout)
    }
    try #require(try cacheMatchesEntries(cli, "after the glance under a lock") == 0)
    try glance(cli)
    try #require(try cacheMatchesEntries(cli, "once the lock is free") > 0)
  }

  @Test func aKilledImportLeavesTheCacheTrue() throws {
    let cli = try fortnight()
    defer { cli.cleanUp() }
    // Ten thousand drinks a day from the 1st: the import writes days the cache holds.
    var text = "date,drink,amount,unit\n"
    for row in 0..<200_000 {
      let second = row * 8
      let day = 1 + second / 86_400
      let time = second % 86_400
      text += "2026-11-\(day < 10 ? "0" : "")\(day)T"
      text += String(format: "%02d:%02d:%02dZ,Water,5,mL\n", time / 3600, time / 60 % 60, time % 60)
    }
    let file = try ImportSupport.file(cli, "large.csv", text)
    try glance(cli)
    try #require(try cacheMatchesEntries(cli, "before the import") > 0)

    let process = try ImportSupport.killImport(cli, file, onceThereAre: 30_000)
    let database = try ImportSupport.database(cli)
    #expect(process.terminationReason == .uncaughtSignal, "the import finished before the kill")
    let triggers = try database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'") ?? 0
    }
    #expect(triggers == 6, "the triggers are back after the kill")
    try cacheMatchesEntries(cli, "after the kill")
    try outputMatchesUncached(cli, "after the kill")
    try glance(cli)
    try #require(try cacheMatchesEntries(cli, "filled after the kill") > 0)
  }
}
