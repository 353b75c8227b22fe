import Foundation
import Testing

/// A summary, report or caffeine view lays out every day of its period, so a range to
/// 9999-12-31 ran past a minute and hundreds of megabytes. Such views are bounded to a span a
/// person's records can fill (100 years); `list` and `export` read only the entries of a range,
/// so they keep taking any.
@Suite struct LongPeriodTests {
  private static let refusal =
    "error: 2026-01-01 to 9999-12-31 spans 7,974 years; a summary, report or caffeine view"
    + " covers at most 100 years. Choose a shorter range, or use `list` or `export` for the"
    + " entries of any range.\n"

  @Test(arguments: [
    ["summary"], ["summary", "--format", "json"], ["report", "--format", "txt"], ["caffeine"],
  ])
  func aRangeToTheEndOfTheCalendarIsRefusedAtOnce(command: [String]) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let arguments = (command + ["--from", "2026-01-01", "--to", "9999-12-31"])
      .map { "'\($0)'" }.joined(separator: " ")
    // `timeout` ends a run that lays out every day (it took over a minute).
    let result = try cli.shell("cd '\(cli.folder.path)' && timeout 10 \"$LIQUIDUS\" \(arguments)")
    #expect(result.status == 64, "\(command): \(result.stdout.prefix(300))\(result.stderr)")
    #expect(result.stderr == Self.refusal, "\(command)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aCenturyIsSummarizedAndListAndExportTakeAnyRange() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let century = try cli.run("summary", "--from", "1970-01-01", "--to", "2026-11-20")
    #expect(century.status == 0, "\(century.stderr)")
    #expect(century.stdout.contains("Water"), "\(century.stdout)")
    let list = try cli.run(
      "list", "--from", "0001-01-01", "--to", "9999-12-31", "--format", "csv")
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.split(separator: "\n").count == 2, "\(list.stdout)")
  }
}
