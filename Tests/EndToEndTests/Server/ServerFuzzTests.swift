import Foundation
import Testing

/// schemathesis (from PyPI, installed by Scripts/install-deps) generates requests from
/// `/api/openapi.json`, valid and not, and checks every answer: never a server error, always the
/// documented status, content type and schema; a request the document forbids is refused
/// (ST201), one it allows is not (ST202, but for the rules below), and a method a path does not
/// take gets 405 with `Allow` (ST204). A bounded run: 25 examples an operation, then the
/// stateful phase, which follows the document's links (log a drink, change it, delete it).
/// The seed differs from run to run, so runs together cover more; it is printed, and
/// `LIQUIDUS_FUZZ_SEED` repeats one.
@Suite(.serialized) struct ServerFuzzTests {
  static let schemathesis = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build-api/venv/bin/st")

  @Test func schemathesisFindsNoServerErrorAndNoAnswerOffTheDocument() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.schemathesis.path),
      "schemathesis is missing: run Scripts/install-deps (Scripts/test does)")
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    let server = try RunningServer(
      cli: cli, environment: ["LIQUIDUS_SERVE_GUESSES_PER_MINUTE": "100000"])
    let seed =
      ProcessInfo.processInfo.environment["LIQUIDUS_FUZZ_SEED"]
      ?? String(UInt32.random(in: 1...UInt32.max))
    print("schemathesis seed \(seed) (LIQUIDUS_FUZZ_SEED=\(seed) repeats this run)")
    let config = cli.folder.appendingPathComponent("schemathesis.toml")
    try Self.rulesTheDocumentCannotState.write(to: config, atomically: true, encoding: .utf8)
    let result = try cli.shell(
      "'\(Self.schemathesis.path)' --config-file '\(config.path)' run "
        + "'\(server.base)/api/openapi.json' "
        + "-H 'Authorization: Bearer \(server.token)' --exclude-path /api/events -n 25 "
        + "--seed \(seed) --phases examples,coverage,fuzzing,stateful --request-timeout 20 "
        + "--checks not_a_server_error,response_schema_conformance,status_code_conformance,"
        + "content_type_conformance,negative_data_rejection,positive_data_acceptance,"
        + "unsupported_method 2>&1")
    // Each line cut to 400 characters: a reproducing curl line of a fuzzed body can be longer
    // than the whole message, and hid which check failed.
    let readable = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.count > 400 ? $0.prefix(400) + "…" : $0 }.joined(separator: "\n")
    #expect(result.status == 0, "schemathesis (seed \(seed)):\n\(readable.suffix(6_000))")
    #expect(result.stdout.contains("Tested: 15"), "\(result.stdout.suffix(2_000))")
    #expect(result.stdout.contains("Stateful"), "\(result.stdout.suffix(4_000))")
  }

  /// Where a request the document allows may still be refused: by rules a JSON schema cannot
  /// state, each answered in the command line's words. A period's or a day's words and "one of
  /// amount, amountMl or serving" are 400; a drink, serving, amount or time the database or the
  /// parser does not know is 422 (a drink named "x" is a valid string, and not a drink), and so
  /// is a push subscription whose endpoint is no browser's push service or whose keys have the
  /// wrong length; a subscription id of no subscription is 404, and a reminder button's tap
  /// whose credential allows nothing is 401 (no fuzzed credential does). A body past its route's cap
  /// is refused with 413 before it is read, whatever it holds.
  static let rulesTheDocumentCannotState = """
    [[operations]]
    include-path-regex = "^/api/(drinks|summary|caffeine|workouts|push-subscriptions|push-actions)"
    checks.positive_data_acceptance.expected-statuses = [
      "2xx", "400", "401", "403", "404", "409", "422", "429",
    ]
    checks.negative_data_rejection.expected-statuses = [
      "400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx",
    ]
    """
}
