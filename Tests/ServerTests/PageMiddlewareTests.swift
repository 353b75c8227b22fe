import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import Testing

@testable import LiquidusServer

/// The page's session and CSRF middleware: who may see a screen, and which posts count.
@Suite struct PageMiddlewareTests {
  @Test func aScreenOfThePersonsDataWantsASessionAndSaysSo() async throws {
    try await InProcessServer().test { client in
      for path in ["/trends", "/settings", "/import", "/events", "/trends/summary.csv"] {
        let response = try await client.execute(uri: path, method: .get)
        #expect(response.status == .unauthorized, "\(path)")
        #expect(String(buffer: response.body).contains("Sign in first."), "\(path)")
      }
      // The sign-in screen is open to anyone.
      let home = try await client.execute(uri: "/", method: .get)
      #expect(home.status == .ok)
      #expect(String(buffer: home.body).contains("name=\"token\""))
    }
  }

  @Test func aChangeCountsOnlyWithItsSessionsCSRFToken() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      let forged = try await page.post(client, "/log", "drink=Water&amount=250ml&csrf=guess")
      #expect(forged.status == .forbidden)
      let missing = try await page.post(client, "/log", "drink=Water&amount=250ml")
      #expect(missing.status == .forbidden)
      let withoutSession = try await client.execute(
        uri: "/log", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "drink=Water&amount=250ml&csrf=\(page.csrf)"))
      #expect(withoutSession.status == .unauthorized)
      // The form's field, and the header the page's scripts send, both count.
      let form = try await page.post(
        client, "/log", "drink=Water&amount=250ml&csrf=\(page.csrf)")
      #expect(form.status == .seeOther)
      let header = try await page.post(
        client, "/log", "drink=Water&amount=300ml", headers: [.init("X-CSRF-Token")!: page.csrf])
      #expect(header.status == .seeOther)
    }
    let logged = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    #expect(logged.map(\.volume.milliliters).sorted() == [250, 300])
  }

  @Test func signingOutEndsTheSessionForItsCookie() async throws {
    try await InProcessServer().test { client in
      let page = try await SignedInPage.signIn(client)
      let out = try await page.post(client, "/signout", "csrf=\(page.csrf)")
      #expect(out.status == .seeOther)
      #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
      let after = try await client.execute(
        uri: "/settings", method: .get, headers: [.cookie: page.cookie])
      #expect(after.status == .unauthorized)
    }
  }

  @Test func aQueuedTapSentTwiceLogsOnce() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      for _ in 0..<2 {
        let sent = try await page.post(
          client, "/log", "drink=Water&amount=250ml&at=2026-11-20T13:00:00Z&csrf=\(page.csrf)",
          headers: [.init("Idempotency-Key")!: "tap-1"])
        #expect(sent.status == .seeOther)
      }
    }
    let logged = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    #expect(logged.count == 1)
  }
}

/// `serve token list` says when a token was last used; a browser signed in with it uses it.
@Suite struct TokenUsageTests {
  @Test func aSignedInPageMarksItsTokenAsUsed() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      #expect(try server.store.tokens().first?.lastUsedAt == nil)
      let page = try await SignedInPage.signIn(client)
      let today = try await client.execute(uri: "/", method: .get, headers: [.cookie: page.cookie])
      #expect(today.status == .ok)
      // Before, only /api requests marked it, and the list said "never used".
      #expect(try server.store.tokens().first?.lastUsedAt == InProcessServer.now)
    }
  }
}
