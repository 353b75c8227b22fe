import Foundation
import Testing

/// The advice that names an option or a command moved from the library's messages into the
/// command line (`Remedy`, `LiquidusCLI/Failures`); what a person reads stays word for word
/// what it was. Each text here is the whole line the library used to write.
@Suite struct MovedAdviceTests {
  @Test func aTooLongDrinkNamePointsToTypeMap() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let long = String(repeating: "Chamomile ", count: 4) + "tea"
    let file = try ImportSupport.file(
      cli, "names.csv", "date,drink,amount,unit\n2026-11-01T09:00:00Z,\(long),200,mL\n")
    let result = try cli.run("import", file)
    #expect(
      result.stdout.contains(
        "names.csv:2: the drink name 'Chamomile Chamomile Chamomile Chamomile ...' has 43 "
          + "characters; a drink type's name has at most 40, so rename it in the file or send "
          + "it to a type with --type-map\n"), "\(result.stdout)")
  }

  @Test func aFolderWithNothingKnownPointsToFormat() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let empty = cli.folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let result = try cli.run("import", empty.path)
    #expect(result.stderr.hasSuffix(". Pass the file itself, with --format if its name differs.\n"))
  }

  @Test func anEmptyWakingWindowPointsToFromAndUntil() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("remind", "--from", "08:00", "--until", "08:00")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "error: The waking window starts and ends at 08:00, so it holds no time to remind "
        + "in. Give different times, e.g. --from 08:00 --until 22:00. Nothing was changed.\n")
  }

  @Test func aFileThatIsNeitherADatabaseNorAnExportPointsToExport() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let notes = cli.folder.appendingPathComponent("notes.txt").path
    try "shopping list".write(toFile: notes, atomically: true, encoding: .utf8)
    let result = try cli.run("merge", notes)
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "error: \(notes) cannot be merged: it is neither a Liquidus database nor a JSON "
        + "export of one (`export --format json`). Nothing was changed. Name another Liquidus "
        + "database, or a file written by `liquidus export --format json`.\n")
  }

  @Test func remindersOffAndTheCaffeineLimitPointToTheirCommands() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("remind", "--off").status == 0)
    #expect(try cli.run("due").stdout.hasPrefix("Reminders are off (liquidus remind --on) · "))
    let waybar = try cli.run("status", "--format", "waybar").stdout
    #expect(waybar.contains("Reminders are off (liquidus remind --on)"), "\(waybar)")
    #expect(try cli.run("config", "--caffeine-limit", "100mg").status == 0)
    let logged = try cli.run("log", "coffee", "500ml")
    #expect(logged.stderr.hasSuffix(" (liquidus config --caffeine-limit).\n"), "\(logged.stderr)")
  }
}
