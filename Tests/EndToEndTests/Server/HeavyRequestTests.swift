import Foundation
import Testing

/// Three century summaries at once once left even the cached `/api/status` unanswered for as
/// long as they ran (issue 41, item 5): their layout held every thread the server had. Heavy
/// answers now wait their turn (`--heavy-requests`), off the threads light requests need.
@Suite(.serialized) struct HeavyRequestTests {
  @Test func statusIsAnsweredWhileThreeCenturySummariesRun() async throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let server = try RunningServer(cli: cli, arguments: ["--heavy-requests", "1"])
    let finished = Counter()
    let summaries = (0..<3).map { _ in
      Task {
        defer { finished.value.add(1, ordering: .relaxed) }
        return try await server.send("GET", "/api/summary?from=1926-11-21&to=2026-11-20")
      }
    }
    // While any summary is still running (and at least three times), the status must come
    // back in seconds: the status is recomputed each second, so this is no cached answer.
    // curl times each answer: this test process's own threads may be held up by other tests
    // running beside it, which must not count against the server.
    var asked = 0
    var slowest = 0.0
    while asked < 3 || finished.value.load(ordering: .relaxed) < 3 {
      let timed = try server.curl([
        "-o", "/dev/null", "-w", "%{http_code} %{time_total}",
        "-H", "Authorization: Bearer \(server.token)", server.base + "/api/status",
      ]).split(separator: " ")
      #expect(timed.first == "200", "\(timed)")
      slowest = max(slowest, Double(timed.last ?? "") ?? .infinity)
      asked += 1
      try await Task.sleep(for: .milliseconds(300))
    }
    #expect(slowest < 5, "a status took \(slowest) s while summaries ran")
    for summary in summaries {
      let answer = try await summary.value
      // Answered, or told when to come back: never left hanging.
      #expect(
        answer.status == 200 || (answer.status == 503 && answer.headers["retry-after"] != nil),
        "\(answer.status) \(answer.text.prefix(200))")
    }
  }
}
