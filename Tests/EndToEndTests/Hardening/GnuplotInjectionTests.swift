import Foundation
import LiquidusTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Drink names reach gnuplot and the SVG as data: every quote, backslash, backquote and
/// variable form gnuplot knows, and the sequences that break XML.
@Suite struct GnuplotInjectionTests {
  static let names = [
    "Mum's tea", "'Tea", "Tea'", "''", "a\"b", "\"quoted\"", "back\\slash", "trail\\",
    "`touch PWNED`", "@macro", "@x $y", "$data", "$0", "%s%d", "]]>x", "<b>&amp;", "{braces}",
    "semi;colon", "a # comment",
  ]

  @Test(.stallGuard)
  func everyNameIsDrawnAsWrittenAndNothingRuns() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // gnuplot runs in a private drawing folder that is removed afterwards, so the command in
    // this name writes to an absolute path, short enough for a drink's name: if it ever runs,
    // the file is there to see.
    let marker = "/tmp/PWNED-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: marker) }
    let names = Self.names + ["`touch \(marker)`"]
    for (index, name) in names.enumerated() {
      #expect(try cli.run("types", "add", "--", name).status == 0, "\(name)")
      let hour = String(format: "%02d", index % 12)
      #expect(try cli.run("log", "--at", "\(hour):00", "--", name, "100ml").status == 0, "\(name)")
    }
    let out = cli.folder.appendingPathComponent("reports").path
    let result = try cli.run(
      ["report", "today", "--out", out, "--format", "svg,png,html,txt"],
      extraEnvironment: ["PWD": cli.folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out)
    #expect(files.filter { $0.hasSuffix(".png") }.count == 2)
    for file in files where file.hasSuffix(".svg") || file.hasSuffix(".html") {
      let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(file)"))
      let parser = XMLParser(data: data)
      #expect(
        parser.parse(), "\(file) is not well-formed XML: \(String(describing: parser.parserError))")
    }
    let text = try String(
      contentsOfFile: "\(out)/\(files.first { $0.hasSuffix(".txt") }!)", encoding: .utf8)
    for name in names {
      #expect(text.contains(name), "the words name \(name)")
    }
    let svg = try String(
      contentsOfFile: "\(out)/\(files.first { $0.hasSuffix("-share.svg") }!)", encoding: .utf8)
    for name in ["Mum's tea", "`touch PWNED`", "@x $y", "back\\slash", "a\"b"] {
      #expect(svg.contains(name), "the legend shows \(name) as written")
    }
    // A backquoted command in a name is text, never run.
    #expect(!FileManager.default.fileExists(atPath: marker), "gnuplot ran \(names.last!)")
  }
}
