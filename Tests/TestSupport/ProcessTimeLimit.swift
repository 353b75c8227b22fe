import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A time limit for a process a test started: past it, the process and every process it
/// started are killed (SIGKILL), so a hung server, browser or script ends the test with a
/// failure instead of stalling the run for ever.
///
/// Tests call ``Foundation/Process/bounded(by:_:)`` around whatever reads the process's output
/// and waits for it, and record an issue when it reports that the limit was hit.
public enum ProcessTimeLimit {
  /// The limit when a test names none: ten minutes, far above what any test's process takes
  /// on a busy machine (the browser walks take about a minute), or `LIQUIDUS_TEST_PROCESS_SECONDS`.
  public static var standard: Duration {
    let given = ProcessInfo.processInfo.environment["LIQUIDUS_TEST_PROCESS_SECONDS"]
      .flatMap(Int.init)
    return .seconds(given ?? 600)
  }

  /// Kills `pid`, its process group when it leads one, and every process descended from it
  /// (found through `/proc` before the kill, while they are still its descendants).
  public static func killTree(_ pid: pid_t) {
    let tree = descendants(of: pid)
    if getpgid(pid) == pid { kill(-pid, SIGKILL) }
    kill(pid, SIGKILL)
    for child in tree { kill(child, SIGKILL) }
  }

  /// Every process whose parent, or parent's parent and so on, is `pid`.
  static func descendants(of pid: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for name in names {
      guard let child = pid_t(name),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // After "(command)": the state, then the parent's id.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1, let parent = pid_t(fields[1]) {
        children[parent, default: []].append(child)
      }
    }
    var found: [pid_t] = []
    var next = children[pid] ?? []
    while let child = next.popLast() {
      found.append(child)
      next += children[child] ?? []
    }
    return found
  }

  /// Runs `body` (which waits for the started process `pid`) and kills `pid` with all it
  /// started once `limit` has passed, for processes started without `Process`.
  /// - Returns: what `body` returned, and whether the process was killed for running too long.
  public static func guarding<T>(
    _ pid: pid_t, by limit: Duration = standard, _ body: () throws -> T
  ) rethrows -> (T, timedOut: Bool) {
    let watchdog = Watchdog(pid: pid, limit: limit)
    let result: T
    do {
      result = try body()
    } catch {
      _ = watchdog.disarm()
      throw error
    }
    return (result, watchdog.disarm())
  }

  /// Kills `pid`'s tree once `limit` has passed, unless ``disarm()`` came first.
  final class Watchdog: Sendable {
    private let state = Mutex(State.armed)
    enum State { case armed, disarmed, fired }

    init(pid: pid_t, limit: Duration) {
      let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        let fire = state.withLock { state in
          guard state == .armed else { return false }
          state = .fired
          return true
        }
        if fire { ProcessTimeLimit.killTree(pid) }
      }
    }

    /// Stops the watchdog; true when it had already fired.
    func disarm() -> Bool {
      state.withLock { state in
        if state == .armed { state = .disarmed }
        return state == .fired
      }
    }
  }
}

extension Process {
  /// Runs `body` (which reads this started process's output and waits for it) under a time
  /// limit: once `limit` has passed, the process and all it started are killed, which ends the
  /// reads and the wait.
  ///
  ///     let (output, timedOut) = process.bounded {
  ///       defer { process.waitUntilExit() }
  ///       return pipe.fileHandleForReading.readDataToEndOfFile()
  ///     }
  ///     if timedOut { Issue.record("... was killed after \(ProcessTimeLimit.standard)") }
  ///
  /// - Returns: what `body` returned, and whether the process was killed for running too long.
  public func bounded<T>(
    by limit: Duration = ProcessTimeLimit.standard, _ body: () throws -> T
  ) rethrows -> (T, timedOut: Bool) {
    try ProcessTimeLimit.guarding(processIdentifier, by: limit, body)
  }

  /// Waits for this started process at most `limit`, then kills it and all it started.
  /// - Returns: true when it ended by itself within the limit.
  public func waitUntilExit(within limit: Duration) -> Bool {
    !bounded(by: limit) { waitUntilExit() }.timedOut
  }

  /// What ran, for a message: the executable and its arguments.
  public var commandLine: String {
    ([executableURL?.lastPathComponent ?? "?"] + (arguments ?? [])).joined(separator: " ")
  }
}
