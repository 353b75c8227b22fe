import Foundation
import LiquidusTestSupport
import Synchronization
import Testing

@testable import LiquidusCLI

/// Runs `liquidus` commands the way a person would, against a private database.
///
/// ``run(_:extraEnvironment:)`` runs a command line in this process, through the same entry
/// point as the binary (``Liquidus/run(_:)``) with its own environment variables and captured
/// output: most tests use it, and run in parallel in milliseconds. ``runBinary(_:)``,
/// ``shell(_:)`` and ``launch(_:)`` start the real `liquidus` executable, for what only a
/// process shows: concurrent writers, a kill, the fast `log` path's start-up.
///
/// Each instance owns a fresh temporary folder; "now" and the time zone are pinned so output is
/// reproducible. Every process started here has a time limit (``ProcessTimeLimit``): one that
/// hangs is killed with all it started, and the test fails saying so.
struct CLI {
  /// What one run printed and how it ended.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard output as one JSON object (`status --format json`).
    func jsonObject() throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    /// Standard output as a JSON array of objects (`workouts --format json`).
    func jsonArray() throws -> [[String: Any]] {
      try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
    }
  }

  let folder: URL
  var environment: [String: String]

  var databasePath: String { folder.appendingPathComponent("data/liquidus.sqlite").path }

  init(now: String = "2026-11-20T14:03:00Z", timeZone: String = "UTC") throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": folder.path, "TZ": timeZone, "LIQUIDUS_NOW": now, "LANG": "en_US.UTF-8",
    ]
    environment["LIQUIDUS_DB"] = databasePath
  }

  /// The `liquidus` executable next to the test bundle (both live in SwiftPM's products folder).
  static let executable: URL = {
    if let override = ProcessInfo.processInfo.environment["LIQUIDUS_BIN"] {
      return URL(fileURLWithPath: override)
    }
    var candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    ]
    candidates.append(Bundle.main.bundleURL)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    for folder in candidates {
      let binary = folder.appendingPathComponent("liquidus")
      if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/liquidus")
  }()

  /// Runs `liquidus` with `arguments` in this process and returns what it printed.
  @discardableResult
  func run(_ arguments: String..., extraEnvironment: [String: String] = [:]) throws -> Result {
    try run(arguments, extraEnvironment: extraEnvironment)
  }

  /// Runs like ``run(_:extraEnvironment:)`` with standard output taken for a terminal, as a
  /// person at one would see it (colour unless `NO_COLOR`).
  @discardableResult
  func runOnTerminal(_ arguments: String..., extraEnvironment: [String: String] = [:]) throws
    -> Result
  {
    try run(arguments, extraEnvironment: extraEnvironment, outputIsTerminal: true)
  }

  /// - Parameter fastPaths: false sends a plain `log` or `status` through ArgumentParser too
  ///   (see ``FastPathDifferentialTests``).
  @discardableResult
  func run(
    _ arguments: [String], extraEnvironment: [String: String] = [:], outputIsTerminal: Bool = false,
    fastPaths: Bool = true, answer: String? = nil
  ) throws -> Result {
    let stdout = Captured()
    let stderr = Captured()
    let context = CommandEnvironment(
      variables: environment.merging(extraEnvironment) { _, new in new },
      output: TextSink(stdout.append), errors: TextSink(stderr.append),
      outputIsTerminal: outputIsTerminal,
      answers: answer.map(Self.answering))
    let status = CommandEnvironment.$current.withValue(context) {
      Liquidus.run(arguments, fastPaths: fastPaths)
    }
    return Result(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  /// A person at the terminal who answers `line` to any question.
  private static func answering(_ line: String) -> @Sendable () -> String? {
    { line }
  }

  /// Runs the `liquidus` executable with `arguments` and waits for it.
  @discardableResult
  func runBinary(_ arguments: String..., extraEnvironment: [String: String] = [:]) throws -> Result
  {
    try runBinary(arguments, extraEnvironment: extraEnvironment)
  }

  @discardableResult
  func runBinary(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { _, new in new }
    return try Self.capture(process)
  }

  /// Runs a shell script with `$LIQUIDUS` set to the binary, for loops and pipelines; past
  /// `limit` it is killed with all it started, and the test fails.
  @discardableResult
  func shell(_ script: String, within limit: Duration = ProcessTimeLimit.standard) throws -> Result
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = environment.merging(["LIQUIDUS": Self.executable.path]) { _, new in new }
    return try Self.capture(process, within: limit)
  }

  /// A shell script started by ``launch(_:)`` and not yet waited for.
  struct Running {
    let process: Process
    let stdout: URL
    let stderr: URL

    /// Waits for the script, at most `limit`, and returns what it printed.
    func finish(within limit: Duration = ProcessTimeLimit.standard) -> Result {
      if !process.waitUntilExit(within: limit) {
        Issue.record("\(process.commandLine) ran past its limit of \(limit) and was killed")
      }
      let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
      return Result(status: process.terminationStatus, stdout: read(stdout), stderr: read(stderr))
    }
  }

  /// Starts a shell script like ``shell(_:)`` but returns at once, so that several run side
  /// by side however many cores there are (`concurrentPerform` runs only one per core).
  /// Output goes to files, not pipes: nobody reads a pipe while the scripts run, and a full
  /// one would stall its writer.
  func launch(_ script: String) throws -> Running {
    let id = UUID().uuidString
    let stdout = folder.appendingPathComponent("launch-\(id).out")
    let stderr = folder.appendingPathComponent("launch-\(id).err")
    try Data().write(to: stdout)
    try Data().write(to: stderr)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = environment.merging(["LIQUIDUS": Self.executable.path]) { _, new in new }
    process.standardOutput = try FileHandle(forWritingTo: stdout)
    process.standardError = try FileHandle(forWritingTo: stderr)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return Running(process: process, stdout: stdout, stderr: stderr)
  }

  private static func capture(
    _ process: Process, within limit: Duration = ProcessTimeLimit.standard
  ) throws -> Result {
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting, so a chatty child never blocks on a full pipe; the limit
    // kills a hung one with all it started, which closes the pipes.
    let ((stdout, stderr), timedOut) = process.bounded(by: limit) {
      defer { process.waitUntilExit() }
      return (
        out.fileHandleForReading.readDataToEndOfFile(),
        err.fileHandleForReading.readDataToEndOfFile()
      )
    }
    if timedOut {
      Issue.record("\(process.commandLine) ran past its limit of \(limit) and was killed")
    }
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Whether this process is root, who may write any file: permission tests then drop to
  /// `nobody` with `setpriv` (util-linux, always there on Debian) to have a user the
  /// permissions hold for. Anyone else runs them as themselves. Either way they run.
  static var isRoot: Bool { getuid() == 0 }

  /// Leaves the database readable but not writable by the user of ``runUnprivileged(_:)``: for
  /// root's `nobody`, root-owned folders 0755 and file 0644; for anyone else, their own
  /// folder 0555 and file 0444 (``cleanUp()`` makes them writable again to remove them).
  func makeDatabaseReadOnlyForUnprivileged() throws {
    let folder = (databasePath as NSString).deletingLastPathComponent
    let modes = Self.isRoot ? ("755", "644") : ("555", "444")
    let result = try shell(
      "chmod 755 '\(self.folder.path)' && chmod \(modes.0) '\(folder)' "
        + "&& chmod \(modes.1) '\(databasePath)'")
    try #require(result.status == 0, "chmod failed: \(result.stderr)")
  }

  /// Runs the real executable with `arguments` (a shell fragment) as a user who is not root:
  /// `nobody` when the tests run as root, else the user running them.
  func runUnprivileged(_ arguments: String) throws -> Result {
    let drop = Self.isRoot ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
    return try shell("\(drop)\"$LIQUIDUS\" \(arguments)")
  }

  /// Text a command wrote, collected from whichever thread wrote it.
  final class Captured: Sendable {
    private let buffer = Mutex("")

    var text: String { buffer.withLock { $0 } }

    @Sendable func append(_ piece: String) {
      buffer.withLock { $0 += piece }
    }
  }

  func cleanUp() {
    // A permission test may have left a folder read-only, which its owner cannot empty.
    _ = try? shell("chmod -R u+w '\(folder.path)'")
    try? FileManager.default.removeItem(at: folder)
  }
}
