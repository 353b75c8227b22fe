import Foundation
import Testing

/// Amounts that cannot be a slip (issue 29): litres typed without their unit are refused with
/// the likely meaning and exit 64, `--force` keeps what was typed, and the units and spacings
/// people use are read.
@Suite struct FirstWeekAmountTests {
  @Test(arguments: [
    ["goal", "2.5"], ["log", "water", "1.5"], ["log", "water", "0,5"],
  ])
  func litresWithoutTheirUnitAreRefused(arguments: [String]) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(arguments)
    let number = arguments.last!
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("did you mean \(number) L?"), "\(result.stderr)")
    // The amount --force keeps is said as typed, not rounded (1.5 was "2 mL").
    #expect(
      result.stderr.contains("Add --force to keep \(number) mL as typed."), "\(result.stderr)")
    #expect(try cli.run("list", "--format", "csv").stdout.split(separator: "\n").count == 1)
    #expect(try cli.run("goal").stdout == "Daily goal: 2,000 mL\n")
  }

  @Test func forceKeepsWhatWasTyped() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("goal", "5", "--force").stdout == "Daily goal set to 5 mL.\n")
    let logged = try cli.run("log", "water", "1.5", "--force", "--at", "08:00")
    #expect(logged.status == 0 && logged.stdout.hasPrefix("Logged 2 mL of Water"), "\(logged)")
    let tiny = try cli.run("log", "water", "0.01ml", "--at", "08:05")
    #expect(tiny.status == 64 && tiny.stderr.contains("would show as 0 mL"), "\(tiny.stderr)")
    #expect(try cli.run("log", "water", "0.01ml", "--at", "08:05", "--force").status == 0)
  }

  @Test func theQuickPathRefusesAsTheParserDoes() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let quick = try cli.run("log", "water", "2")
    let parsed = try cli.run("log", "water", "2", "--note=x")
    #expect(quick.status == 64 && parsed.status == 64)
    #expect(quick.stderr == parsed.stderr)
  }

  @Test(arguments: [
    (["33cl"], "330 mL"), (["5", "dl"], "500 mL"), (["1", "pint"], "473 mL"),
    (["1", "uk", "pint"], "568 mL"), (["10", "imp", "fl", "oz"], "284 mL"),
    (["10", "uk", "fl", "oz"], "284 mL"), (["0,5", "l"], "500 mL"), (["1,500", "ml"], "1,500 mL"),
  ])
  func everydayUnitsAndSpacesAreRead(amount: [String], shown: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(["log", "water"] + amount + ["--at", "08:00"])
    #expect(result.status == 0, "\(amount): \(result.stderr)")
    #expect(result.stdout.hasPrefix("Logged \(shown) of Water"), "\(result.stdout)")
  }

  @Test func aGroupedThousandIsAmbiguousWhereTheCommaIsDecimal() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(
      "log", "water", "1,500", "ml", extraEnvironment: ["LANG": "de_DE.UTF-8"])
    #expect(result.status == 64, "\(result.stdout)")
    #expect(result.stderr.contains("could mean 1.5 or 1500"), "\(result.stderr)")
  }
}
