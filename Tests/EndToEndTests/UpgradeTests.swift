import Foundation
import GRDB
import LiquidusTestSupport
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
    #expect(version.stdout == "14\n")
    #expect(try cli.run("workouts").status == 0)
    // Its tokens keep every right they had: each may read and write (v13: token scopes).
    let tokens = try cli.run("serve", "token", "list")
    #expect(tokens.status == 0, "\(tokens.stderr)")
    let listed = tokens.stdout.split(separator: "\n")
    #expect(!listed.isEmpty && listed.allSatisfy { $0.contains("  read-write  ") }, "\(listed)")

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

  /// What the release that made `fixture` printed on it (`Schemas/vN.answers/`, recorded with
  /// Scripts/record-upgrade-answers by that release's binary, with this suite's clock and zone).
  static func oldAnswer(_ name: String, of fixture: URL) throws -> String {
    let folder = fixture.deletingPathExtension().appendingPathExtension("answers")
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  @Test(arguments: fixtures)
  func theUpgradedFileAnswersAsTheOldOneDid(fixture: URL) throws {
    let cli = try Self.cli(on: fixture)
    defer { cli.cleanUp() }
    // The day at a glance and the week, in words and in JSON, as the old release printed them
    // on the same file at the same moment: the first command upgrades it.
    for (answer, arguments) in [
      ("status.txt", ["status"]), ("status.json", ["status", "--format", "json"]),
      ("summary.txt", ["summary"]), ("summary.json", ["summary", "--format", "json"]),
    ] {
      let printed = try cli.run(arguments)
      #expect(printed.status == 0, "\(arguments): \(printed.stderr)")
      let old = try Self.oldAnswer(answer, of: fixture)
      #expect(printed.stdout == old, "\(arguments) answers otherwise than the old release did")
    }
    #expect(try Self.isMigrated(cli.databasePath))
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

  /// Where in the upgrade a killed process was, read from what it left: the copy in
  /// `backups/` (a `.partial` file until it is whole), the migrations the file has committed,
  /// and the write-ahead log (frames of a transaction that never committed).
  enum Moment: String {
    case beforeTheCopy = "before the copy"
    case duringTheCopy = "during the copy"
    case beforeTheMigration = "between the copy and the migration"
    case duringTheMigration = "during the migration"
    case afterTheMigration = "after the migration"

    /// Read from the files a killed process left, before anything opens the database.
    static func left(in folder: String, database: String) throws -> Self {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/backups")) ?? []
      guard names.contains(where: { $0.hasSuffix("-before-upgrade.sqlite") }) else {
        return names.contains { $0.hasSuffix(".partial") } ? .duringTheCopy : .beforeTheCopy
      }
      if try UpgradeTests.isMigrated(database) { return .afterTheMigration }
      let log = try? FileManager.default.attributesOfItem(atPath: database + "-wal")
      return ((log?[.size] as? Int) ?? 0) > 0 ? .duringTheMigration : .beforeTheMigration
    }
  }

  /// Whether the file has committed this release's schema (its entries in milliseconds).
  static func isMigrated(_ path: String) throws -> Bool {
    let queue = try readOnly(path)
    defer { try? queue.close() }
    return try queue.read { db in try db.columns(in: "drink").contains { $0.name == "at_ms" } }
  }

  /// A process killed (SIGKILL) at any moment of the upgrade, the copy before it included,
  /// leaves a file the next command opens and upgrades with every row as it was, and never a
  /// copy in backups/ that looks whole and is not.
  ///
  /// Each kill's moment is read from the files it left, and kills must have landed during the
  /// copy and during the migration: kills at fixed delays first, from before the start to after
  /// the end, then kills aimed at what was missed (the process is watched and killed the moment
  /// its files show that step under way). An upgrade too fast for any kill to land in a step
  /// fails here, rather than leaving that step untested.
  @Test func aKillDuringTheUpgradeLeavesTheFileWhole() throws {
    let fixture = Self.fixtures[1]
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let tables = try Self.oldTables(fixture).filter {
      !["day_total", "grdb_migrations"].contains($0.key)
    }
    let before = try Self.contents(of: fixture.path, tables: tables)
    var landed: [Moment: Int] = [:]

    /// A fresh copy of the fixture, `kill` run on a `status` upgrading it, then the checks.
    func attempt(_ how: String, kill: () throws -> Void) throws {
      try? FileManager.default.removeItem(atPath: folder)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: fixture.path, toPath: cli.databasePath)
      try kill()
      let moment = try Moment.left(in: folder, database: cli.databasePath)
      landed[moment, default: 0] += 1
      let when = "killed \(how) (\(moment.rawValue))"
      let status = try cli.run("status")
      #expect(status.status == 0, "\(when): \(status.stderr)")
      let after = try Self.contents(of: cli.databasePath, tables: tables)
      for table in tables.keys.sorted() {
        #expect(after[table] == before[table], "\(when): \(table) changed")
      }
      let backups = folder + "/backups"
      for name in (try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []
      where name.hasSuffix(".sqlite") {
        let kept = try Self.contents(of: backups + "/" + name, tables: tables)
        #expect(kept == before, "\(when): \(name) is not the old file")
      }
    }

    // From killed before it starts to killed after it is done: every moment in between.
    for delay in stride(from: 0, through: 0.03, by: 0.0015) {
      try attempt("after \(delay) s") {
        let killed = try cli.shell(
          "\"$LIQUIDUS\" status >/dev/null 2>&1 & pid=$!; sleep \(delay); kill -9 $pid 2>/dev/null;"
            + " wait $pid; true")
        #expect(killed.status == 0)
      }
    }
    // The steps no delay hit, aimed at: killed as soon as the files show the step under way.
    let signs: [(Moment, () -> Bool)] = [
      (.duringTheCopy, { Self.backups(of: folder).contains { $0.hasSuffix(".partial") } }),
      (
        .duringTheMigration,
        {
          Self.backups(of: folder).contains { $0.hasSuffix("-before-upgrade.sqlite") }
            && Self.size(of: cli.databasePath + "-wal") > 0
        }
      ),
    ]
    for (moment, sign) in signs {
      var tries = 0
      while landed[moment, default: 0] == 0 && tries < 50 {
        tries += 1
        try attempt("as soon as \(moment.rawValue) began, try \(tries)") {
          try Self.killStatus(cli, when: sign)
        }
      }
    }
    let tally = landed.map { "\($0.value) \($0.key.rawValue)" }.sorted().joined(separator: ", ")
    print("Upgrade kills landed: \(tally)")
    for moment in [Moment.duringTheCopy, .duringTheMigration] {
      #expect(
        landed[moment, default: 0] > 0,
        "no kill landed \(moment.rawValue), so a kill there went untested (\(tally))")
    }
  }

  /// The names in the database's `backups/` folder.
  static func backups(of folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder + "/backups")) ?? []
  }

  static func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  /// Runs `status` and kills it (SIGKILL) the moment `sign` holds, checking as fast as it can;
  /// a `status` that ends first is left to end.
  static func killStatus(_ cli: CLI, when sign: () -> Bool) throws {
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["status"]
    process.environment = cli.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let (_, timedOut) = process.bounded {
      while process.isRunning && !sign() {}
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    #expect(!timedOut, "status ran past its limit and was killed")
  }
}
