import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiquidusServer

/// A period's query as the OpenAPI document describes it, and nothing else: `from` with `to`,
/// never beside `period`, each at most 100 characters, and no `all`.
@Suite struct PeriodQueryTests {
  static let owner: HTTPFields = [.authorization: "Bearer \(InProcessServer.secret)"]

  @Test func aHalfRangeAnOverlongValueOrBothKindsAreRefused() async throws {
    try await InProcessServer().test { client in
      let long = String(repeating: "w", count: 101)
      for path in ["/api/summary", "/api/caffeine", "/api/drinks"] {
        for (query, detail) in [
          ("from=2026-11-01", "Give both from and to (inclusive days, YYYY-MM-DD)."),
          ("to=2026-11-07", "Give both from and to (inclusive days, YYYY-MM-DD)."),
          ("period=week&from=2026-11-01&to=2026-11-07", "Give either a period or from and to"),
          ("period=\(long)", "A period, from or to is at most 100 characters."),
          ("from=\(long)&to=2026-11-07", "A period, from or to is at most 100 characters."),
        ] {
          let answer = try await client.execute(
            uri: "\(path)?\(query)", method: .get, headers: Self.owner)
          #expect(answer.status == .badRequest, "\(path)?\(query)")
          #expect(String(buffer: answer.body).contains(detail), "\(path)?\(query)")
        }
        let range = try await client.execute(
          uri: "\(path)?from=2026-11-01&to=2026-11-07", method: .get, headers: Self.owner)
        #expect(range.status == .ok, "\(path)")
      }
      let longType = try await client.execute(
        uri: "/api/summary?type=\(long)", method: .get, headers: Self.owner)
      #expect(longType.status == .badRequest)
    }
  }

  @Test func theDocumentOffersNoPeriodTheServerRefuses() async throws {
    try await InProcessServer().test { client in
      let document = try await client.execute(uri: "/api/openapi.json", method: .get)
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(buffer: document.body)) as? [String: Any])
      let components = try #require(json["components"] as? [String: Any])
      let parameters = try #require(components["parameters"] as? [String: Any])
      let period = try #require(parameters["Period"] as? [String: Any])
      let description = try #require(period["description"] as? String)
      let offered =
        description.split(separator: ":", maxSplits: 1).last?
        .split(separator: ".").first?.split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) } ?? []
      #expect(offered.count >= 9, "\(offered)")
      for expression in offered {
        for path in ["/api/summary", "/api/caffeine", "/api/drinks"] {
          let answer = try await client.execute(
            uri: "\(path)?period=\(expression)", method: .get, headers: Self.owner)
          #expect(answer.status == .ok, "\(path)?period=\(expression) is offered but refused")
        }
      }
    }
  }
}
