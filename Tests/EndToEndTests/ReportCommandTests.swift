import Foundation
import Testing

/// `report` end to end: the real binary, the real gnuplot, a private database.
@Suite struct ReportCommandTests {
  private func loggedWeek() throws -> CLI {
    let cli = try CLI(now: "2026-11-20T18:00:00Z", timeZone: "Europe/Berlin")
    for (drink, amount, at) in [
      ("water", "1.5l", "2026-11-16 09:00"), ("coffee", "250ml", "2026-11-16 08:00"),
      ("water", "2l", "2026-11-18 12:00"), ("juice", "200ml", "2026-11-19 08:00"),
    ] {
      let result = try cli.run("log", drink, amount, "--at", at)
      #expect(result.status == 0, "\(result.stderr)")
    }
    return cli
  }

  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
  }

  @Test func writesEveryFormatAndPrintsThePaths() throws {
    let cli = try loggedWeek()
    defer { cli.cleanUp() }
    let out = cli.folder.appendingPathComponent("out").path
    let result = try cli.run("report", "week", "--out", out, "--format", "svg,png,txt,html")
    #expect(result.status == 0, "\(result.stderr)")
    let names = [
      "week-2026-11-15.svg", "week-2026-11-15.png", "week-2026-11-15-share.svg",
      "week-2026-11-15-share.png",
      // The Monday coffee's 100 mg of caffeine: the week has a caffeine chart too.
      "week-2026-11-15-caffeine.svg", "week-2026-11-15-caffeine.png", "week-2026-11-15.txt",
      "week-2026-11-15.html",
    ]
    #expect(result.stdout == names.map { "\(out)/\($0)\n" }.joined())
    #expect(try mode(out) == 0o700)
    for name in names { #expect(try mode("\(out)/\(name)") == 0o600, "\(name)") }
    let text = try String(contentsOfFile: "\(out)/week-2026-11-15.txt", encoding: .utf8)
    #expect(text.hasPrefix("Nov 15th to 21st, 2026. You drank 3.95 liters"))
    #expect(text.contains("Bar chart, Days in week, Milliliters consumed, 7 bars"))
  }

  @Test func aMissingGnuplotGivesTheInstallHintAndWritesNothing() throws {
    let cli = try loggedWeek()
    defer { cli.cleanUp() }
    let out = cli.folder.appendingPathComponent("out").path
    let result = try cli.run(
      ["report", "week", "--out", out], extraEnvironment: ["PATH": "/nonexistent"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("gnuplot was not found on PATH (/nonexistent)"))
    #expect(result.stderr.contains("apt-get install gnuplot-nox"))
    #expect(result.stderr.contains("--format txt"))
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out), "not even the folder is created")
  }

  @Test func textNeedsNoGnuplot() throws {
    let cli = try loggedWeek()
    defer { cli.cleanUp() }
    let out = cli.folder.appendingPathComponent("out").path
    let result = try cli.run(
      ["report", "--out", out, "--format", "txt"], extraEnvironment: ["PATH": "/nonexistent"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(out)/week-2026-11-15.txt\n")
  }

  @Test func badArgumentsAreUsageErrors() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let format = try cli.run("report", "--format", "svg,pdf")
    #expect(format.status == 64 && format.stderr.contains("svg, png, html, txt"))
    let range = try cli.run("report", "--from", "2026-11-01")
    #expect(range.status == 64 && range.stderr.contains("both --from and --to"))
    let type = try cli.run("report", "--type", "watr", "--format", "txt")
    #expect(type.status == 64 && type.stderr.contains("Did you mean 'Water'?"))
  }
}

/// A new person's first days: one day of entries in a month and a year of empty days. The
/// calendar's day numbers and the 7-day line once crashed gnuplot 5.4 (`with labels` and a
/// series without a single point), so the first report a newcomer asked for failed.
@Suite struct FirstDaysReportTests {
  @Test(arguments: ["month", "year", "half-year", "week"])
  func aPeriodWithOneDayOfEntriesDraws(period: String) throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z")
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let out = cli.folder.appendingPathComponent("reports").path
    let result = try cli.run("report", period, "--out", out, "--format", "svg,png")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out)
    #expect(files.contains { $0.hasSuffix(".svg") }, "\(files)")
  }
}
