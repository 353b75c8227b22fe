import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiquidusServer

/// `HEAD` is answered as `GET` without its body, and the bearer scheme in any case.
@Suite struct HeadAndSchemeTests {
  static let owner: HTTPFields = [.authorization: "Bearer \(InProcessServer.secret)"]

  @Test func headAnswersAsGetWithoutTheBody() async throws {
    try await InProcessServer().test { client in
      for (path, headers) in [
        ("/api/status", Self.owner), ("/api/openapi.json", [:]), ("/healthz", [:]), ("/", [:]),
        ("/static/app.css", [:]),
      ] as [(String, HTTPFields)] {
        let get = try await client.execute(uri: path, method: .get, headers: headers)
        let head = try await client.execute(uri: path, method: .head, headers: headers)
        #expect(head.status == get.status, "\(path)")
        #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
        #expect(head.body.readableBytes == 0, "\(path)")
        #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path)")
      }
      // A refusal too: without a token, 401 as GET gets it.
      let bare = try await client.execute(uri: "/api/status", method: .head)
      #expect(bare.status == .unauthorized)
      #expect(bare.body.readableBytes == 0)
    }
  }

  @Test func aHeadOfTheEventStreamEndsAtOnceAndGivesBackItsPlace() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      for _ in 0..<3 {
        let head = try await client.execute(
          uri: "/api/events", method: .head, headers: Self.owner)
        #expect(head.status == .ok)
        #expect(head.headers[.contentType]?.hasPrefix("text/event-stream") == true)
        #expect(head.body.readableBytes == 0)
      }
      #expect(server.server.events.listening == 0)
    }
  }

  @Test func theBearerSchemeIsReadInAnyCase() async throws {
    try await InProcessServer().test { client in
      for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
        let response = try await client.execute(
          uri: "/api/status", method: .get,
          headers: [.authorization: "\(scheme) \(InProcessServer.secret)"])
        #expect(response.status == .ok, "\(scheme)")
      }
    }
  }

  @Test func theSecretIsWhatFollowsTheSchemeAndItsBlanks() {
    let read = TokenGuard.presentedSecret
    #expect(read("Bearer abc") == "abc")
    #expect(read("  bEaReR \t abc-_9 \t") == "abc-_9")
    for none in [
      nil, "", "Bearer", "Bearer ", "Bearer \t ", "Bearerabc", "Bearers abc", "Basic abc",
      "Bëarer abc", "earer abc", "Bearer\u{00A0}abc",
    ] {
      #expect(read(none) == nil, "\(String(describing: none))")
    }
  }
}
