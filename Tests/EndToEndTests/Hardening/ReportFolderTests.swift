import Foundation
import Testing

/// Report folders are private however deep the path, and errors share one style.
@Suite struct ReportFolderTests {
  @Test func everyFolderAReportCreatesIsPrivate() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let out = cli.folder.appendingPathComponent("a/b/c").path
    let result = try cli.run("report", "today", "--out", out, "--format", "txt")
    #expect(result.status == 0, "\(result.stderr)")
    for folder in ["a", "a/b", "a/b/c"] {
      let path = cli.folder.appendingPathComponent(folder).path
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode == 0o700, "\(folder): \(String(mode ?? 0, radix: 8))")
    }
  }

  @Test func argumentErrorsStartLikeEveryOtherError() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "--from", "2026-11-01")
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: Give both --from and --to"), "\(result.stderr)")
  }
}
