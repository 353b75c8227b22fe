import Foundation
import LiquidusTestSupport
import Synchronization
import Testing

/// The time limit every test puts on the processes it starts (`ProcessTimeLimit`): a hung one
/// is killed with everything it started, so the test ends and fails instead of stalling CI.
@Suite struct ProcessTimeLimitTests {
  /// A shell that starts a child which outlives any test (`sleep 600`) and then waits for it:
  /// hung, as a server or a browser that never answers. The child must be killed too, as the
  /// Chromium a browser script started would be.
  @Test func aHungProcessAndWhatItStartedAreKilledAtTheLimit() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let childFile = folder.appendingPathComponent("child")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "sleep 600 & echo $! > '\(childFile.path)'; wait"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Foundation sees the shell end only once all it started have ended, so a limit that left
    // the child running would wait out its 600 s: a backstop of the test's own kills the child
    // after a minute, and the test then fails.
    let backstop = Backstop()
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) { [childFile] in
      let text = (try? String(contentsOf: childFile, encoding: .utf8)) ?? ""
      if let child = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
        Self.isAlive(child)
      {
        backstop.fired.store(true, ordering: .relaxed)
        kill(child, SIGKILL)
      }
    }
    let (_, timedOut) = process.bounded(by: .seconds(5)) { process.waitUntilExit() }
    #expect(timedOut, "the limit was not reported")
    let backstopFired = backstop.fired.load(ordering: .relaxed)
    #expect(
      !backstopFired,
      "the limit killed the shell but not its child, which the test's backstop killed")
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    let child = try #require(
      pid_t(
        try String(contentsOf: childFile, encoding: .utf8)
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    defer { kill(child, SIGKILL) }
    // The child was killed too (gone, or a zombie until init reaps it).
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline && Self.isAlive(child) {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(!Self.isAlive(child), "the child \(child) of the hung process still runs")
  }

  @Test func aProcessThatEndsInTimeIsLeftAlone() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 3"]
    try process.run()
    #expect(process.waitUntilExit(within: .seconds(600)))
    #expect(process.terminationReason == .exit && process.terminationStatus == 3)
  }

  final class Backstop: Sendable {
    let fired = Atomic(false)
  }

  /// Whether `pid` runs: it exists and is not a zombie.
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
  }
}
