import Foundation
import Testing

/// Text from names, notes and files that would act on a spreadsheet, a terminal, gnuplot or
/// an SVG viewer, instead of being shown.
@Suite struct InjectionTests {
  static let formulaNames = ["=1+2", "+SUM(A1)", "-cmd", "@import", "'=quoted"]

  @Test func csvNeutralisesFormulasAndTheRoundTripStaysExact() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for (index, name) in Self.formulaNames.enumerated() {
      // `--` lets a name begin with a dash, as with any command-line tool.
      #expect(try cli.run("types", "add", "--", name).status == 0)
      let logged = try cli.run(
        "log", "--at", "08:0\(index)", "--note", "=HYPERLINK(\"x\")", "--", name, "100ml")
      #expect(logged.status == 0, "\(logged.stderr)")
    }
    let exported = try cli.run("export")
    let lines = exported.stdout.split(separator: "\n").dropFirst()
    #expect(lines.count == Self.formulaNames.count)
    for line in lines {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      #expect(fields[1].hasPrefix("'"), "drink field \(fields[1])")
      #expect(line.contains(#""'=HYPERLINK(""x"")""#), "note in \(line)")
    }
    for command in [
      ["list", "today", "--format", "csv"], ["summary", "today", "--format", "csv"],
    ] {
      let csv = try cli.run(command).stdout
      #expect(!csv.contains(",=1+2,") && csv.contains(",'=1+2,"), "\(command): \(csv)")
    }
    // Into a fresh database and out again: the same bytes.
    let file = try ImportSupport.file(cli, "export.csv", exported.stdout)
    let fresh = try CLI()
    defer { fresh.cleanUp() }
    #expect(try fresh.run("import", file).status == 0)
    let again = try fresh.run("export").stdout
    #expect(
      again.replacingOccurrences(of: ",imported\n", with: ",typed\n") == exported.stdout)
    #expect(try fresh.run("list", "today", "--format", "json").stdout.contains("\"'=quoted\""))
  }
}
