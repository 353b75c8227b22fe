import Foundation
import Testing

/// The service worker's queue as the server sees it: a refused tap must reach the worker in
/// the server's words (it tells the person which tap was not logged and why), while the
/// browser's own form post keeps getting Today with the error (the page without JavaScript).
extension PageTests {
  @Test func aRefusedQueuedTapGetsAProblemAndARefusedFormGetsToday() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let (jar, csrf) = try signIn(server, cli)
    func send(accept: String) throws -> String {
      try server.curl([
        "-i", "-b", jar, "-H", "Accept: \(accept)", "-H", "Idempotency-Key: \(UUID())",
        "--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "drink=Water",
        "--data-urlencode", "amount=lots", server.base + "/log",
      ])
    }
    let queued = try send(accept: "application/problem+json")
    #expect(queued.hasPrefix("HTTP/1.1 422"), "\(queued)")
    #expect(queued.lowercased().contains("content-type: application/problem+json"), "\(queued)")
    #expect(queued.contains("\"detail\":\"Cannot read the amount 'lots'."), "\(queued)")
    let form = try send(accept: "text/html,application/xhtml+xml,*/*;q=0.8")
    #expect(form.hasPrefix("HTTP/1.1 422"), "\(form)")
    #expect(form.lowercased().contains("content-type: text/html"), "\(form)")
    #expect(
      form.contains("<h1 id=\"day-title\" data-live>Today<span class=\"date\">")
        && form.contains("Cannot read the amount"), "\(form)")
    #expect(try count(cli) == 0, "neither logged anything")
  }
}
