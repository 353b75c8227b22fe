import Foundation
import Testing

/// The reports committed in Reports/examples are what the demo writes today: rebuilt from the
/// same sample year, pinned clock and zone as `Scripts/demo`, their words must match. When this
/// fails, run `Scripts/demo` and copy the new files over the examples.
@Suite struct ExamplesDriftTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theCommittedExamplesAreWhatTheDemoWrites() throws {
    let cli = try CLI(now: "2026-11-20T19:00:00+01:00", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let sample = Self.root.appendingPathComponent("SampleData/year-of-drinks.csv").path
    #expect(try cli.run("import", sample, "--quiet").status == 0)
    let out = cli.folder.appendingPathComponent("reports").path
    for period in ["week", "month", "half-year", "year"] {
      let result = try cli.run("report", period, "--format", "svg,png,txt,html,wav", "--out", out)
      #expect(result.status == 0, "\(period): \(result.stderr)")
    }
    let examples = Self.root.appendingPathComponent("Reports/examples")
    let texts = try FileManager.default.contentsOfDirectory(atPath: examples.path)
      .filter { $0.hasSuffix(".txt") }
    #expect(texts.count == 4)
    for name in texts {
      let committed = try String(
        contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
      let written = try String(contentsOfFile: "\(out)/\(name)", encoding: .utf8)
      #expect(written == committed, "Reports/examples/\(name) drifted; run Scripts/demo")
    }
  }
}
