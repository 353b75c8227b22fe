import Foundation
import Testing

/// The HTML report checked with axe-core in headless Chromium (`Scripts/check-accessibility`):
/// landmarks, headings in order, images with text, contrast, table headers. Runs where
/// `Scripts/install-deps` installed the browser and the checker.
@Suite(.enabled(if: AccessibilityChecker.isInstalled, "needs chromium and .build-a11y"))
struct HTMLAccessibilityTests {
  private func check(_ cli: CLI, _ pages: [String]) throws -> CLI.Result {
    let checker = AccessibilityChecker.script.path
    return try cli.shell("'\(checker)' " + pages.map { "'\($0)'" }.joined(separator: " "))
  }

  @Test(.timeLimit(.minutes(3)))
  func everyKindOfReportPassesAxe() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    for (drink, amount, at) in [
      ("water", "2l", "2026-11-16 09:00"), ("coffee", "250ml", "2026-11-17 08:00"),
      ("juice", "300ml", "2026-10-02 12:00"), ("water", "1l", "2026-03-02 09:00"),
    ] {
      #expect(try cli.run("log", drink, amount, "--at", at).status == 0)
    }
    let out = cli.folder.appendingPathComponent("reports").path
    var pages: [String] = []
    for period in ["week", "today", "month", "year", "2020"] {
      let result = try cli.run("report", period, "--format", "html", "--out", out)
      #expect(result.status == 0, "\(period): \(result.stderr)")
      pages += result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(pages.count == 5)
    let result = try check(cli, pages)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.components(separatedBy: ", 0 violations").count == 6, "\(result.stdout)")
  }

  /// The checker itself can fail: a page with the classic mistakes is caught.
  @Test(.timeLimit(.minutes(2)))
  func aPageWithoutAltTextOrContrastFails() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let page = try ImportSupport.file(
      cli, "bad.html",
      "<!DOCTYPE html><html><head><title>x</title></head><body><h3>Chart</h3>"
        + "<img src=\"chart.png\" /><p style=\"color:#eee;background:#fff\">light</p>"
        + "<table><tr><td>1</td></tr></table></body></html>")
    let result = try check(cli, [page])
    #expect(result.status == 1)
    #expect(result.stdout.contains("image-alt"), "\(result.stdout)")
    #expect(result.stdout.contains("color-contrast"), "\(result.stdout)")
  }
}

/// `Scripts/check-accessibility` and what it needs.
enum AccessibilityChecker {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let script = root.appendingPathComponent("Scripts/check-accessibility")

  /// Fails the test that needs the browser when it is missing, instead of passing in silence.
  static func requireInstalled() throws {
    try #require(
      isInstalled, "chromium, chromium-driver and .build-a11y are missing: run Scripts/install-deps"
    )
  }

  static var isInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
      && FileManager.default.isExecutableFile(
        atPath: root.appendingPathComponent(".build-a11y/venv/bin/python").path)
  }
}
