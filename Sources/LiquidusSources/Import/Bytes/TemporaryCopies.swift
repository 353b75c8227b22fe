import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The private copies of a person's health data that an import keeps in `$TMPDIR` while it
/// reads them (the spool of a pipe, a member copied out of a zip, a Health Connect database with
/// its WAL), so that Ctrl-C, SIGTERM or SIGHUP remove them before the process ends.
///
/// A command-line front end calls ``removeOnInterrupt()`` once; from then on those signals
/// remove every registered copy and then end the process as the signal would have (its exit
/// status still says which signal). A server never calls it: it ends gracefully on SIGTERM and
/// removes its copies itself.
///
/// The signal handler only writes the signal's number into a pipe (all a handler may safely
/// do); a thread of its own reads it, removes the copies and raises the signal again with its
/// default action. The signals are caught, not ignored, so a program Liquidus starts gets them
/// with their default actions as usual.
public enum TemporaryCopies {
  private static let registered = Mutex<[UUID: URL]>([:])
  private static let installed = Mutex(false)

  /// Removes the registered copies on SIGINT, SIGTERM and SIGHUP, then ends the process with
  /// that signal. Calling it again changes nothing.
  public static func removeOnInterrupt() {
    installed.withLock { installed in
      guard !installed else { return }
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { return }
      interruptPipe = ends[1]
      installed = true
      let reader = ends[0]
      Thread.detachNewThread {
        var number: Int32 = 0
        while read(reader, &number, MemoryLayout<Int32>.size) != MemoryLayout<Int32>.size {}
        removeAll()
        signal(number, SIG_DFL)
        raise(number)
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var number = number
        _ = write(interruptPipe, &number, MemoryLayout<Int32>.size)
      }
      for number in [SIGINT, SIGTERM, SIGHUP] { sigaction(number, &action, nil) }
    }
  }

  /// Keeps `url` (a file or a folder) for removal on a signal; returns the key to forget it by.
  static func register(_ url: URL) -> UUID {
    let key = UUID()
    registered.withLock { $0[key] = url }
    return key
  }

  /// Forgets the copy of `key`, once it is removed.
  static func forget(_ key: UUID) {
    _ = registered.withLock { $0.removeValue(forKey: key) }
  }

  private static func removeAll() {
    for url in registered.withLock({ Array($0.values) }) {
      try? FileManager.default.removeItem(at: url)
    }
  }
}

/// Where the signal handler writes: set once, before the handler is installed, and only read
/// after (a handler can reach no Swift value that needs a lock).
nonisolated(unsafe) private var interruptPipe: Int32 = -1
