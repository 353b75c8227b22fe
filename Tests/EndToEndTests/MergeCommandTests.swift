import Foundation
import Testing

@testable import LiquidusCLI

/// `liquidus merge` as two devices use it: each has its own database file.
@Suite struct MergeCommandTests {
  /// The laptop's database beside this CLI's (the desktop's).
  func laptop(_ cli: CLI) -> String { cli.folder.appendingPathComponent("laptop.sqlite").path }

  @Test func mergeReportsWhatItAddsUpdatesAndDeletesAndDryRunSaysWould() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let laptop = laptop(cli)
    #expect(try cli.run("log", "water", "250ml", "--at", "08:00").status == 0)
    #expect(try cli.run("--db", laptop, "log", "coffee", "200ml", "--at", "07:30").status == 0)
    #expect(try cli.run("--db", laptop, "types", "add", "Mate", "--color", "#123456").status == 0)
    #expect(try cli.run("--db", laptop, "log", "mate", "330ml", "--at", "09:00").status == 0)

    let dry = try cli.run("merge", laptop, "--dry-run")
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(
      dry.stdout == """
        Dry run, nothing was changed: merging \(laptop) would add 2, update 0, delete 0 and \
        leave 0 unchanged.
        It would add the drink types Mate.

        """)
    #expect(try cli.run("list").stdout.contains("Total 250 mL in 1 entry"))

    let merged = try cli.run("merge", laptop)
    #expect(
      merged.stdout == """
        Merged \(laptop): 2 added, 0 updated, 0 deleted, 0 unchanged.
        Added drink types: Mate.

        """)
    #expect(try cli.run("list").stdout.contains("Total 780 mL in 3 entries"))
    #expect(try cli.run("types").stdout.contains("#123456"), "the other side's colour")

    // The laptop deletes its coffee and takes the desktop's water; the desktop edits the mate.
    #expect(try cli.run("--db", laptop, "delete", "1").status == 0)
    #expect(try cli.run("--db", laptop, "merge", cli.databasePath).status == 0)
    let later = cli.environment.merging(["LIQUIDUS_NOW": "2026-11-20T14:10:00Z"]) { $1 }
    #expect(try cli.run("edit", "3", "--amount", "500ml", extraEnvironment: later).status == 0)
    #expect(
      try cli.run("merge", laptop).stdout
        == "Merged \(laptop): 0 added, 0 updated, 1 deleted, 2 unchanged.\n")
    #expect(
      try cli.run("--db", laptop, "merge", cli.databasePath).stdout
        == "Merged \(cli.databasePath): 0 added, 1 updated, 0 deleted, 2 unchanged.\n")
    let here = try cli.run("export", "--format", "json").stdout
    #expect(try cli.run("--db", laptop, "export", "--format", "json").stdout == here)
    #expect(here.contains(#""amount":500"#) && !here.contains("Coffee"))
  }

  @Test func anotherLiquidusWritingTheOtherFileMeanwhileIsReadSafely() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let laptop = laptop(cli)
    #expect(try cli.run("--db", laptop, "log", "water", "1ml").status == 0)
    // The laptop's own Liquidus keeps logging while this one merges its file again and again.
    let writer = try cli.launch(
      "i=2; while [ $i -le 60 ]; do \"$LIQUIDUS\" --db '\(laptop)' log water ${i}ml "
        + "--at 2026-11-20T10:00:00Z >/dev/null || exit 1; i=$((i+1)); done")
    var merges = 0
    while writer.process.isRunning || merges == 0 {
      let result = try cli.runBinary("merge", laptop)
      #expect(result.status == 0, "\(result.stderr)")
      merges += 1
    }
    #expect(writer.finish().status == 0)
    #expect(try cli.run("merge", laptop).status == 0)
    #expect(try cli.run("list").stdout.contains("in 60 entries"))
    // Every merge saw whole commits: amounts 1 to 60 mL, each once.
    let amounts = try cli.run("export").stdout.split(separator: "\n").dropFirst()
      .map { $0.split(separator: ",")[2] }
    #expect(amounts.sorted { Int($0)! < Int($1)! } == (1...60).map { "\($0)" })
  }

  @Test func aFileThatCannotBeMergedIsRefusedAndNothingChanges() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "250ml").status == 0)
    let before = try cli.run("export", "--format", "json").stdout
    let notes = cli.folder.appendingPathComponent("notes.txt").path
    try "shopping list".write(toFile: notes, atomically: true, encoding: .utf8)
    let text = try cli.run("merge", notes)
    #expect(text.status == 65)
    #expect(
      text.stderr.hasPrefix(
        "error: \(notes) cannot be merged: it is neither a Liquidus database nor a JSON export"))

    let old = cli.folder.appendingPathComponent("old.sqlite").path
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Schemas/v1.sqlite")
    try FileManager.default.copyItem(atPath: fixture.path, toPath: old)
    let oldBytes = try Data(contentsOf: URL(fileURLWithPath: old))
    let outdated = try cli.run("merge", old)
    #expect(outdated.status == 65)
    #expect(outdated.stderr.contains("is a database of an older Liquidus"), "\(outdated.stderr)")
    #expect(outdated.stderr.contains("status` upgrades it"), "\(outdated.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == oldBytes, "only read")

    let missing = try cli.run("merge", "nowhere.sqlite")
    #expect(missing.status == 64, "a mistyped path, as for import and restore")
    #expect(missing.stderr.contains("there is no file there"))

    // A hand-edited export: its own words, never SQLite's CHECK constraint.
    let edited = cli.folder.appendingPathComponent("edited.json").path
    #expect(before.contains("\"caffeineMg\":0,"))
    try before.replacingOccurrences(of: "\"caffeineMg\":0,", with: "\"caffeineMg\":-5,")
      .write(toFile: edited, atomically: true, encoding: .utf8)
    let negative = try cli.run("merge", edited)
    #expect(negative.status == 65)
    #expect(
      negative.stderr.contains("entry 1: the caffeine -5 mg is not 0 or a positive number"),
      "\(negative.stderr)")
    #expect(try cli.run("export", "--format", "json").stdout == before)
  }

  @Test func importedCaffeineRecordsComeWithTheirDrinksAndGoWithThem() throws {
    let cli = try CLI(now: "2026-11-20T12:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let laptop = laptop(cli)
    let file = try ImportSupport.file(cli, "export.xml", HealthCaffeineTests.export)
    #expect(try cli.run("--db", laptop, "import", file).status == 0)
    func caffeineToday(_ database: String) throws -> Double? {
      let json = try cli.run("--db", database, "caffeine", "today", "--format", "json").stdout
      let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      return report?["todayMg"] as? Double
    }
    #expect(try caffeineToday(laptop) == 145)

    let merged = try cli.run("merge", laptop)
    #expect(merged.stdout.contains("Added 2 caffeine records."), "\(merged.stdout)")
    #expect(try caffeineToday(cli.databasePath) == 145, "the drink's 95 mg once, and 50 mg")
    #expect(!(try cli.run("merge", laptop).stdout.contains("caffeine")), "nothing new")

    // The laptop deletes the coffee: its linked 95 mg go with it on both devices.
    #expect(try cli.run("--db", laptop, "delete", "1").status == 0)
    #expect(try cli.run("merge", laptop).status == 0)
    #expect(try caffeineToday(cli.databasePath) == 50)
    #expect(try cli.run("--db", laptop, "merge", cli.databasePath).status == 0)
    #expect(try caffeineToday(laptop) == 50)
  }
}
