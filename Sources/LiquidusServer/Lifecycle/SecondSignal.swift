import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Ends the process at a second SIGTERM or SIGINT.
///
/// The first asks the server to finish what is in flight (the service group's graceful
/// shutdown, bounded by ``LiquidusServer/Configuration/shutdownDeadline``); a person who presses
/// Ctrl-C again, or a supervisor that signals again, does not want to wait even that long.
/// Ending at once loses nothing acknowledged: every drink answered 201 was committed, and
/// SQLite's journal keeps a commit through any exit.
final class SecondSignal: @unchecked Sendable {
  // Dispatch sources are not Sendable; they are only made here and cancelled in `stop()`.
  private let sources: [any DispatchSourceSignal]
  private let caught = Atomic<Int>(0)

  /// Starts counting; the service group traps the same signals (ignoring their default action),
  /// and every source of a signal hears it.
  init() {
    let queue = DispatchQueue(label: "liquidus.second-signal")
    sources = [SIGTERM, SIGINT].map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
    for source in sources {
      let signal = Int32(source.handle)
      source.setEventHandler { [weak self] in
        guard let self, caught.add(1, ordering: .relaxed).newValue >= 2 else { return }
        FileHandle.standardError.write(Data("Stopping at once (a second signal).\n".utf8))
        // 128 + the signal, as a shell reports a process the signal ended.
        exit(128 + signal)
      }
      source.resume()
    }
  }

  /// Stops counting (the server has stopped by itself).
  func stop() {
    for source in sources { source.cancel() }
  }
}
