import ArgumentParser
import Foundation
import Testing

@testable import LiquidusCLI

/// What a newcomer types and what they are told: mistakes mended where they can only mean one
/// thing, or answered with the fix and exit status 64.
@Suite struct NewcomerTests {
  @Test(
    arguments: [
      (["lgo", "water", "1l"], "Unknown command 'lgo'. Did you mean 'log'?"),
      (["help", "nosuch"], "Unknown command 'nosuch'."),
      (
        ["log", "250ml", "water"],
        "The drink comes first, then the amount: `liquidus log water 250ml`"
      ),
      (["log", "water", "-5"], "An amount must be more than zero, not -5."),
      (["goal", "-1"], "A daily goal must be more than zero, not -1. Give e.g. 2000ml."),
      (["goal", "0"], "A daily goal of 0 mL is less than 1 mL."),
    ] as [([String], String)])
  func mistakesGetTheFix(arguments: [String], message: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("error: \(message)"), "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aUnitSplitFromItsNumberIsJoinedBack() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "250", "ml", "--at", "08:00").status == 0)
    #expect(try cli.run("log", "coffee", "8", "fl", "oz", "--at", "09:00").status == 0)
    #expect(try cli.run("goal", "2.5", "l").stdout == "Daily goal set to 2,500 mL.\n")
    let csv = try cli.run("list", "--format", "csv").stdout
    #expect(csv.contains(",Water,250,mL,") && csv.contains(",Coffee,236.59,mL,"), "\(csv)")
  }

  @Test func lastWeekInTwoWordsAndLastYearAreUnderstood() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let twoWords = try cli.run("summary", "last", "week", "--format", "json")
    let oneWord = try cli.run("summary", "last-week", "--format", "json")
    #expect(twoWords.status == 0 && twoWords.stdout == oneWord.stdout)
    let lastYear = try cli.run("summary", "last-year")
    #expect(lastYear.status == 0)
    #expect(lastYear.stdout.hasPrefix("Dec 2024 - Nov 2025"), "\(lastYear.stdout)")
  }

  @Test func aPastPeriodShowsNoRunningStreak() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("goal", "100ml")
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let past = try cli.run("summary", "2020").stdout
    #expect(!past.contains("streak"), "\(past)")
    #expect(past.contains("longest here 0 days"))
    #expect(try cli.run("summary", "today").stdout.contains("streak 1 day"))
  }

  @Test func anImportedEntryWithoutANoteHasNoStrayBlank() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "one.csv", "date,drink,amount,unit\n2026-11-20T08:00:00Z,Water,250,mL\n")
    #expect(try cli.run("import", file).status == 0)
    let list = try cli.run("list").stdout
    #expect(list.contains("250 mL  (imported)"), "\(list)")
  }

  @Test func aPictureRenamedCSVIsNamedAsBinaryAndNeverEchoed() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
    bytes += (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
    let file = cli.folder.appendingPathComponent("photo.csv")
    try Data(bytes).write(to: file)
    for extra in [[], ["--format", "csv"]] {
      let result = try cli.run(["import", file.path] + extra)
      #expect(result.status == 65, "\(extra)")
      #expect(result.stderr.contains("is not a text file"), "\(extra): \(result.stderr)")
      #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
  }

  @Test func importRowsAreExplainedAndReadCommasAsLogDoes() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "rows.csv",
      "date,drink,amount,unit\n2026-11-20 08:00,Water,1,gallon\n20/11/2026,Water,250,ml\n"
        + "2026-11-20 09:00,Water,\"1,5\",l\n2026-11-20 09:30,Water,\"1,500\",ml\n")
    let result = try cli.run(["import", file], extraEnvironment: ["LANG": "de_DE.UTF-8"])
    #expect(result.status == 65)
    let rows = result.stdout.split(separator: "\n").filter {
      $0.contains("rows.csv:") && $0.hasPrefix("    ")
    }
    #expect(rows.count == 3, "\(result.stdout)")
    #expect(
      rows.first?.contains("rows.csv:2: unit 'gallon' is not supported; use one of mL, L") == true)
    #expect(
      rows.dropFirst().first?.contains("rows.csv:3: date '20/11/2026' is not in a form") == true)
    #expect(rows.last?.contains("rows.csv:5: amount '1,500' could mean 1.5 or 1500") == true)
    // `log wasser 1,5l` reads 1,5 as one and a half litres; so does the import.
    let csv = try cli.run("list", "2026-11-20", "--format", "csv").stdout
    #expect(csv.contains(",Water,1500,mL,"), "\(csv)")
  }

  @Test func oneArchivedEntryStaysInTheSingular() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "juice", "100ml", "--at", "08:00")
    let result = try cli.run("types", "delete", "juice")
    #expect(result.stdout.contains("its 1 entry stays in every report"), "\(result.stdout)")
  }

  @Test func foundationReasonsDoNotDoubleTheFullStop() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let result = try cli.run("export", "--out", "/nonexistent-folder/x.csv")
    #expect(result.status == 1)
    #expect(!result.stderr.contains(".."), "\(result.stderr)")
  }
}

/// The help says what the commands accept, from the same source as their checks.
@Suite struct HelpTests {
  private func help(_ command: String...) throws -> String {
    let cli = try CLI()
    defer { cli.cleanUp() }
    return try cli.run(command + ["--help"]).stdout
  }

  @Test func helpListsWhatTheCommandAccepts() throws {
    let list = try help("list")
    #expect(list.contains("values: table, json, csv") && !list.contains("text"), "\(list)")
    #expect(try help("config").contains("values: mL, L, fl oz, cup"))
    let log = try help("log")
    #expect(log.contains("\"1d ago\"") && log.contains("...Z") && log.contains("now,"), "\(log)")
    #expect(try help("types", "delete").contains("automatic backup"))
    #expect(try help("list").contains("$XDG_DATA_HOME/liquidus/liquidus.sqlite"))
  }

  /// Every command, found from the command tree so that a new one is checked too.
  private static let commandPaths: [[String]] = {
    func paths(_ command: ParsableCommand.Type, prefix: [String]) -> [[String]] {
      let here = prefix + (prefix.isEmpty && command == Liquidus.self ? [] : [command._commandName])
      return [here] + command.configuration.subcommands.flatMap { paths($0, prefix: here) }
    }
    return paths(Liquidus.self, prefix: [])
  }()

  @Test func everyHelpFitsEightyColumns() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(Self.commandPaths.count > 20)
    for path in Self.commandPaths {
      let result = try cli.runBinary(path + ["--help"], extraEnvironment: ["COLUMNS": "80"])
      #expect(result.status == 0, "\(path)")
      let long = result.stdout.split(separator: "\n").filter { $0.count > 80 }.map(String.init)
      #expect(long.isEmpty, "\(path): \(long)")
      #expect(result.stdout.contains("USAGE: liquidus"), "\(path)")
    }
  }
}
