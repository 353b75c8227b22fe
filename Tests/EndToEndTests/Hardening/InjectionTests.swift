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
    #expect(again == exported.stdout)
    #expect(try fresh.run("list", "today", "--format", "json").stdout.contains("\"'=quoted\""))
  }

  @Test func controlAndBidiCharactersReachTheTerminalOnlyAsVisibleText() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // Names refuse control characters (ImportNameTests); a bidi override is not one.
    let name = "Te\u{202E}a"
    let note = "gnp.\u{202E}exe\r\u{9B}31m\u{1B}[2J"
    #expect(try cli.run("types", "add", name).status == 0)
    #expect(try cli.run("log", name, "100ml", "--at", "08:00", "--note", note).status == 0)
    let outputs = [
      try cli.run("log", name, "50ml", "--at", "09:00"), try cli.run("list"),
      try cli.run("summary", "today"), try cli.run("status"), try cli.run("types"),
      try cli.run("log", "x\u{1B}]0;title\u{07}", "1ml"),
      try cli.run("undo"),
    ]
    for result in outputs {
      for text in [result.stdout, result.stderr] {
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0 == "\r" })
      }
    }
    #expect(outputs[1].stdout.contains("Te\\u{202E}a"), "\(outputs[1].stdout)")
    #expect(outputs[1].stdout.contains("gnp.\\u{202E}exe\\u{D}\\u{9B}31m\\u{1B}[2J"))
    #expect(outputs[5].stderr.contains("Unknown drink 'x\\u{1B}]0;title\\u{7}'"))
    // The data keeps every character: JSON escapes it, the export holds it as it is.
    let json = try cli.run("list", "--format", "json").stdout
    #expect(json.contains("\\u001b[2J"), "\(json)")
    #expect(try cli.run("export").stdout.contains(name))
  }
}
