import Foundation
import Hummingbird
import LiquidusStore
import ServiceLifecycle
import Synchronization

/// `GET /api/events`: Server-Sent Events that push the status whenever the database changes,
/// from this server or any other process (`liquidus log` in a shell), so that a page or a widget
/// updates without polling.
///
/// One ``ChangeCounter`` is polled every ``interval`` while anyone listens; each stream sends
/// the status at once, then on every change, and a comment every 15 s so that proxies keep the
/// connection. Streams are bounded in number and in length, and end when the server shuts down
/// gracefully, or within an ``interval`` of their access ending: revoking a token or signing
/// out is a commit, and at every commit (and every keep-alive, for a session that merely
/// expired) the stream asks whether its token or session is still there.
final class ChangeEvents: Sendable {
  static let interval: Duration = .milliseconds(250)
  static let maximumListeners = 64
  static let longest: Duration = .seconds(3600)

  private let store: DrinkStore
  private let counter: ChangeCounter?
  private let listeners = Mutex(0)

  init(store: DrinkStore) {
    self.store = store
    counter = try? ChangeCounter(watching: store)
  }

  /// How many streams are open.
  var listening: Int { listeners.withLock { $0 } }

  /// The counter's value, read off the cooperative threads as every SQLite call is.
  private func version() async throws -> Int64? {
    guard let counter else { return nil }
    return try await store.perform { _ in try counter.version() }
  }

  /// A stream of `status` events for as long as `access` says the listener may have them.
  func response(
    status: @escaping @Sendable () async throws -> String,
    access: @escaping @Sendable () async throws -> Bool
  ) throws -> Response {
    let admitted = listeners.withLock { count in
      guard count < Self.maximumListeners else { return false }
      count += 1
      return true
    }
    guard admitted else {
      throw Problem(.serviceUnavailable, "Too many pages are listening; close one and retry.")
    }
    let body = ResponseBody { writer in
      defer { self.listeners.withLock { $0 -= 1 } }
      try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
      try await writer.write(ByteBuffer(string: Self.event(try await status())))
      var seen = try await self.version()
      // Asked after the version is read, so a revocation just before it still ends the stream.
      guard try await access() else { return try await writer.finish(nil) }
      var quiet: Duration = .zero
      let clock = ContinuousClock()
      let end = clock.now.advanced(by: Self.longest)
      while clock.now < end, !Task.isCancelled, !Task.isShuttingDownGracefully {
        try await Task.sleep(for: Self.interval)
        let version = try await self.version()
        if version != seen {
          seen = version
          quiet = .zero
          guard try await access() else { break }
          try await writer.write(ByteBuffer(string: Self.event(try await status())))
        } else {
          quiet += Self.interval
          if quiet >= .seconds(15) {
            quiet = .zero
            guard try await access() else { break }
            try await writer.write(ByteBuffer(string: ": still here\n\n"))
          }
        }
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: "text/event-stream", .cacheControl: "no-store",
        .init("X-Accel-Buffering")!: "no",
      ], body: body)
  }

  /// One `status` event; JSON holds no raw line breaks, so one `data:` line carries it.
  static func event(_ json: String) -> String {
    "event: status\ndata: \(json)\n\n"
  }
}
