import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
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

  @Test func aBackupThatFailsItsCheckSaysSoNotThatRestoreFailed() throws {
    // A backup into a file the check cannot open (a folder in the copy's place after writing
    // is hard to stage), so check the message itself.
    let message = StoreError.backupFailed(path: "/x/copy.sqlite", reason: "disk I/O error")
    #expect(message.description.hasPrefix("The backup to /x/copy.sqlite failed its check"))
    #expect(!message.description.contains("restored"))
  }

  @Test func purgeTakesAnAutomaticBackupFirst() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "soda", "330ml", "--at", "08:00")
    let result = try cli.run("types", "delete", "soda", "--purge")
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

  @Test func aReadOnlyDatabaseIsRefusedWithoutChange() throws {
    // The command runs as `nobody` on a file it can only read.
    let cli = try CLI()
    defer { cli.cleanUp() }
    guard CLI.canRunAsNobody else { return }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    try cli.makeDatabaseReadOnlyForNobody()
    let before = try fileBytes(cli.databasePath)
    let result = try cli.runAsNobody("log water 250ml")
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot be written"), "\(result.stderr)")
    #expect(try fileBytes(cli.databasePath) == before)
  }

  @Test func aFullDiskIsReportedAndNothingIsLost() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let mountPoint = cli.folder.appendingPathComponent("small").path
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    // A 256 KiB tmpfs stands in for a full disk; where mounting is not allowed, say so and stop.
    guard try cli.shell("mount -t tmpfs -o size=256k tmpfs '\(mountPoint)'").status == 0 else {
      return
    }
    defer { _ = try? cli.shell("umount '\(mountPoint)'") }
    let database = mountPoint + "/liquidus.sqlite"
    #expect(try cli.run("--db", database, "log", "water", "250ml", "--at", "08:00").status == 0)
    _ = try cli.shell("dd if=/dev/zero of='\(mountPoint)/filler' bs=1k count=1024 2>/dev/null")
    let result = try cli.run("--db", database, "log", "water", "250ml", "--at", "09:00")
    #expect(result.status == 1)
    #expect(result.stderr.contains("is full"), "\(result.stderr)")
    _ = try cli.shell("rm '\(mountPoint)/filler'")
    #expect(try DrinkStore.open(at: database).entryCount() == 1)
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
    #expect(rows.map(\.amount) == [0.25, 0.2, 0.3, 0.15], "amounts in the stored unit, litres")
    #expect(rows[0].note == "Glas, \"groß\" — ☀️" && rows[0].date == "2026-11-18T08:00:00+01:00")
    let store = try DrinkStore.open(at: database.path)
    let settings = try store.settings()
    #expect(settings.dailyGoal.milliliters == 2500 && settings.firstWeekday == 2)
    #expect(try store.type(named: "Tea").isArchived && !store.type(named: "Juice").isEnabled)
  }
}
