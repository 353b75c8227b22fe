import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusStore
import Synchronization
import Testing

@testable import LiquidusServer

/// An open event stream lasts only as long as the access that opened it.
@Suite struct EventStreamAccessTests {
  @Test func anAPIStreamEndsWhenItsTokenIsRevoked() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let stream = Task {
        try await client.execute(
          uri: "/api/events", method: .get,
          headers: [.authorization: "Bearer \(InProcessServer.secret)"])
      }
      try await Self.waitUntil("the stream is open") { server.server.events.listening == 1 }
      _ = try await server.store.perform { store in try store.revokeToken(named: "phone") }
      let response = try await Self.end(of: stream, "the token was revoked")
      #expect(response.status == .ok)
      #expect(String(buffer: response.body).contains("event: status"))
    }
  }

  @Test func thePagesStreamEndsWhenItsSessionSignsOut() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      let stream = Task {
        try await client.execute(uri: "/events", method: .get, headers: [.cookie: page.cookie])
      }
      try await Self.waitUntil("the stream is open") { server.server.events.listening == 1 }
      let signedOut = try await page.post(client, "/signout", "csrf=\(page.csrf)")
      #expect(signedOut.status == .seeOther)
      let response = try await Self.end(of: stream, "the session signed out")
      #expect(response.status == .ok)
    }
  }

  /// How long to wait before calling it a hang: as long as a test's process may run (10
  /// minutes), since in the whole suite the end-to-end tests' blocking waits can hold both of
  /// a two-core machine's cooperative threads, and this test's request waits for one.
  static let hang = Duration.seconds(600)

  /// Polls `condition` every 20 ms until ``hang``; the bound is for a hang, not a speed.
  static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now.advanced(by: hang)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("Waited \(hang) for: \(what)")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The stream's response once it ends; a stream still open after ``hang`` fails the test
  /// (before, it ran for an hour).
  static func end(of stream: Task<TestResponse, any Error>, _ after: String) async throws
    -> TestResponse
  {
    let ended = Mutex(false)
    let watchdog = Task {
      try await Task.sleep(for: hang)
      if !ended.withLock({ $0 }) {
        Issue.record("The stream was still open \(hang) after \(after).")
        stream.cancel()
      }
    }
    defer { watchdog.cancel() }
    let response = try await stream.value
    ended.withLock { $0 = true }
    return response
  }
}
