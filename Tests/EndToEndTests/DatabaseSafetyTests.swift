import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusTestSupport
import Testing

/// A person's history lives in one file: backups, restores, upgrades, and files Liquidus must
/// refuse without touching.
@Suite struct DatabaseSafetyTests {
  private func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func backupThenRestoreBringsBackTheCopyAndKeepsThePresent() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let copy = cli.folder.appendingPathComponent("copy.sqlite").path
    let backup = try cli.run("backup", copy)
    #expect(backup.status == 0 && backup.stdout == "Backed up 1 entries to \(copy).\n")
    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try cli.run("backup", copy).status == 1, "an existing file is never overwritten")

    try cli.run("log", "coffee", "200ml", "--at", "09:00")
    let restore = try cli.run("restore", copy)
    #expect(restore.status == 0, "\(restore.stderr)")
    #expect(try DrinkStore.open(at: cli.databasePath).entryCount() == 1)
    let keptLine = restore.stdout.split(separator: "\n").last.map(String.init) ?? ""
    let kept = String(keptLine.dropFirst("The previous contents are kept in ".count).dropLast())
    #expect(try DrinkStore.open(at: kept).entryCount() == 2)
  }

  @Test func restoreRefusesAFileThatIsNotALiquidusBackup() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let junk = cli.folder.appendingPathComponent("junk.sqlite")
    try Data(repeating: 0x42, count: 4096).write(to: junk)
    let result = try cli.run("restore", junk.path)
    #expect(result.status == 65, "a file that is not a backup is bad data")
    #expect(result.stderr.contains("was not restored") && result.stderr.contains("not changed"))
    #expect(try DrinkStore.open(at: cli.databasePath).entryCount() == 1)
    let missing = try cli.run("restore", cli.folder.appendingPathComponent("nope.sqlite").path)
    #expect(missing.status == 64, "a missing file is a usage error, as for import")
    #expect(missing.stderr.contains("does not exist, so nothing was restored"))
  }

  @Test func aBackupThatFailsItsCheckSaysSoAndIsRemoved() throws {
    // An index whose definition no longer matches its entries: SQLite reads the database as
    // ever (its quick check does not compare indexes with tables), the online backup copies
    // the pages faithfully, and the copy's full integrity check then fails.
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    try cli.run("log", "coffee", "300ml", "--at", "09:00")
    let damage = try cli.shell(
      "sqlite3 \"$LIQUIDUS_DB\" \"PRAGMA writable_schema=ON; UPDATE sqlite_schema "
        + "SET sql='CREATE INDEX drink_by_time ON drink(volume_ml)' WHERE name='drink_by_time'\"")
    try #require(damage.status == 0, "\(damage.stderr)")
    let before = try fileBytes(cli.databasePath)
    let copy = cli.folder.appendingPathComponent("copy.sqlite").path
    let result = try cli.run("backup", copy)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: The backup to \(copy) failed its check (it failed SQLite's integrity check "
        + "([\"row 1 missing from index drink_by_time\", \"row 2 missing from index "
        + "drink_by_time\"])) and was removed. Your database was not changed.\n")
    #expect(!FileManager.default.fileExists(atPath: copy))
    #expect(try fileBytes(cli.databasePath) == before)
  }

  @Test func purgeTakesAnAutomaticBackupFirst() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "soda", "330ml", "--at", "08:00")
    let result = try cli.run("types", "delete", "soda", "--purge", "--yes")
    #expect(result.status == 0)
    let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("backup") })
    let path = String(line.split(separator: " ").last!.dropLast())
    #expect(path.contains("/backups/") && path.hasSuffix("-purge.sqlite"))
    let saved = try DrinkStore.open(at: path)
    #expect(try saved.entryCount() == 1)
    #expect(try saved.type(named: "Soda").name == "Soda")
  }

  @Test func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let other = cli.folder.appendingPathComponent("invoices.sqlite").path
    let made = try cli.shell(
      "sqlite3 '\(other)' 'CREATE TABLE invoice (id INTEGER); INSERT INTO invoice VALUES (7);'")
    try #require(made.status == 0, "the sqlite3 shell is needed: \(made.stderr)")
    let before = try fileBytes(other)
    let result = try cli.run("--db", other, "log", "water", "250ml")
    #expect(result.status == 1)
    #expect(result.stderr.contains("another program") && result.stderr.contains("invoice"))
    #expect(try fileBytes(other) == before)
  }

  @Test func aDamagedFileGetsAClearMessage() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let junk = cli.folder.appendingPathComponent("junk.sqlite")
    try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: junk)
    let before = try fileBytes(junk.path)
    let result = try cli.run("--db", junk.path, "status")
    #expect(result.status == 1)
    #expect(result.stderr.contains("not a SQLite database") || result.stderr.contains("damaged"))
    #expect(try fileBytes(junk.path) == before)
  }

  @Test func aDatabaseFromANewerLiquidusIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let marked = try cli.shell(
      "sqlite3 '\(cli.databasePath)' \"INSERT INTO grdb_migrations VALUES ('v99: from the future'); "
        + "PRAGMA user_version = 99;\""
    )
    try #require(marked.status == 0)
    let result = try cli.run("status")
    #expect(result.status == 1 && result.stderr.contains("newer Liquidus"))
  }

  /// The refusal a read-only database gets, in full.
  private func readOnlyMessage(_ path: String) -> String {
    "error: \(path) cannot be written (read-only file, folder or file system). Nothing was "
      + "changed; check its permissions, or copy it somewhere writable.\n"
  }

  @Test func aReadOnlyDatabaseIsRefusedWithoutChange() throws {
    // The command runs as a user who may only read the file and its folder (see
    // CLI.runUnprivileged: `nobody` when the tests run as root).
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    try cli.makeDatabaseReadOnlyForUnprivileged()
    let before = try fileBytes(cli.databasePath)
    let result = try cli.runUnprivileged("log water 250ml")
    #expect(result.status == 1)
    #expect(result.stderr == readOnlyMessage(cli.databasePath))
    #expect(result.stdout.isEmpty)
    #expect(try fileBytes(cli.databasePath) == before)
  }

  /// Whether a tmpfs can be mounted in a user and mount namespace of its own (`unshare -rm`),
  /// which needs no privileges where the kernel allows unprivileged user namespaces.
  static let canMountTmpfs: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "command -v unshare >/dev/null && unshare -rm sh -c 'mount -t tmpfs tmpfs /mnt'",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    return process.waitUntilExit(within: .seconds(60)) && process.terminationStatus == 0
  }()

  @Test(.enabled(if: canMountTmpfs, "unshare cannot mount a tmpfs here"))
  func aFullDiskIsReportedAndNothingIsLost() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let (result, database) = try cli.onAFullDisk { database, disk in
      """
        "$LIQUIDUS" --db "\(database)" log water 300ml --at 09:00
        echo "status $?"
        rm "\(disk)/filler"
        "$LIQUIDUS" --db "\(database)" list --format csv
      """
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "error: The disk holding \(database) is full. Nothing was changed; free some space "
        + "and try again.\n")
    #expect(
      result.stdout
        == "status 1\nid,date,drink,amount,unit,note,source\n"
        + "1,2026-11-20T08:00:00Z,Water,250,mL,,typed\n")
  }

  @Test func aVersionOneDatabaseUpgradesWithoutLoss() throws {
    // Schemas/v1.sqlite was written by the first released schema: types (one archived, one
    // disabled), notes with Unicode, and settings. Opening it must migrate and keep it all.
    let cli = try CLI(now: "2026-11-20T18:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Schemas/v1.sqlite")
    let database = cli.folder.appendingPathComponent("v1.sqlite")
    try FileManager.default.copyItem(at: fixture, to: database)
    let list = try cli.run(
      "--db", database.path, "list", "--from", "2026-11-16", "--to", "2026-11-22", "--format",
      "json")
    #expect(list.status == 0, "\(list.stderr)")
    let rows = try JSONDecoder().decode([EntryListing.Row].self, from: Data(list.stdout.utf8))
    #expect(rows.map(\.drink) == ["Water", "Coffee", "Tea", "Juice"])
    #expect(rows.map(\.amount) == [250, 200, 300, 150], "machine formats are in millilitres")
    // The stored display unit, litres, survived the upgrade.
    let config = try cli.run("--db", database.path, "config").stdout
    #expect(config.contains("Display unit:  L\n"), "\(config)")
    #expect(rows[0].note == "Glas, \"groß\" — ☀️" && rows[0].date == "2026-11-18T08:00:00+01:00")
    let store = try DrinkStore.open(at: database.path)
    let settings = try store.settings()
    #expect(settings.dailyGoal.milliliters == 2500 && settings.firstWeekday == 2)
    #expect(try store.type(named: "Tea").isArchived && !store.type(named: "Juice").isEnabled)
  }

  /// The schema migrations a database has run, read with the sqlite3 shell.
  private func migrations(_ cli: CLI, _ path: String) throws -> String {
    try cli.shell("sqlite3 '\(path)' 'SELECT identifier FROM grdb_migrations ORDER BY 1'").stdout
  }

  @Test func restoringAVersionOneBackupUpgradesItAndLeavesTheBackupAlone() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    try cli.run("log", "soda", "330ml", "--at", "17:00")
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Schemas/v1.sqlite")
    let backup = cli.folder.appendingPathComponent("old-backup.sqlite").path
    try FileManager.default.copyItem(atPath: fixture.path, toPath: backup)
    let before = try fileBytes(backup)

    let result = try cli.run("restore", backup)
    #expect(result.status == 0, "\(result.stderr)")
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let kept = "\(folder)/liquidus-20261120T180000Z-before-restore.sqlite"
    #expect(
      result.stdout
        == "Restored 4 entries from \(backup).\nThe previous contents are kept in \(kept).\n")
    let csv = try cli.run("list", "--from", "2026-11-16", "--to", "2026-11-22", "--format", "csv")
    #expect(
      csv.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[2] } == [
        "Water", "Coffee", "Tea", "Juice",
      ])
    // The restored database has every migration; the backup itself was only read.
    #expect(
      try migrations(cli, cli.databasePath)
        // Sorted as text: "v10" to "v14" come before "v1:".
        == "v10: page sessions and sign-in links\n" + "v11: workouts\n"
        + "v12: slimmer entry tables\n" + "v13: token scopes\n" + "v14: push subscriptions\n"
        + "v1: drink types, drinks and settings\n"
        + "v2: import keys and caffeine records\n"
        + "v3: caffeine and hydration of drinks\n" + "v4: day totals\n"
        + "v5: entry ids, modification times and tombstones\n"
        + "v6: caffeine weights of cached days\n" + "v7: API tokens and the drinks they logged\n"
        + "v8: goal changes\n" + "v9: servings\n")
    #expect(try fileBytes(backup) == before)
    #expect(try migrations(cli, backup) == "v1: drink types, drinks and settings\n")
    #expect(try DrinkStore.open(at: kept).entryCount() == 1)
    // New entries continue after the restored ids.
    #expect(try cli.run("log", "water", "100ml", "--at", "17:30").stdout.hasPrefix("Logged"))
    let ids = try cli.shell("sqlite3 '\(cli.databasePath)' 'SELECT id FROM drink ORDER BY id'")
    #expect(ids.stdout == "1\n2\n3\n4\n5\n")
  }

  @Test func restoreRefusesABackupFromANewerLiquidus() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let copy = cli.folder.appendingPathComponent("copy.sqlite").path
    #expect(try cli.run("backup", copy).status == 0)
    let marked = try cli.shell(
      "sqlite3 '\(copy)' \"INSERT INTO grdb_migrations VALUES ('v99: from the future');\"")
    try #require(marked.status == 0, "\(marked.stderr)")
    try cli.run("log", "coffee", "200ml", "--at", "09:00")
    let before = try fileBytes(cli.databasePath)

    let result = try cli.run("restore", copy)
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "error: \(copy) was not restored: it was written by a newer Liquidus "
        + "(schema v99: from the future). Your database was not changed.\n")
    #expect(result.stdout.isEmpty)
    #expect(try fileBytes(cli.databasePath) == before)
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["liquidus.sqlite"],
      "no safety copy or staging file is left")
  }

  @Test func restoreRefusesADamagedBackup() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for minute in 0..<200 {
      try cli.run(
        "log", "water", "100ml", "--at", "08:\(minute % 60 < 10 ? "0" : "")\(minute % 60)")
    }
    let copy = cli.folder.appendingPathComponent("copy.sqlite").path
    #expect(try cli.run("backup", copy).status == 0)
    // Scribble over the drink table's first page, past its header: the file still opens as
    // SQLite, but its integrity check fails.
    let root = try cli.shell(
      "sqlite3 '\(copy)' \"SELECT rootpage FROM sqlite_master WHERE name = 'drink'\"")
    let page = try #require(Int(root.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    var bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
    let pageSize = 4096
    #expect(bytes.count % pageSize == 0 && bytes.count >= page * pageSize)
    let start = (page - 1) * pageSize
    for offset in (start + 8)..<(start + 64) {
      bytes[offset] = 0xFF
    }
    try bytes.write(to: URL(fileURLWithPath: copy))
    let before = try fileBytes(cli.databasePath)

    let result = try cli.run("restore", copy)
    #expect(result.status == 65)
    // Between these stand SQLite's own words: the integrity check's findings, or "database
    // disk image is malformed" when the damage stops the check itself (which of the two
    // depends on where the rows happen to lie).
    let prefix = "error: \(copy) was not restored: "
    let suffix = ". Your database was not changed.\n"
    #expect(result.stderr.hasPrefix(prefix) && result.stderr.hasSuffix(suffix))
    let reason = result.stderr.dropFirst(prefix.count).dropLast(suffix.count)
    #expect(
      reason.hasPrefix("it failed SQLite's integrity check ([\"*** in database main ***")
        || reason == "database disk image is malformed", "\(reason)")
    #expect(result.stdout.isEmpty)
    #expect(try fileBytes(cli.databasePath) == before)
  }
}
