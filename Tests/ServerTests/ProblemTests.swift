import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import LiquidusStore
import Testing

@testable import LiquidusServer

/// Errors as the API reports them: problem documents in the domain's words.
@Suite struct ProblemTests {
  @Test func aRequestWithoutATokenIsAPlainProblem() async throws {
    try await InProcessServer().test { client in
      let response = try await client.execute(uri: "/api/status", method: .get)
      #expect(response.status == .unauthorized)
      #expect(response.headers[.contentType] == "application/problem+json")
      #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"liquidus\"")
      let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
      #expect((body as? [String: Any])?["status"] as? Int == 401)
    }
  }

  @Test func aKeyUsedAgainForAnotherDrinkIsAConflictAndTheSameDrinkIsReplayed() async throws {
    try await InProcessServer().test { client in
      func post(_ body: String) async throws -> TestResponse {
        try await client.execute(
          uri: "/api/drinks", method: .post,
          headers: [
            .authorization: "Bearer \(InProcessServer.secret)", .contentType: "application/json",
            .init("Idempotency-Key")!: "k-1",
          ], body: ByteBuffer(string: body))
      }
      let first = try await post(#"{"drink":"water","amount":"250ml"}"#)
      #expect(first.status == .created)
      let again = try await post(#"{"drink":"water","amount":"250ml"}"#)
      #expect(again.status == .created)
      #expect(again.headers[.init("Idempotent-Replayed")!] == "true")
      let other = try await post(#"{"drink":"water","amount":"500ml"}"#)
      #expect(other.status == .conflict)
      #expect(other.headers[.contentType] == "application/problem+json")
    }
  }

  @Test(arguments: [
    (StoreError.unknownEntryUID("x"), 404), (.nothingToUndo, 409), (.busy(path: "/db"), 503),
    (.corrupt(path: "/db", reason: "bad"), 500), (.unknownDrinkType("tea", suggestion: nil), 422),
    (.unknownToken("phone"), 500),
  ])
  func eachStoreErrorHasItsStatusAndItsOwnWords(error: StoreError, status: Int) {
    #expect(Int(Problem(error).status.code) == status, "\(error)")
    #expect(Problem(error).detail == error.description)
  }

  @Test func aMissingWorkoutIsNotFoundInTheAPIsWordsNotTheCommandLines() {
    let problem = Problem(WorkoutError.notFound(id: 7))
    #expect(problem.status == .notFound)
    #expect(!problem.detail.contains("liquidus workouts"), "\(problem.detail)")
    #expect(problem.detail.contains("/api/workouts"))
  }
}
