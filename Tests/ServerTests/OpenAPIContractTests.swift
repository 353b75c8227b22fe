import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiquidusServer

/// Every route the document describes, asked for real, and its answer checked against the
/// document: the contract a client relies on, held by the server's own answers.
@Suite struct OpenAPIContractTests {
  static let document = try! JSONValue.parse(Data(buffer: PageFiles.openAPI.bytes))

  /// The operations the document lists, as `METHOD /path`.
  static var documented: Set<String> {
    guard case .object(let paths)? = document["paths"] else { return [] }
    var operations: Set<String> = []
    for (path, item) in paths {
      guard case .object(let methods) = item else { continue }
      for method in methods.keys where method != "parameters" {
        operations.insert("\(method.uppercased()) \(path)")
      }
    }
    return operations
  }

  /// One request to the server, its answer checked against the document's response for its
  /// status; returns the answer.
  final class Exercise: @unchecked Sendable {
    let client: any TestClientProtocol
    var asked: Set<String> = []
    var problems: [String] = []

    init(_ client: any TestClientProtocol) {
      self.client = client
    }

    @discardableResult
    func call(
      _ method: HTTPRequest.Method, _ uri: String, operation: String, body: String? = nil,
      headers: HTTPFields = [:], token: Bool = true
    ) async throws -> JSONValue {
      var headers = headers
      if token { headers[.authorization] = "Bearer \(InProcessServer.secret)" }
      if body != nil { headers[.contentType] = "application/json" }
      let response = try await client.execute(
        uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
      asked.insert("\(method.rawValue) \(operation)")
      let answer = try JSONValue.parse(Data(buffer: response.body))
      let status = String(response.status.code)
      let documentedResponse =
        OpenAPIContractTests.document["paths"]?[operation]?[method.rawValue.lowercased()]?[
          "responses"]?[status]
      guard var described = documentedResponse else {
        problems.append("\(method.rawValue) \(uri) answered \(status), which is not documented")
        return answer
      }
      let check = JSONSchemaCheck(document: OpenAPIContractTests.document)
      if case .string(let reference)? = described["$ref"], let shared = check.resolve(reference) {
        described = shared
      }
      let contentType = status.hasPrefix("2") ? "application/json" : "application/problem+json"
      guard let schema = described["content"]?[contentType]?["schema"] else {
        problems.append("\(method.rawValue) \(uri) \(status): no \(contentType) schema")
        return answer
      }
      problems += check.problems(answer, against: schema, at: "\(method.rawValue) \(uri)")
      return answer
    }
  }

  @Test func everyRoutesRealAnswerIsWhatTheDocumentSays() async throws {
    let server = try InProcessServer()
    _ = try PushActionRouteTests.remindedPhone(server.store)
    let (asked, problems) = try await server.test { client in
      let run = Exercise(client)
      try await run.call(.get, "/api/types", operation: "/api/types")
      let logged = try await run.call(
        .post, "/api/drinks", operation: "/api/drinks",
        body: #"{"drink":"coffee","amount":"200ml","note":"with milk"}"#,
        headers: [.init("Idempotency-Key")!: "contract-1"])
      try await run.call(
        .post, "/api/drinks", operation: "/api/drinks",
        body: #"{"drink":"coffee","amount":"200ml","note":"with milk"}"#,
        headers: [.init("Idempotency-Key")!: "contract-1"])
      try await run.call(
        .post, "/api/drinks", operation: "/api/drinks", body: #"{"drink":"water","amount":"lots"}"#)
      try await run.call(
        .post, "/api/workouts", operation: "/api/workouts",
        body: #"{"duration":"45min","at":"07:00","activity":"running"}"#)
      guard case .string(let uid)? = logged["entry"]?["uid"] else {
        Issue.record("no uid in \(logged)")
        return (run.asked, run.problems)
      }
      try await run.call(.get, "/api/drinks?period=today", operation: "/api/drinks")
      try await run.call(
        .patch, "/api/drinks/\(uid)", operation: "/api/drinks/{uid}",
        body: #"{"amount":"250ml"}"#)
      for path in ["/api/status", "/api/due", "/api/caffeine"] {
        try await run.call(.get, path, operation: path)
      }
      for period in ["today", "week", "year"] {
        try await run.call(.get, "/api/summary?period=\(period)", operation: "/api/summary")
      }
      try await run.call(.delete, "/api/drinks/\(uid)", operation: "/api/drinks/{uid}")
      try await run.call(.delete, "/api/drinks/\(uid)", operation: "/api/drinks/{uid}")
      try await run.call(
        .post, "/api/drinks", operation: "/api/drinks",
        body: #"{"drink":"water","amount":"300ml"}"#)
      try await run.call(.post, "/api/undo", operation: "/api/undo")
      try await run.call(.post, "/api/undo", operation: "/api/undo")
      try await run.call(.get, "/api/status", operation: "/api/status", token: false)
      let subscribed = try await run.call(
        .post, "/api/push-subscriptions", operation: "/api/push-subscriptions",
        body: PushSubscriptionRouteTests.body())
      try await run.call(
        .post, "/api/push-subscriptions", operation: "/api/push-subscriptions",
        body: PushSubscriptionRouteTests.body("http://evil.example/push"))
      try await run.call(.get, "/api/push-subscriptions", operation: "/api/push-subscriptions")
      guard case .number(let id)? = subscribed["id"] else {
        Issue.record("no id in \(subscribed)")
        return (run.asked, run.problems)
      }
      let stop = "/api/push-subscriptions/\(Int(id))"
      try await run.call(.delete, stop, operation: "/api/push-subscriptions/{id}")
      try await run.call(.delete, stop, operation: "/api/push-subscriptions/{id}")
      // A reminder's buttons: logged, the same tap again, snoozed, and a spent credential.
      let tap: HTTPFields = [.init("Idempotency-Key")!: "contract-tap"]
      for _ in 1...2 {
        try await run.call(
          .post, "/api/push-actions", operation: "/api/push-actions",
          body: PushActionRouteTests.logBody(), headers: tap, token: false)
      }
      try await run.call(
        .post, "/api/push-actions", operation: "/api/push-actions",
        body: #"{"credential":"\#(PushActionRouteTests.snooze)","action":"snooze"}"#,
        headers: [.init("Idempotency-Key")!: "contract-snooze"], token: false)
      try await run.call(
        .post, "/api/push-actions", operation: "/api/push-actions",
        body: PushActionRouteTests.logBody(), headers: [.init("Idempotency-Key")!: "other"],
        token: false)
      return (run.asked, run.problems)
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // The event stream never ends, so it is read by the end-to-end tests instead.
    #expect(asked == Self.documented.subtracting(["GET /api/events"]))
  }
}
