import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress bar on standard error: bytes done of the total, rate, time left.
///
/// Drawn only when standard error is a terminal and the file has been going for a second (a
/// small file finishes before anyone would read it), at most ten times a second, and erased
/// before the report is printed, so piped or redirected output never carries it.
///
/// The import reports progress through a `@Sendable` callback, so the bar keeps its state
/// behind a lock; in practice one thread draws it.
final class ProgressBar: Sendable {
  private struct State {
    var started: ContinuousClock.Instant
    var lastDrawn: ContinuousClock.Instant?
    var drawn = false
  }

  private let enabled: Bool
  private let clock = ContinuousClock()
  private let state: Mutex<State>

  /// - Parameter quiet: `--quiet`: never draw.
  init(quiet: Bool) {
    enabled = !quiet && CommandEnvironment.current.errorsAreTerminal
    state = Mutex(State(started: clock.now))
  }

  /// Erases the bar and starts timing the next file.
  func restart() {
    clear()
    let now = clock.now
    state.withLock { $0 = State(started: now) }
  }

  /// Redraws if it is time to.
  func update(bytesRead: Int64, totalBytes: Int64?) {
    guard enabled else { return }
    let now = clock.now
    let elapsed: Double? = state.withLock { state in
      let elapsed = Self.seconds(now - state.started)
      guard elapsed >= 1 else { return nil }
      if let lastDrawn = state.lastDrawn, Self.seconds(now - lastDrawn) < 0.1 { return nil }
      state.lastDrawn = now
      state.drawn = true
      return elapsed
    }
    guard let elapsed else { return }
    let rate = Double(bytesRead) / elapsed
    var line = ""
    if let totalBytes, totalBytes > 0 {
      let fraction = min(1, Double(bytesRead) / Double(totalBytes))
      let filled = Int(fraction * 24)
      let left = rate > 0 ? Double(totalBytes - bytesRead) / rate : 0
      line =
        "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 24 - filled)
        + "] \(Self.megabytes(bytesRead))/\(Self.megabytes(totalBytes)) MB"
        + "  \(Self.megabytes(Int64(rate))) MB/s  \(Int(left.rounded(.up))) s left"
    } else {
      line = "\(Self.megabytes(bytesRead)) MB  \(Self.megabytes(Int64(rate))) MB/s"
    }
    try? CommandEnvironment.current.errors.write("\r" + line + "\u{1B}[K")
  }

  /// Erases the bar, if one was drawn.
  func clear() {
    let wasDrawn = state.withLock { state in
      defer { state.drawn = false }
      return state.drawn
    }
    guard wasDrawn else { return }
    try? CommandEnvironment.current.errors.write("\r\u{1B}[K")
  }

  private static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  private static func megabytes(_ bytes: Int64) -> String {
    String(format: "%.1f", Double(bytes) / 1_000_000)
  }
}
