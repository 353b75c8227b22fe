import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import Testing

/// `list` takes the same period expressions as `summary`.
@Suite struct ListPeriodTests {
  private func rows(_ cli: CLI, _ arguments: String...) throws -> [EntryListing.Row] {
    let result = try cli.run(["list"] + arguments + ["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONDecoder().decode([EntryListing.Row].self, from: Data(result.stdout.utf8))
  }

  @Test func lastWeekAMonthAndACustomRange() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    for day in ["2026-10-31", "2026-11-01", "2026-11-03", "2026-11-04", "2026-11-10", "2026-11-20"]
    {
      try cli.run("log", "water", "100ml", "--at", "\(day) 12:00")
    }
    #expect(try rows(cli, "last-week").map(\.date) == ["2026-11-10T12:00:00+01:00"])
    #expect(try rows(cli, "2026-11").count == 5)
    #expect(try rows(cli, "--from", "2026-11-01", "--to", "2026-11-03").count == 2)
    #expect(try rows(cli, "week:2026-11-01").count == 3)
  }
}
