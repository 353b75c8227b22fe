import Foundation
import GRDB
import Testing

/// A file an older release made opens in this one: its schema moves forward, every row it held
/// reads back the same, and a copy of the file as it was waits in `backups/`.
///
/// The fixture was written by that release's own binary (Scripts/make-upgrade-fixture; the
/// commit is in Schemas/README.md), so it holds what a person's file holds.
@Suite struct UpgradeTests {
  /// The files of the releases before: v10 (the one before workouts) and v11 (the release
  /// before the slimmer entry tables of v12).
  static let fixtures = ["v10", "v11"].map {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Schemas/\($0).sqlite")
  }

  /// The tables an older release wrote, each with the columns it had and its rows in key order.
  /// A file upgraded to v12 stores instants as milliseconds and ids as 16 bytes: those columns
  /// are read back as the text the old release stored, so both read alike when nothing was lost.
  static func contents(of path: String, tables: [String: [String]]) throws -> [String: [[String]]] {
    let queue = try readOnly(path)
    defer { try? queue.close() }
    return try queue.read { db in
      let slim = try db.columns(in: "drink").contains { $0.name == "at_ms" }
      return try tables.reduce(into: [:]) { result, table in
        let columns = table.value.map { column in
          slim ? (Self.asOldText[table.key + "." + column] ?? column) : column
        }.joined(separator: ", ")
        result[table.key] = try Row.fetchAll(
          db, sql: "SELECT \(columns) FROM \(table.key) ORDER BY 1"
        ).map { row in row.databaseValues.map(\.description) }
      }
    }
  }

  /// SQL that gives a v12 column's value as the text v11 stored in the column it replaced.
  static let asOldText: [String: String] = {
    let time = ImportSupport.instantText
    let uid = ImportSupport.uidText
    return [
      "drink.at_utc": time("at_ms"), "drink.modified_at": "IFNULL(\(time("modified_ms")), '')",
      "drink.uid": uid("uid"), "caffeine.at_utc": time("at_ms"),
      "drink_tombstone.uid": uid("uid"), "drink_tombstone.deleted_at": time("deleted_ms"),
      "api_request.drink_uid": uid("drink_uid"),
    ]
  }()

  /// A command line whose database is a copy of `fixture`, not opened yet.
  static func cli(on fixture: URL) throws -> CLI {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: fixture.path, toPath: cli.databasePath)
    return cli
  }

  static func readOnly(_ path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.readonly = true
    return try DatabaseQueue(path: path, configuration: configuration)
  }

  /// The fixture's tables and their columns, as that release made them.
  static func oldTables(_ fixture: URL) throws -> [String: [String]] {
    let queue = try readOnly(fixture.path)
    defer { try? queue.close() }
    return try queue.read { db in
      let names = try String.fetchAll(
        db,
        sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'")
      return try names.reduce(into: [:]) { result, name in
        result[name] = try db.columns(in: name).map(\.name)
      }
    }
  }

  @Test(arguments: fixtures)
  func everyRowOfAnOlderReleaseReadsBackTheSameAndACopyIsKept(fixture: URL) throws {
    let cli = try Self.cli(on: fixture)
    defer { cli.cleanUp() }
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    // Every table but the day cache (which `status` fills) and the migrations' own log.
    let tables = try Self.oldTables(fixture).filter {
      !["day_total", "grdb_migrations"].contains($0.key)
    }
    // What a person's file of that release holds: entries typed and imported, deletions, goals
    // with a limit between, settings, servings, an API token.
    for table in [
      "drink", "drink_type", "caffeine", "drink_tombstone", "setting", "goal_change", "serving",
      "type_serving", "api_token",
    ] {
      #expect(tables[table] != nil, "\(table)")
    }
    let before = try Self.contents(of: cli.databasePath, tables: tables)
    #expect(before["drink"]!.count > 30 && before["drink_tombstone"]!.count == 2)
    #expect(before["caffeine"]!.count > 0 && before["goal_change"]!.count >= 4)

    let status = try cli.run("status")
    #expect(status.status == 0, "\(status.stderr)")
    let after = try Self.contents(of: cli.databasePath, tables: tables)
    for table in tables.keys.sorted() {
      #expect(after[table] == before[table], "\(table) changed in the upgrade")
    }
    // The schema moved on, and the file says so.
    let version = try cli.shell("sqlite3 '\(cli.databasePath)' 'PRAGMA user_version;'")
    #expect(version.stdout == "12\n")
    #expect(try cli.run("workouts").status == 0)

    // The copy in backups/ is the file as it was.
    let backups = folder + "/backups"
    let copies = try FileManager.default.contentsOfDirectory(atPath: backups)
    #expect(copies.count == 1 && copies[0].hasSuffix("-before-upgrade.sqlite"), "\(copies)")
    let kept = try Self.contents(of: backups + "/" + copies[0], tables: tables)
    #expect(kept == before)
    // Opening again takes no second copy.
    #expect(try cli.run("status").status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: backups).count == 1)
  }

  @Test(arguments: fixtures)
  func theUpgradedFileAnswersAsTheOldOneDid(fixture: URL) throws {
    let cli = try Self.cli(on: fixture)
    defer { cli.cleanUp() }
    // The goals in time and the limit between them judge the days as before.
    let history = try cli.run("goal", "--history", "--format", "json")
    let changes = try #require(
      try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    #expect(changes.map { $0["kind"] as? String }.prefix(4) == ["goal", "goal", "limit", "goal"])
    #expect(changes.prefix(4).map { $0["perWorkout"] is NSNull } == [true, true, true, true])
    // Importing the same export again adds nothing: the imported entries keep their ids.
    let again = try cli.run(
      "import",
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LibraryTests/Fixtures/export.xml").path)
    #expect(again.stdout.contains("Added 0 entries"), "\(again.stdout)")
  }

  /// A file of an older release that this user may not write cannot be upgraded: each command
  /// says so, and none leaves a copy behind (a copy per command would fill the folder).
  @Test func aFileThatCannotBeWrittenIsNotCopiedOverAndOver() throws {
    let fixture = Self.fixtures[1]
    let cli = try Self.cli(on: fixture)
    defer { cli.cleanUp() }
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    // The folder is the user's to write in; the file is not.
    let owner = CLI.isRoot ? "chown -R 65534 '\(folder)' && " : ""
    let prepared = try cli.shell(
      "chmod 755 '\(cli.folder.path)' && \(owner)chmod 755 '\(folder)' "
        + "&& chmod 444 '\(cli.databasePath)'")
    try #require(prepared.status == 0, "\(prepared.stderr)")
    for _ in 1...2 {
      let status = try cli.runUnprivileged("status")
      #expect(status.status == 1)
      #expect(status.stderr.contains("cannot be written"), "\(status.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/backups"))
  }

  /// A process killed (SIGKILL) at any moment of the upgrade, the copy before it included,
  /// leaves a file the next command opens and upgrades with every row as it was, and never a
  /// copy in backups/ that looks whole and is not.
  @Test func aKillDuringTheUpgradeLeavesTheFileWhole() throws {
    let fixture = Self.fixtures[1]
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let tables = try Self.oldTables(fixture).filter {
      !["day_total", "grdb_migrations"].contains($0.key)
    }
    let before = try Self.contents(of: fixture.path, tables: tables)
    // From killed before it starts to killed after it is done: every moment in between.
    for delay in stride(from: 0, through: 0.03, by: 0.0015) {
      try? FileManager.default.removeItem(atPath: folder)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: fixture.path, toPath: cli.databasePath)
      let killed = try cli.shell(
        "\"$LIQUIDUS\" status >/dev/null 2>&1 & pid=$!; sleep \(delay); kill -9 $pid 2>/dev/null;"
          + " wait $pid; true")
      #expect(killed.status == 0)
      let status = try cli.run("status")
      #expect(status.status == 0, "killed after \(delay) s: \(status.stderr)")
      let after = try Self.contents(of: cli.databasePath, tables: tables)
      for table in tables.keys.sorted() {
        #expect(after[table] == before[table], "killed after \(delay) s: \(table) changed")
      }
      let backups = folder + "/backups"
      for name in (try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []
      where name.hasSuffix(".sqlite") {
        let kept = try Self.contents(of: backups + "/" + name, tables: tables)
        #expect(kept == before, "killed after \(delay) s: \(name) is not the old file")
      }
    }
  }
}
