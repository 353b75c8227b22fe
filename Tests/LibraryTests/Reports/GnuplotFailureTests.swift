import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// What happens when gnuplot is missing, fails or hangs: a clear error and nothing written.
@Suite struct GnuplotFailureTests {
  /// A folder holding a fake `gnuplot` that runs `body` (a shell script).
  private func fakeGnuplot(_ body: String) throws -> URL {
    let folder = ReportFixture.temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("gnuplot")
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return folder
  }

  @Test func aMissingGnuplotSaysHowToInstallIt() throws {
    let report = try ReportFixture.shared().report("week")
    let renderer = ReportRenderer(
      searchPath: "/nonexistent:/also-missing",
      temporaryDirectory: FileManager.default.temporaryDirectory)
    #expect(throws: ReportError.gnuplotMissing(searchPath: "/nonexistent:/also-missing")) {
      try renderer.render(report, formats: [.svg])
    }
    let message = ReportError.gnuplotMissing(searchPath: "/nonexistent").description
    #expect(message.contains("gnuplot was not found on PATH (/nonexistent)"))
  }

  @Test func textAloneNeedsNoGnuplot() throws {
    let report = try ReportFixture.shared().report("week")
    let renderer = ReportRenderer(
      searchPath: "/nonexistent", temporaryDirectory: FileManager.default.temporaryDirectory)
    let files = try renderer.render(report, formats: [.txt])
    #expect(files.count == 1 && files[0].name.hasSuffix(".txt"))
  }

  @Test func aFailingGnuplotReportsItsMessage() throws {
    let folder = try fakeGnuplot("echo '\"bars.gp\" line 3: unknown terminal' >&2; exit 1")
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = try ReportFixture.shared().report("week")
    let renderer = ReportRenderer(
      searchPath: folder.path, temporaryDirectory: folder)
    #expect(
      throws: ReportError.gnuplotFailed(
        status: 1, message: "\"bars.gp\" line 3: unknown terminal\n")
    ) { try renderer.render(report, formats: [.svg, .txt]) }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(leftovers == ["gnuplot"], "the private working folder is removed")
  }

  @Test func aGnuplotWarningCountsAsAFailure() throws {
    let folder = try fakeGnuplot("echo 'warning: Skipping data file with no valid points' >&2")
    defer { try? FileManager.default.removeItem(at: folder) }
    let renderer = ReportRenderer(searchPath: folder.path, temporaryDirectory: folder)
    #expect(
      throws: ReportError.gnuplotFailed(
        status: 0, message: "warning: Skipping data file with no valid points\n")
    ) {
      try renderer.render(try ReportFixture.shared().report("week"), formats: [.png])
    }
  }

  @Test func aSilentGnuplotThatDrawsNothingIsCaught() throws {
    let folder = try fakeGnuplot("exit 0")
    defer { try? FileManager.default.removeItem(at: folder) }
    let renderer = ReportRenderer(searchPath: folder.path, temporaryDirectory: folder)
    #expect(throws: ReportError.chartMissing(name: "bars.png")) {
      try renderer.render(try ReportFixture.shared().report("week"), formats: [.png])
    }
  }

  /// The fake sleeps ten minutes; being stopped at all is what counts, so the bound is loose
  /// enough for a busy machine and still far below the sleep.
  @Test func aHangingGnuplotIsStoppedAtTheTimeLimit() throws {
    let folder = try fakeGnuplot("exec sleep 600")
    defer { try? FileManager.default.removeItem(at: folder) }
    let renderer = ReportRenderer(
      searchPath: folder.path, temporaryDirectory: folder, timeout: .milliseconds(300))
    let started = Date()
    #expect(throws: ReportError.gnuplotTimedOut(seconds: 1)) {
      try renderer.render(try ReportFixture.shared().report("week"), formats: [.svg])
    }
    #expect(Date().timeIntervalSince(started) < 120)
  }
}
