import Foundation
import Testing

/// What an import says about the rows and options that did not work as the user meant.
@Suite struct ImportReportingTests {
  @Test func strictListsEveryBadRowAndKeepsNothing() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    var rows = ["date,drink,amount,unit"]
    for index in 0..<30 {
      // Every third row is bad: 10 of them, all listed.
      rows.append(
        "2026-11-20T08:\(String(format: "%02d", index)):00Z,Water,\(index % 3 == 0 ? "x" : "100"),mL"
      )
    }
    let file = try ImportSupport.file(cli, "rows.csv", rows.joined(separator: "\n") + "\n")
    let result = try cli.run("import", file, "--strict")
    #expect(result.status == 65)
    #expect(
      result.stdout.contains(
        "Nothing imported (--strict): 10 rows were rejected (the first on line 2), so the whole"
          + " file was rolled back."), "\(result.stdout)")
    let listed = result.stdout.split(separator: "\n").filter {
      $0.contains("rows.csv:") && $0.hasPrefix("    ")
    }
    #expect(listed.count == 10)
    #expect(listed.first?.contains("rows.csv:2: amount 'x' is not a number") == true)
    #expect(listed.last?.contains("rows.csv:29:") == true)
    #expect(try ImportSupport.count(cli, "drink") == 0)
  }

  @Test func strictListsTwentyBadRowsThenACount() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    var rows = ["date,drink,amount,unit"]
    for index in 0..<25 {
      rows.append("2026-11-20T08:\(String(format: "%02d", index)):00Z,Water,x,mL")
    }
    let file = try ImportSupport.file(cli, "bad.csv", rows.joined(separator: "\n") + "\n")
    let result = try cli.run("import", file, "--strict")
    #expect(result.status == 65)
    let listed = result.stdout.split(separator: "\n").filter {
      $0.contains("bad.csv:") && $0.hasPrefix("    ")
    }
    #expect(listed.count == 20)
    #expect(result.stdout.contains("Rows rejected: 25"))
  }

  @Test func aTypeMapThatMatchesNothingIsReportedWithTheLikelyName() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "records.csv",
      "type,sourceName,unit,startDate,value\n"
        + "DietaryWater,Water's App,mL,2026-11-20 08:00:00 +0000,250\n"
        + "DietaryWater,Other,mL,2026-11-20 09:00:00 +0000,100\n")
    let result = try cli.run(
      ["import", file, "--type-map", "Water\u{2019}s App=Coffee", "--type-map", "Nobody=Juice"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "--type-map 'Water\u{2019}s App=Coffee' matched no drink: no source app of that name in"
          + " this file; did you mean 'Water's App' (a plain ' where you typed a typographic one,"
          + " or the other way round)?"), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "--type-map 'Nobody=Juice' matched no drink: no source app of that name in this file"
          + " (it has: Water's App, Other)"))
    // Unmatched, the drinks stay Water.
    #expect(try ImportSupport.drinks(cli).allSatisfy { $0.hasPrefix("Water|") })
    let matched = try cli.run(["import", file, "--type-map", "water's app=Coffee", "--dry-run"])
    #expect(!matched.stdout.contains("matched no drink"))
  }
}
