import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import LiquidusStore
import Testing

@testable import LiquidusServer

/// `/api/push-subscriptions`: a phone's subscription kept from the page (its session and CSRF
/// token) or with a token that may write, refused in the command line's words when it breaks a
/// rule, listed and stopped only by its own token, and gone with its session's sign-out or its
/// token's revocation.
@Suite struct PushSubscriptionRouteTests {
  static let p256dh = Base64URL.encode([0x04] + Array(repeating: 7, count: 64))
  static let auth = Base64URL.encode(Array(repeating: 9, count: 16))
  static let android =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    + "Chrome/131.0.0.0 Mobile Safari/537.36"

  /// A body as `PushSubscription.toJSON()` gives it.
  static func body(
    _ endpoint: String = "https://fcm.googleapis.com/fcm/send/abc", p256dh: String = p256dh,
    auth: String = auth, device: String? = nil
  ) -> String {
    let label = device.map { #","device":"\#($0)""# } ?? ""
    return #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","#
      + #""auth":"\#(auth)"}\#(label)}"#
  }

  static func bearer(_ secret: String = InProcessServer.secret) -> HTTPFields {
    [.authorization: "Bearer \(secret)", .contentType: "application/json"]
  }

  static func post(
    _ client: any TestClientProtocol, _ body: String, headers: HTTPFields = bearer()
  ) async throws -> TestResponse {
    try await client.execute(
      uri: "/api/push-subscriptions", method: .post, headers: headers,
      body: ByteBuffer(string: body))
  }

  static func object(_ response: TestResponse) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
  }

  static func count(_ store: DrinkStore) throws -> Int {
    try store.pushSubscriptions(now: InProcessServer.now).count
  }

  @Test func aTokenThatMayWriteSubscribesAndTheAnswerShowsNoSecret() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      var headers = Self.bearer()
      headers[.userAgent] = Self.android
      let made = try await Self.post(client, Self.body(), headers: headers)
      #expect(made.status == .created)
      let answer = try Self.object(made)
      #expect(answer["device"] as? String == "Chrome on Android")
      #expect(answer["endpointOrigin"] as? String == "https://fcm.googleapis.com")
      #expect(answer["createdAt"] as? String == "2026-11-20T15:00:00+01:00")
      #expect(answer["thisSession"] as? Bool == false)
      let text = String(buffer: made.body)
      for secret in ["/fcm/send/abc", Self.p256dh, Self.auth] {
        #expect(!text.contains(secret), "\(secret) in \(text)")
      }
      let listed = try await client.execute(
        uri: "/api/push-subscriptions", method: .get, headers: Self.bearer())
      #expect(listed.status == .ok)
      let devices = try #require(try Self.object(listed)["devices"] as? [[String: Any]])
      #expect(devices.map { $0["id"] as? Int } == [answer["id"] as? Int])
      // A label given in the body is kept as given.
      let labelled = try await Self.post(
        client, Self.body("https://fcm.googleapis.com/fcm/send/b", device: "Kitchen tablet"))
      #expect(try Self.object(labelled)["device"] as? String == "Kitchen tablet")
    }
    let kept = try server.store.pushSubscriptions(now: InProcessServer.now)
    #expect(kept.map(\.endpoint).first == "https://fcm.googleapis.com/fcm/send/abc")
    #expect(kept.first?.p256dh.count == 65)
  }

  @Test(arguments: [
    (
      body("http://fcm.googleapis.com/fcm/send/a"),
      "The push endpoint 'http://fcm.googleapis.com/fcm/send/a' is not an https:// address"
    ),
    (
      body("https://evil.example/push"),
      "'evil.example' is not a push service a browser uses (Chrome's, Firefox's, Safari's or "
        + "Edge's), so no reminder is sent there."
    ),
    (
      body("https://192.168.1.1/push"),
      "'192.168.1.1' is on this machine or a private network: reminders go only to a browser's "
        + "push service."
    ),
    (body("https://127.0.0.1:9999/push"), "'127.0.0.1' is on this machine or a private network"),
    (
      body(p256dh: Base64URL.encode(Array(repeating: 4, count: 64))),
      "The subscription's p256dh key must be an uncompressed P-256 public key: 65 bytes starting "
        + "with 0x04, not 64 bytes."
    ),
    (
      body(auth: Base64URL.encode(Array(repeating: 1, count: 32))),
      "The subscription's auth secret must be 16 bytes, not 32."
    ),
    (body(auth: "not base64!"), "The subscription's auth secret is not base64url text."),
    (
      body(device: String(repeating: "x", count: 65)),
      "is not a short label: give at most 64 characters"
    ),
  ])
  func eachRuleIsA422InTheDomainsWordsAndStoresNothing(body: String, words: String)
    async throws
  {
    let server = try InProcessServer()
    try await server.test { client in
      let refused = try await Self.post(client, body)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.headers[.contentType] == "application/problem+json")
      let detail = try Self.object(refused)["detail"] as? String ?? ""
      #expect(detail.contains(words), "\(detail)")
    }
    #expect(try Self.count(server.store) == 0)
  }

  @Test func aLoopbackReceiverIsTakenOnlyWhenTheServerIsToldSo() async throws {
    let body = Self.body("http://127.0.0.1:9999/push/1")
    let strict = try InProcessServer()
    try await strict.test { client in
      let refused = try await Self.post(client, body)
      #expect(refused.status == .unprocessableContent)
    }
    let testing = try InProcessServer(configure: {
      $0.push.services = PushServices(allowsLoopback: true)
    })
    try await testing.test { client in
      let made = try await Self.post(client, body)
      #expect(made.status == .created)
    }
    let added = try InProcessServer(configure: {
      $0.push.services = PushServices(added: ["push.example.org"])
    })
    try await added.test { client in
      let made = try await Self.post(client, Self.body("https://eu.push.example.org/x"))
      #expect(made.status == .created)
    }
  }

  @Test func aBodyOver4KiBIsA413AndNothingIsStored() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let large = Self.body(device: String(repeating: "x", count: 4_100))
      let refused = try await Self.post(client, large)
      #expect(refused.status == .contentTooLarge)
      let detail = try Self.object(refused)["detail"] as? String ?? ""
      #expect(detail.contains("larger than a push subscription takes (4 KiB)"), "\(detail)")
    }
    #expect(try Self.count(server.store) == 0)
  }

  @Test func aReadOnlyTokenCannotSubscribeButLists() async throws {
    let server = try InProcessServer()
    _ = try server.store.addToken(
      named: "waybar", digest: APIToken.digest(of: "reader"), scope: .readOnly,
      now: InProcessServer.now)
    try await server.test { client in
      let refused = try await Self.post(client, Self.body(), headers: Self.bearer("reader"))
      #expect(refused.status == .forbidden)
      #expect(String(buffer: refused.body).contains("The token 'waybar' may only read"))
      let listed = try await client.execute(
        uri: "/api/push-subscriptions", method: .get, headers: Self.bearer("reader"))
      #expect(listed.status == .ok)
      let unknown = try await Self.post(client, Self.body(), headers: Self.bearer("guess"))
      #expect(unknown.status == .unauthorized)
      let nobody = try await Self.post(client, Self.body(), headers: [:])
      #expect(nobody.status == .unauthorized)
    }
    #expect(try Self.count(server.store) == 0)
  }

  @Test func theTwentyFirstOfATokenIsRefusedSayingHowToStopOne() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      for index in 0..<20 {
        let made = try await Self.post(
          client, Self.body("https://fcm.googleapis.com/fcm/send/\(index)"))
        #expect(made.status == .created, "\(index)")
      }
      let refused = try await Self.post(
        client, Self.body("https://fcm.googleapis.com/fcm/send/21st"))
      #expect(refused.status == .unprocessableContent)
      let detail = try Self.object(refused)["detail"] as? String ?? ""
      #expect(
        detail
          == "This token already sends reminders to 20 phones, the most it may. Stop one of them "
          + "first. GET /api/push-subscriptions lists them, DELETE /api/push-subscriptions/{id} "
          + "stops one (on the server's machine: `liquidus remind devices stop ID`).")
    }
    #expect(try Self.count(server.store) == 20)
  }

  /// The page's own script, with its session's cookie and CSRF token in `X-CSRF-Token`.
  static func pageHeaders(_ page: SignedInPage, csrf: String?) -> HTTPFields {
    var headers: HTTPFields = [
      .cookie: page.cookie, .contentType: "application/json", .userAgent: android,
    ]
    if let csrf { headers[.init("X-CSRF-Token")!] = csrf }
    return headers
  }

  @Test func thePageSubscribesWithItsSessionAndCSRFToken() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      let forged = try await Self.post(
        client, Self.body(), headers: Self.pageHeaders(page, csrf: "guess"))
      #expect(forged.status == .forbidden)
      let missing = try await Self.post(
        client, Self.body(), headers: Self.pageHeaders(page, csrf: nil))
      #expect(missing.status == .forbidden)
      let made = try await Self.post(
        client, Self.body(), headers: Self.pageHeaders(page, csrf: page.csrf))
      #expect(made.status == .created)
      #expect(try Self.object(made)["thisSession"] as? Bool == true)
      // Reading needs no CSRF token, as the page's other reads.
      let listed = try await client.execute(
        uri: "/api/push-subscriptions", method: .get, headers: Self.pageHeaders(page, csrf: nil))
      #expect(listed.status == .ok)
      let devices = try #require(try Self.object(listed)["devices"] as? [[String: Any]])
      #expect(devices.first?["thisSession"] as? Bool == true)
    }
    #expect(
      try server.store.pushSubscriptions(now: InProcessServer.now).first?.device
        == "Chrome on Android")
  }

  @Test func signingOutOnePhoneStopsOnlyItsOwnReminders() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let first = try await SignedInPage.signIn(client)
      let second = try await SignedInPage.signIn(client)
      for (page, path) in [(first, "first"), (second, "second")] {
        let made = try await Self.post(
          client, Self.body("https://fcm.googleapis.com/fcm/send/\(path)"),
          headers: Self.pageHeaders(page, csrf: page.csrf))
        #expect(made.status == .created)
      }
      let out = try await first.post(client, "/signout", "csrf=\(first.csrf)")
      #expect(out.status == .seeOther)
    }
    let left = try server.store.pushSubscriptions(now: InProcessServer.now)
    #expect(left.map(\.endpoint) == ["https://fcm.googleapis.com/fcm/send/second"])
  }

  @Test func revokingTheTokenRemovesItsSubscriptions() async throws {
    let server = try InProcessServer()
    _ = try server.store.addToken(
      named: "tablet", digest: APIToken.digest(of: "tablet-secret"), now: InProcessServer.now)
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      #expect(
        try await Self.post(
          client, Self.body("https://fcm.googleapis.com/fcm/send/page"),
          headers: Self.pageHeaders(page, csrf: page.csrf)
        ).status == .created)
      #expect(
        try await Self.post(client, Self.body("https://fcm.googleapis.com/fcm/send/bearer"))
          .status == .created)
      #expect(
        try await Self.post(
          client, Self.body("https://fcm.googleapis.com/fcm/send/tablet"),
          headers: Self.bearer("tablet-secret")
        ).status == .created)
      _ = try server.store.revokeToken(named: "phone")
      let after = try await client.execute(
        uri: "/api/push-subscriptions", method: .get, headers: Self.pageHeaders(page, csrf: nil))
      #expect(after.status == .unauthorized)
    }
    let left = try server.store.pushSubscriptions(now: InProcessServer.now)
    #expect(left.map(\.endpoint) == ["https://fcm.googleapis.com/fcm/send/tablet"])
  }

  @Test func aTokenStopsItsOwnAndAnothersIsNotFound() async throws {
    let server = try InProcessServer()
    _ = try server.store.addToken(
      named: "tablet", digest: APIToken.digest(of: "tablet-secret"), now: InProcessServer.now)
    try await server.test { client in
      let mine = try Self.object(try await Self.post(client, Self.body()))["id"] as? Int ?? -1
      let theirs =
        try Self.object(
          try await Self.post(
            client, Self.body("https://fcm.googleapis.com/fcm/send/tablet"),
            headers: Self.bearer("tablet-secret")))["id"] as? Int ?? -1
      let listed = try await client.execute(
        uri: "/api/push-subscriptions", method: .get, headers: Self.bearer())
      let devices = try #require(try Self.object(listed)["devices"] as? [[String: Any]])
      #expect(devices.map { $0["id"] as? Int } == [mine], "only the caller's own")
      for id in ["\(theirs)", "12345", "abc"] {
        let refused = try await client.execute(
          uri: "/api/push-subscriptions/\(id)", method: .delete, headers: Self.bearer())
        #expect(refused.status == .notFound, "\(id)")
        #expect(refused.headers[.contentType] == "application/problem+json")
        let detail = try Self.object(refused)["detail"] as? String ?? ""
        #expect(detail.hasPrefix("No phone gets reminders under the id"), "\(detail)")
      }
      let stopped = try await client.execute(
        uri: "/api/push-subscriptions/\(mine)", method: .delete, headers: Self.bearer())
      #expect(stopped.status == .ok)
      #expect(try Self.object(stopped)["id"] as? Int == mine)
    }
    let left = try server.store.pushSubscriptions(now: InProcessServer.now)
    #expect(left.map(\.endpoint) == ["https://fcm.googleapis.com/fcm/send/tablet"])
  }
}
