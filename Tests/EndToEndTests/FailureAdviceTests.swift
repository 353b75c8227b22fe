import Foundation
import Testing

/// The library's errors say what went wrong; the command line adds the option or command that
/// fixes it, and the exit status. These check that each piece of advice reaches the user.
@Suite struct FailureAdviceTests {
  @Test(
    arguments: [
      (["log", "watr", "250ml"], 64, "add it with `liquidus types add watr`"),
      (["log", "water", "--", "-1ml"], 64, "use `liquidus delete <id>` or `liquidus undo`"),
      (["log", "water", "6l"], 64, "Add --force if you really drank that much"),
      (["log", "water", "30l", "--force"], 64, "(the limit is 20000 mL, even with --force)"),
      (["log", "water", "250ml", "--at", "15:00"], 64, "give a past time with --at"),
      (["edit", "99", "--amount", "1l"], 64, "See the ids with `liquidus list`"),
      (["undo"], 64, "no entry was logged with `liquidus log` yet"),
      (
        ["summary", "--from", "2026-11-05", "--to", "2026-11-01"], 64,
        "give --to on or after --from"
      ),
      (["types", "add", "water"], 64, "Pick another name, or see `liquidus types`"),
      (["goal", "1e-300ml"], 64, "is less than 1 mL. Give a goal such as 2000ml"),
      (["goal", "25l"], 64, "A daily goal of 25000 mL is more than 20 L."),
      (["config", "--first-weekday", "funday"], 64, "Unknown weekday 'funday'"),
    ] as [([String], Int32, String)])
  func commandLineAdviceNamesTheFix(arguments: [String], status: Int32, advice: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(advice), "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
  }

  @Test func aPlainCSVWithOtherColumnsIsToldToMapThem() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(cli, "other.csv", "When,What,Volume\n2026-11-01,Water,250\n")
    let result = try cli.run("import", file, "--format", "csv")
    #expect(result.status == 65)
    #expect(result.stderr.contains("--map When=date --map Volume=amount"), "\(result.stderr)")
  }

  @Test func anotherProgramsDatabaseIsRefusedWithTheOptionsThatChooseAnother() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let other = cli.folder.appendingPathComponent("other.sqlite").path
    let made = try cli.shell("sqlite3 '\(other)' 'CREATE TABLE notes (x);'")
    try #require(made.status == 0, "the sqlite3 shell is needed: \(made.stderr)")
    let result = try cli.run("--db", other, "status")
    #expect(result.status == 1)
    #expect(result.stderr.contains("not a Liquidus one. It was not changed."), "\(result.stderr)")
    #expect(result.stderr.contains("Point --db or LIQUIDUS_DB at a Liquidus database"))
  }

  @Test func aGoalWithinTheRangeIsKeptAndStatusStillWorks() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("goal", "1ml").status == 0)
    #expect(try cli.run("log", "water", "250ml", "--at", "09:00").status == 0)
    let status = try cli.run("status")
    #expect(status.status == 0)
    #expect(status.stdout.contains("goal reached"), "\(status.stdout)")
  }

  @Test func enablingAnArchivedTypeSaysItStaysArchived() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "juice", "200ml", "--at", "09:00")
    #expect(try cli.run("types", "delete", "juice").status == 0)
    let enabled = try cli.run("types", "enable", "juice")
    #expect(enabled.status == 0)
    #expect(enabled.stdout.contains("Juice is archived"), "\(enabled.stdout)")
    #expect(enabled.stdout.contains("`liquidus types add Juice`"))
    #expect(try cli.run("log", "juice", "200ml").status == 64)
  }
}
