import Foundation
import Testing

/// `import --report json`: one object a program reads, with the same figures as the words.
@Suite struct ImportJSONReportTests {
  @Test func figuresOfEachFileAndTheirTotals() throws {
    let cli = try CLI(timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let good = try ImportSupport.file(
      cli, "good.csv",
      "date,drink,amount,unit\n2026-11-19T08:00:00+01:00,Water,250,mL\n"
        + "2026-11-19T09:00:00+01:00,Coffee,200,mL\n")
    let bad = try ImportSupport.file(
      cli, "bad.csv",
      "date,drink,amount,unit\n2026-11-19T10:00:00+01:00,Water,lots,mL\n"
        + "2026-11-19T11:00:00+01:00,Water,300,mL\n")
    let damaged = try ImportSupport.file(cli, "export.zip", "PK\u{3}\u{4}not a zip at all")

    let first = try cli.run("import", good, bad, damaged, "--quiet", "--report", "json")
    #expect(first.status == 65, "\(first.stderr)")
    let report = try first.jsonObject()
    #expect(report["added"] as? Int == 3)
    #expect(report["rejected"] as? Int == 1)
    #expect(report["failed"] as? Int == 1)
    let files = try #require(report["files"] as? [[String: Any]])
    #expect(files.count == 3)
    #expect(files[0]["path"] as? String == good && files[0]["format"] as? String == "csv")
    #expect(files[0]["error"] is NSNull)
    #expect(files[1]["rejected"] as? Int == 1 && files[1]["added"] as? Int == 1)
    #expect(files[2]["path"] as? String == damaged)
    #expect((files[2]["error"] as? String)?.isEmpty == false)
    // Nothing else on stdout: the object is the whole of it.
    #expect(first.stdout.hasPrefix("{") && first.stdout.hasSuffix("}\n"))

    let again = try cli.run("import", good, "--quiet", "--report", "json").jsonObject()
    #expect(again["added"] as? Int == 0)
    #expect(again["duplicatesSkipped"] as? Int == 2)
  }
}

extension ImportJSONReportTests {
  @Test func aStrictRollbackIsAFailureAndARowSaysItsLineAndReason() throws {
    let cli = try CLI(timeZone: "UTC")
    defer { cli.cleanUp() }
    let bad = try ImportSupport.file(
      cli, "bad.csv",
      "date,drink,amount,unit\n2026-11-19T10:00:00Z,Water,250,mL\n"
        + "2026-11-19T11:00:00Z,Water,lots,mL\n")
    let dry = try cli.run("import", bad, "--quiet", "--report", "json", "--dry-run").jsonObject()
    #expect(dry["dryRun"] as? Bool == true)
    let strict = try cli.run("import", bad, "--quiet", "--report", "json", "--strict")
    #expect(strict.status == 65)
    let report = try strict.jsonObject()
    #expect(report["failed"] as? Int == 1)
    let file = try #require((report["files"] as? [[String: Any]])?.first)
    #expect(file["rolledBack"] as? Bool == true)
    let rejection = try #require((file["rejections"] as? [[String: Any]])?.first)
    #expect(rejection["line"] as? Int == 3)
    #expect((rejection["reason"] as? String)?.contains("lots") == true)
    #expect(try cli.run("export").stdout.split(separator: "\n").count == 1)
  }
}
