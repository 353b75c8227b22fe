import Foundation
import Testing

/// Every merge source is checked as `log` and `import` check what they store, whether it is
/// another database or an export: a value no command would write is refused with its place and
/// why, exit 65, and nothing in this database changes.
@Suite struct MergeValidationTests {
  /// A laptop database with a coffee and a water, edited by `sql` in the sqlite3 shell, and a
  /// desktop (this CLI's database) with one drink of its own.
  private func laptop(_ cli: CLI, editedBy sql: String) throws -> String {
    let laptop = cli.folder.appendingPathComponent("laptop.sqlite").path
    #expect(try cli.run("--db", laptop, "log", "coffee", "200ml", "--at", "07:30").status == 0)
    #expect(try cli.run("--db", laptop, "log", "water", "250ml", "--at", "08:00").status == 0)
    #expect(try cli.run("log", "juice", "300ml", "--at", "09:00").status == 0)
    let edited = try cli.shell("sqlite3 '\(laptop)' \"\(sql)\"")
    try #require(edited.status == 0, "the sqlite3 shell is needed: \(edited.stderr)")
    return laptop
  }

  /// Merges `laptop` and expects a refusal that says `reason`, with this database unchanged.
  private func expectRefused(
    _ cli: CLI, _ laptop: String, saying reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try cli.run("export", "--format", "json").stdout
    let merged = try cli.runBinary("merge", laptop)
    #expect(merged.status == 65, "\(merged.stdout)\(merged.stderr)", sourceLocation: sourceLocation)
    #expect(
      merged.stderr.hasPrefix("error: \(laptop) cannot be merged: "), "\(merged.stderr)",
      sourceLocation: sourceLocation)
    #expect(merged.stderr.contains(reason), "\(merged.stderr)", sourceLocation: sourceLocation)
    #expect(merged.stderr.contains("Nothing was changed."), sourceLocation: sourceLocation)
    #expect(
      try cli.run("export", "--format", "json").stdout == before, sourceLocation: sourceLocation)
  }

  // Item 2: the database path applies the checks of the JSON path.

  @Test func aDatabasesAmountBeyondTheLimitOfADrinkIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let laptop = try laptop(cli, editedBy: "UPDATE drink SET volume_ml = 1e308 WHERE id = 2")
    try expectRefused(cli, laptop, saying: "more than anyone drinks at once")
  }

  @Test func aDatabasesUnreadableTimeIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let laptop = try laptop(cli, editedBy: "UPDATE drink SET at_ms = 'soon' WHERE id = 2")
    try expectRefused(cli, laptop, saying: "'soon' is not a time")
  }

  @Test func aDatabasesCaffeineBeyondWhatLogTakesIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let laptop = try laptop(cli, editedBy: "UPDATE drink SET caffeine_mg = 1e300 WHERE id = 1")
    try expectRefused(cli, laptop, saying: "the caffeine 1e+300 mg is more than")
  }

  @Test func aDatabasesTypeWithImpossibleCaffeineIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let laptop = try laptop(
      cli, editedBy: "UPDATE drink_type SET caffeine_mg_per_100ml = 1e300 WHERE name = 'Coffee'")
    try expectRefused(cli, laptop, saying: "the drink type Coffee has a caffeine content")
  }

  @Test func aDatabasesCaffeineRecordBeyondWhatLogTakesIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let laptop = try laptop(
      cli,
      editedBy: "INSERT INTO caffeine (at_ms, mg, import_key) "
        + "VALUES (1795158000000, 1e300, 'c|1')")
    try expectRefused(cli, laptop, saying: "the caffeine 1e+300 mg is more than")
  }

  @Test func aDatabasesIdsThatAreNotEntryIdsAreRefused() throws {
    for (sql, reason) in [
      ("UPDATE drink SET uid = X'00112233' WHERE id = 2", "has an id that is not an entry id"),
      (
        "UPDATE drink SET uid = hex(zeroblob(2500000)) WHERE id = 2",
        "has an id that is not an entry id"
      ),
      (
        "INSERT INTO drink_tombstone (uid, deleted_ms) VALUES ('x', 1795168800000)",
        "has an id that is not an entry id"
      ),
    ] {
      let cli = try CLI()
      defer { cli.cleanUp() }
      let laptop = try laptop(cli, editedBy: sql)
      try expectRefused(cli, laptop, saying: reason)
    }
  }

  // Item 4: instants after now (plus a few minutes' clock skew) and malformed ones.

  @Test func aChangeOrDeletionFromTheFutureIsRefused() throws {
    for (sql, reason) in [
      ("UPDATE drink SET modified_ms = 253402214400000 WHERE id = 2", "in the future"),
      (
        "INSERT INTO drink_tombstone (uid, deleted_ms) "
          + "VALUES ('00000000-0000-4000-8000-000000000001', 'zzzz')",
        "'zzzz' is not a time"
      ),
      (
        "INSERT INTO drink_tombstone (uid, deleted_ms) "
          + "VALUES ('00000000-0000-4000-8000-000000000001', 1798761600000)",
        "in the future"
      ),
    ] {
      let cli = try CLI()
      defer { cli.cleanUp() }
      let laptop = try laptop(cli, editedBy: sql)
      try expectRefused(cli, laptop, saying: reason)
    }
  }

  @Test func aJSONExportChangedInTheFutureIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "250ml", "--at", "08:00").status == 0)
    let export = try cli.run("export", "--format", "json").stdout
    let modified = try #require(
      export.range(of: #""modifiedAt":"[^"]*""#, options: .regularExpression))
    let edited = cli.folder.appendingPathComponent("edited.json").path
    try export.replacingCharacters(in: modified, with: #""modifiedAt":"9999-12-31T00:00:00Z""#)
      .write(toFile: edited, atomically: true, encoding: .utf8)
    let merged = try cli.run("merge", edited)
    #expect(merged.status == 65, "\(merged.stdout)")
    #expect(merged.stderr.contains("entry 1: the change at 9999-12-31T00:00:00Z is in the future"))
    #expect(try cli.run("export", "--format", "json").stdout == export)
  }

  // Item 6: a stored instant always parses, so the day cache and the entries agree.

  @Test func aTimeInsideADayThatDoesNotParseIsRefusedAndTheCacheStaysTrue() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let laptop = try laptop(
      cli, editedBy: "UPDATE drink SET at_ms = '2026-11-19 12:xx:00.000' WHERE id = 2")
    #expect(try cli.run("log", "water", "1000ml", "--at", "yesterday 12:00").status == 0)
    #expect(try cli.run("summary", "week").status == 0, "fills yesterday's cache")
    try expectRefused(cli, laptop, saying: "'2026-11-19 12:xx:00.000' is not a time")
    let cached = try cli.run("summary", "week", "--format", "json").stdout
    let cleared = try cli.shell("sqlite3 '\(cli.databasePath)' 'DELETE FROM day_total'")
    try #require(cleared.status == 0)
    #expect(try cli.run("summary", "week", "--format", "json").stdout == cached)
  }

  // Item 10: a merge reads tables only, and a bounded amount of them.

  @Test func aViewOrAForeignTriggerInTheOtherDatabaseIsRefused() throws {
    for (sql, reason) in [
      (
        "DROP TABLE drink_tombstone; CREATE VIEW drink_tombstone AS WITH RECURSIVE n(i) AS "
          + "(SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT printf("
          + "'%08d-0000-4000-8000-000000000000', i) AS uid, 1795168800000 "
          + "AS deleted_ms FROM n",
        "it holds a view Liquidus did not make (drink_tombstone)"
      ),
      (
        "CREATE TRIGGER planted AFTER INSERT ON drink BEGIN DELETE FROM drink; END",
        "it holds a trigger Liquidus did not make (planted)"
      ),
    ] {
      let cli = try CLI()
      defer { cli.cleanUp() }
      let laptop = try laptop(cli, editedBy: sql)
      try expectRefused(cli, laptop, saying: reason)
    }
  }
}
