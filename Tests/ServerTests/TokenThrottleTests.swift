import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiquidusServer

/// Who the throttle of wrong tokens may stop: strangers who guess, never the owner's token,
/// and never a request that presents no token at all.
@Suite struct TokenThrottleTests {
  static let owner: HTTPFields = [.authorization: "Bearer \(InProcessServer.secret)"]

  @Test func requestsWithoutATokenNeverLockOutTheOwner() async throws {
    try await InProcessServer().test { client in
      // Behind a proxy every stranger shares one address: twenty bare requests from it.
      for attempt in 1...20 {
        let bare = try await client.execute(uri: "/api/status", method: .get)
        #expect(bare.status == .unauthorized, "bare request \(attempt)")
        #expect(bare.headers[.wwwAuthenticate] == "Bearer realm=\"liquidus\"")
      }
      let owner = try await client.execute(uri: "/api/status", method: .get, headers: Self.owner)
      #expect(owner.status == .ok)
    }
  }

  @Test func wrongTokensAreThrottledButTheRightOneAlwaysGetsIn() async throws {
    try await InProcessServer().test { client in
      for attempt in 1...10 {
        let guess = try await client.execute(
          uri: "/api/status", method: .get, headers: [.authorization: "Bearer guess-\(attempt)"])
        #expect(guess.status == .unauthorized, "guess \(attempt)")
      }
      let blocked = try await client.execute(
        uri: "/api/status", method: .get, headers: [.authorization: "Bearer guess-11"])
      #expect(blocked.status == .tooManyRequests)
      #expect(blocked.headers[.retryAfter] == "60")
      let owner = try await client.execute(uri: "/api/status", method: .get, headers: Self.owner)
      #expect(owner.status == .ok)
      // The scheme's name is case-insensitive (RFC 9110, section 11.1).
      let lower = try await client.execute(
        uri: "/api/status", method: .get,
        headers: [.authorization: "bearer \(InProcessServer.secret)"])
      #expect(lower.status == .ok)
    }
  }

  @Test func emptySignInFormsAreNoGuesses() async throws {
    try await InProcessServer().test { client in
      for attempt in 1...20 {
        let empty = try await client.execute(
          uri: "/signin", method: .post,
          headers: [.contentType: "application/x-www-form-urlencoded"],
          body: ByteBuffer(string: "token="))
        #expect(empty.status == .unauthorized, "empty form \(attempt)")
      }
      // Ten wrong tokens, then the right one still signs in.
      for _ in 1...10 {
        _ = try await client.execute(
          uri: "/signin", method: .post,
          headers: [.contentType: "application/x-www-form-urlencoded"],
          body: ByteBuffer(string: "token=guess"))
      }
      _ = try await SignedInPage.signIn(client)
    }
  }
}
