import Foundation
import Hummingbird
import HummingbirdTesting
import NIOEmbedded
import Synchronization
import Testing

@testable import LiquidusServer

/// Which pages may change something: only one of the very origin (scheme, host and port) the
/// browser reached this server at, for every form, signing in included.
@Suite struct OriginTests {
  static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

  static func signIn(_ client: any TestClientProtocol, origin: String?, site: String? = nil)
    async throws -> HTTPResponse.Status
  {
    var headers = form
    if let origin { headers[.origin] = origin }
    if let site { headers[.init("Sec-Fetch-Site")!] = site }
    return try await client.execute(
      uri: "/signin", method: .post, headers: headers,
      body: ByteBuffer(string: "token=\(InProcessServer.secret)")
    ).status
  }

  @Test func anotherPortOrSchemeOnTheSameMachineIsAnotherSite() async throws {
    // The test client asks for `localhost` over plain HTTP.
    try await InProcessServer().test { client in
      for foreign in [
        "http://localhost:9999", "https://localhost", "http://evil.example", "null",
        "http://localhost.evil.example",
      ] {
        #expect(try await Self.signIn(client, origin: foreign) == .forbidden, "\(foreign)")
      }
      #expect(
        try await Self.signIn(client, origin: "http://localhost", site: "same-site") == .forbidden)
      #expect(try await Self.signIn(client, origin: "http://localhost") == .seeOther)
      #expect(try await Self.signIn(client, origin: "HTTP://LOCALHOST:80") == .seeOther)
      #expect(
        try await Self.signIn(client, origin: "http://localhost", site: "same-origin") == .seeOther)
      // A client that is no browser sends no Origin and is checked by its token.
      #expect(try await Self.signIn(client, origin: nil) == .seeOther)
      let page = try await SignedInPage.signIn(client)
      let forged = try await page.post(
        client, "/log", "drink=Water&amount=250ml&csrf=\(page.csrf)",
        headers: [.origin: "http://localhost:8788"])
      #expect(forged.status == .forbidden)
    }
  }

  @Test func behindATrustedProxyTheOriginIsTheOneItForwards() {
    let own = { (headers: [(String, String)]) -> WebOrigin? in
      var fields = HTTPFields()
      for (name, value) in headers { fields.append(.init(name: .init(name)!, value: value)) }
      let forwarded = ForwardedClient.forwarded(fields)
      return WebOrigin(
        scheme: forwarded.scheme ?? "http", authority: forwarded.host ?? "127.0.0.1:8787")
    }
    // Caddy and tailscale serve: X-Forwarded-Proto and X-Forwarded-Host.
    let caddy = own([("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "liquidus.example.org")])
    #expect(HostGuard.isSameOrigin([.origin: "https://liquidus.example.org"], own: caddy))
    #expect(!HostGuard.isSameOrigin([.origin: "http://liquidus.example.org"], own: caddy))
    #expect(!HostGuard.isSameOrigin([.origin: "https://liquidus.example.org:8443"], own: caddy))
    let tailnet = own([("Forwarded", "for=100.64.0.2;proto=https;host=\"laptop.ts.net:8787\"")])
    #expect(HostGuard.isSameOrigin([.origin: "https://laptop.ts.net:8787"], own: tailnet))
    #expect(!HostGuard.isSameOrigin([.origin: "https://laptop.ts.net"], own: tailnet))
  }

  /// Records whether a request's body was asked for a byte.
  final class WatchedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let read = Mutex(false)

    struct AsyncIterator: AsyncIteratorProtocol {
      let body: WatchedBody
      mutating func next() async throws -> ByteBuffer? {
        body.read.withLock { $0 = true }
        return nil
      }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: self) }
  }

  @Test func anUploadWithAWrongCSRFTokenIsRefusedBeforeItsBodyIsRead() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      let responder = try server.server.makeRouter().buildResponder()
      func upload(csrf: String, cookie: String?) async throws -> (HTTPResponse.Status, Bool) {
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=b"]
        if let cookie { headers[.cookie] = cookie }
        let body = WatchedBody()
        let request = Request(
          head: HTTPRequest(
            method: .post, scheme: "http", authority: "localhost", path: "/import?csrf=\(csrf)",
            headerFields: headers),
          body: RequestBody(asyncSequence: body))
        let context = APIRequestContext(
          source: .init(channel: NIOAsyncTestingChannel(), logger: .init(label: "test")))
        let response = try await responder.respond(to: request, context: context)
        return (response.status, body.read.withLock { $0 })
      }
      let forged = try await upload(csrf: "guess", cookie: page.cookie)
      #expect(forged.0 == .forbidden)
      #expect(!forged.1, "the forged upload's body was read")
      let stranger = try await upload(csrf: page.csrf, cookie: nil)
      #expect(stranger.0 == .unauthorized)
      #expect(!stranger.1, "a stranger's upload was read")
      // The probe sees a read: the page's own form is read (and, empty, refused as such).
      let own = try await upload(csrf: page.csrf, cookie: page.cookie)
      #expect(own.0 == .badRequest)
      #expect(own.1)
    }
  }
}
