import Foundation
import Testing

/// A day over the caffeine limit is marked by a hatch of its own, not by colour alone: 401 mg
/// against a 400 mg limit looks like 400 to the eye.
@Suite struct CaffeineOverLimitChartTests {
  @Test func aDayJustOverTheLimitGetsTheHatchAndTheKeyEntry() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    let logged = try cli.run("log", "coffee", "250ml", "--caffeine", "401mg", "--at", "09:00")
    #expect(logged.status == 0, "\(logged.stderr)")
    let out = cli.folder.appendingPathComponent("reports").path
    #expect(try cli.run("report", "week", "--format", "svg", "--out", out).status == 0)
    let svg = try String(contentsOfFile: out + "/week-2026-11-15-caffeine.svg", encoding: .utf8)
    #expect(svg.contains("<title>Over the limit</title>"))
    #expect(svg.contains(">Over the limit</text>"), "the key names the hatch")

    let calm = try CLI(now: "2026-11-20T18:00:00Z")
    defer { calm.cleanUp() }
    #expect(try calm.run("log", "coffee", "250ml", "--caffeine", "400mg").status == 0)
    #expect(try calm.run("report", "week", "--format", "svg", "--out", out).status == 0)
    let within = try String(contentsOfFile: out + "/week-2026-11-15-caffeine.svg", encoding: .utf8)
    #expect(!within.contains("Over the limit"))
  }
}
