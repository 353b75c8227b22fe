import Foundation
import GRDB
import Testing

/// `liquidus serve` as phones and scripts use it: real HTTP against the real executable, over a
/// database the command line writes at the same time.
@Suite(.serialized) struct ServerAPITests {
  func entries(_ cli: CLI) throws -> [(uid: String, ml: Double)] {
    try DatabaseQueue(path: cli.databasePath).read { db in
      try Row.fetchAll(
        db, sql: "SELECT \(ImportSupport.uidText("uid")), volume_ml FROM drink ORDER BY id"
      ).map {
        ($0[0], $0[1])
      }
    }
  }

  /// A clock that moves: a pinned LIQUIDUS_NOW would put every drink at the same instant.
  func liveCLI() throws -> CLI {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    return cli
  }

  @Test func aDrinkPostedTwiceWithOneKeyIsLoggedOnce() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let body = #"{"drink":"water","amount":"250ml","note":"from the phone"}"#
    let first = try await server.send(
      "POST", "/api/drinks", json: body, headers: ["Idempotency-Key": "k-1"])
    let again = try await server.send(
      "POST", "/api/drinks", json: body, headers: ["Idempotency-Key": "k-1"])
    #expect(first.status == 201)
    #expect(again.status == 201)
    #expect(again.headers["idempotent-replayed"] == "true")
    let uid = try #require((try first.json()["entry"] as? [String: Any])?["uid"] as? String)
    #expect((try again.json()["entry"] as? [String: Any])?["uid"] as? String == uid)
    #expect(try entries(cli).map(\.uid) == [uid])
    let day = try #require(try first.json()["day"] as? [String: Any])
    #expect(day["total"] as? Double == 250)
    #expect(day["goal"] as? Double == 2000)
    // The same key for another drink is a mistake, not a retry.
    let other = try await server.send(
      "POST", "/api/drinks", json: #"{"drink":"water","amount":"500ml"}"#,
      headers: ["Idempotency-Key": "k-1"])
    #expect(other.status == 409)
    #expect(try entries(cli).count == 1)
  }

  @Test func theCommandLineAndTheAPIShareTheDatabaseLive() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    #expect(try cli.runBinary("log", "coffee", "200ml").status == 0)
    let status = try await server.send("GET", "/api/status")
    #expect(status.status == 200)
    #expect(try status.json()["total"] as? Double == 200)
    let posted = try await server.send(
      "POST", "/api/drinks", json: #"{"drink":"juice","amountMl":150}"#)
    #expect(posted.status == 201)
    let listed = try cli.runBinary("list", "--format", "csv")
    #expect(listed.stdout.contains("Juice,150"), "\(listed.stdout)")
    // The same JSON as the command line's.
    let json = try cli.runBinary("status", "--format", "json")
    let api = try await server.send("GET", "/api/status")
    #expect(api.text == json.stdout)
  }

  /// The glances a phone or a dashboard reads are the command line's own JSON, field for field,
  /// on one pinned clock.
  @Test func theGlancesAreTheCommandLinesJSON() async throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.runBinary("log", "coffee", "200ml", "--at", "08:00").status == 0)
    #expect(try cli.runBinary("log", "water", "500ml", "--at", "09:30").status == 0)
    let server = try RunningServer(cli: cli)
    for (path, command) in [
      ("/api/due", ["due"]), ("/api/caffeine", ["caffeine"]), ("/api/types", ["types"]),
      ("/api/summary?period=week", ["summary", "week"]),
    ] {
      let api = try await server.send("GET", path)
      #expect(api.status == 200, "\(path): \(api.text)")
      let printed = try cli.runBinary(command + ["--format", "json"])
      #expect(printed.status == 0, "\(command): \(printed.stderr)")
      let fromAPI = try JSONSerialization.jsonObject(with: Data(api.text.utf8)) as? NSObject
      let fromCLI = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? NSObject
      #expect(
        fromAPI != nil && fromAPI == fromCLI,
        "\(path) differs from \(command):\n\(api.text)\n\(printed.stdout)")
    }
  }

  /// `GET /api/drinks` reads a period and drink types as `list` does, and refuses what it
  /// cannot read in the command line's words.
  @Test func listingFiltersByPeriodAndTypeAndRefusesWhatItCannotRead() async throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.runBinary("log", "coffee", "200ml", "--at", "yesterday 08:00").status == 0)
    #expect(try cli.runBinary("log", "water", "500ml", "--at", "09:30").status == 0)
    #expect(try cli.runBinary("log", "coffee", "100ml", "--at", "10:00").status == 0)
    let server = try RunningServer(cli: cli)
    func amounts(_ query: String) async throws -> [Double] {
      let answer = try await server.send("GET", "/api/drinks?\(query)")
      #expect(answer.status == 200, "\(query): \(answer.text)")
      let entries = try answer.json()["entries"] as? [[String: Any]] ?? []
      return entries.compactMap { $0["amount"] as? Double }
    }
    #expect(try await amounts("period=today") == [500, 100])
    #expect(try await amounts("period=today&type=coffee") == [100])
    #expect(try await amounts("period=week&type=coffee") == [200, 100])
    #expect(try await amounts("period=today&type=coffee&type=water") == [500, 100])
    let badPeriod = try await server.send("GET", "/api/drinks?period=fortnight")
    #expect(badPeriod.status == 400, "\(badPeriod.text)")
    #expect(badPeriod.text.contains("fortnight"))
    let badType = try await server.send("GET", "/api/drinks?period=today&type=lemonade")
    #expect(badType.status == 422, "\(badType.text)")
    #expect(badType.text.contains("lemonade"))
  }

  /// A token revoked in a shell while the server runs is refused at its next request, with no
  /// restart: the server reads the tokens again whenever the database changes.
  @Test func aTokenRevokedWhileTheServerRunsIsRefusedAtOnce() async throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let made = try cli.run("serve", "token", "add", "kitchen-tablet")
    #expect(made.status == 0, "\(made.stderr)")
    let tablet = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try await server.send("GET", "/api/status", token: tablet).status == 200)
    #expect(try cli.run("serve", "token", "revoke", "kitchen-tablet").status == 0)
    let refused = try await server.send("GET", "/api/status", token: tablet)
    #expect(refused.status == 401, "\(refused.text)")
    // The server's own token is untouched.
    #expect(try await server.send("GET", "/api/status").status == 200)
  }

  /// Two phones, each with its token: undo takes back the asking phone's latest drink, not a
  /// later one of the other phone's or of the command line's.
  @Test func undoRemovesOnlyThisTokensLatestDrink() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let other = try cli.run("serve", "token", "add", "other-phone").stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    func post(_ json: String, token: String?? = .none) async throws {
      let answer = try await server.send("POST", "/api/drinks", json: json, token: token)
      #expect(answer.status == 201, "\(answer.text)")
    }
    try await post(#"{"drink":"water","amount":"100ml"}"#)
    try await post(#"{"drink":"water","amount":"150ml"}"#)
    try await post(#"{"drink":"water","amount":"200ml"}"#, token: .some(other))
    #expect(try cli.runBinary("log", "water", "300ml").status == 0)
    let undone = try await server.send("POST", "/api/undo")
    #expect(undone.status == 200)
    #expect((try undone.json()["entry"] as? [String: Any])?["amount"] as? Double == 150)
    #expect(try entries(cli).map(\.ml) == [100, 200, 300])
    let theirs = try await server.send("POST", "/api/undo", token: .some(other))
    #expect(theirs.status == 200)
    #expect((try theirs.json()["entry"] as? [String: Any])?["amount"] as? Double == 200)
    #expect(try entries(cli).map(\.ml) == [100, 300])
  }

  @Test func changesAndDeletionsGoByTheEntrysUID() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let posted = try await server.send(
      "POST", "/api/drinks", json: #"{"drink":"water","amount":"100ml"}"#)
    let uid = try #require((try posted.json()["entry"] as? [String: Any])?["uid"] as? String)
    let changed = try await server.send("PATCH", "/api/drinks/\(uid)", json: #"{"amount":"330ml"}"#)
    #expect(changed.status == 200)
    #expect(try entries(cli).map(\.ml) == [330])
    let deleted = try await server.send("DELETE", "/api/drinks/\(uid)")
    #expect(deleted.status == 200)
    #expect(try entries(cli).isEmpty)
    #expect(try await server.send("DELETE", "/api/drinks/\(uid)").status == 404)
  }

  /// Each bad request: its status, a problem document in the command line's words, and
  /// nothing written.
  @Test func badRequestsAreRefusedWithTheirStatusAndWriteNothing() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let revoked = try cli.run("serve", "token", "add", "old").stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try cli.run("serve", "token", "revoke", "old").status == 0)
    let drink = #"{"drink":"water","amount":"250ml"}"#
    let cases: [(String, Int, () async throws -> RunningServer.Answer)] = [
      (
        "no token", 401,
        { try await server.send("POST", "/api/drinks", json: drink, token: .some(nil)) }
      ),
      (
        "a wrong token", 401,
        { try await server.send("POST", "/api/drinks", json: drink, token: "guess") }
      ),
      (
        "a revoked token", 401,
        { try await server.send("POST", "/api/drinks", json: drink, token: .some(revoked)) }
      ),
      (
        "a foreign Origin", 403,
        {
          try await server.send(
            "POST", "/api/drinks", json: drink, headers: ["Origin": "https://evil.example"])
        }
      ),
      (
        "malformed JSON", 400, { try await server.send("POST", "/api/drinks", json: "{\"drink\":") }
      ),
      (
        "an amount of lots", 422,
        {
          try await server.send("POST", "/api/drinks", json: #"{"drink":"water","amount":"lots"}"#)
        }
      ),
      (
        "an unknown drink", 422,
        { try await server.send("POST", "/api/drinks", json: #"{"drink":"wine","amount":"1l"}"#) }
      ),
      // schemathesis found this one: a serving's error was not a domain error to the server.
      (
        "an empty serving", 422,
        { try await server.send("POST", "/api/drinks", json: #"{"drink":"water","serving":""}"#) }
      ),
      (
        "an unknown serving", 422,
        {
          try await server.send("POST", "/api/drinks", json: #"{"drink":"water","serving":"vat"}"#)
        }
      ),
      (
        "a body over 64 KiB", 413,
        {
          try await server.send(
            "POST", "/api/drinks",
            json: "{\"note\":\"" + String(repeating: "a", count: 70_000) + "\"}")
        }
      ),
      ("a bad period", 400, { try await server.send("GET", "/api/summary?period=nonsense") }),
      (
        "an unknown entry", 404,
        { try await server.send("PATCH", "/api/drinks/nope", json: #"{"amount":"1l"}"#) }
      ),
    ]
    for (name, status, send) in cases {
      let answer = try await send()
      #expect(answer.status == status, "\(name): \(answer.status) \(answer.text)")
      #expect(answer.headers["content-type"] == "application/problem+json", "\(name)")
      #expect(try answer.json()["detail"] as? String != nil, "\(name)")
    }
    let lots = try await server.send(
      "POST", "/api/drinks", json: #"{"drink":"water","amount":"lots"}"#)
    let typed = try cli.run("log", "water", "lots")
    // The CLI's message, word for word, without its "error: " and without any flag.
    #expect(typed.stderr == "error: \(try lots.json()["detail"] as? String ?? "")\n")
    // A foreign Host (DNS rebinding) and a path climbing out: curl sends them as written.
    let host = try server.curl([
      "-H", "Authorization: Bearer \(server.token)", "-H", "Host: evil.example",
      "-w", "%{http_code}", "-o", "/dev/null", server.base + "/api/status",
    ])
    #expect(host == "403")
    // The refusal names the host and the option that adds it (before: "its owner can add the
    // name", without saying how).
    let refusal = try server.curl([
      "-H", "Host: evil.example:8787", server.base + "/api/status",
    ])
    #expect(refusal.contains("the host name 'evil.example'"), "\(refusal)")
    #expect(refusal.contains("liquidus serve --host-name NAME"), "\(refusal)")
    let climb = try server.curl([
      "--path-as-is", "-H", "Authorization: Bearer \(server.token)", "-w", "%{http_code}",
      "-o", "/dev/null", server.base + "/api/../../etc/passwd",
    ])
    #expect(climb == "404")
    #expect(try entries(cli).isEmpty)
  }

  /// Guesses from 127.0.0.1 block that address; another (127.0.0.2, also this machine) is
  /// answered as before, its own guesses counted on their own.
  @Test func guessingTokensIsThrottledPerAddress() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    for _ in 0..<10 {
      #expect(try await server.send("GET", "/api/status", token: "guess").status == 401)
    }
    // Past the limit a wrong token waits out the minute; the right one never does.
    let blocked = try await server.send("GET", "/api/status", token: "guess")
    #expect(blocked.status == 429)
    #expect(blocked.headers["retry-after"] == "60")
    func fromAnotherAddress(token: String) throws -> String {
      try server.curl([
        "--interface", "127.0.0.2", "-H", "Authorization: Bearer \(token)",
        "-w", "%{http_code}", "-o", "/dev/null", server.base + "/api/status",
      ])
    }
    #expect(try fromAnotherAddress(token: server.token) == "200", "another address is not blocked")
    #expect(try fromAnotherAddress(token: "guess") == "401", "its first guess is its own first")
    #expect(try fromAnotherAddress(token: server.token) == "200")
    #expect(
      try await server.send("GET", "/api/status", token: "guess").status == 429,
      "the first stays blocked")
    // The right token is never throttled, even from the blocked address.
    #expect(try await server.send("GET", "/api/status").status == 200)
    // A client that names itself is not believed from a peer nobody trusts.
    let named = try await server.send(
      "GET", "/api/status", headers: ["X-Forwarded-For": "203.0.113.9"], token: "guess")
    #expect(named.status == 429)
  }

  @Test func behindATrustedProxyEachClientIsThrottledByItsOwnAddress() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    // As Caddy or tailscale serve forward: the peer is 127.0.0.1, the client in the header.
    let server = try RunningServer(cli: cli, arguments: ["--trusted-proxy", "127.0.0.1"])
    let stranger = ["X-Forwarded-For": "203.0.113.9"]
    for _ in 0..<10 {
      let guess = try await server.send("GET", "/api/status", headers: stranger, token: "guess")
      #expect(guess.status == 401)
    }
    let blocked = try await server.send("GET", "/api/status", headers: stranger, token: "guess")
    #expect(blocked.status == 429)
    // Another client of the same proxy is not the stranger.
    let neighbour = try await server.send(
      "GET", "/api/status", headers: ["X-Forwarded-For": "198.51.100.4"], token: "guess")
    #expect(neighbour.status == 401)
  }

  @Test func eventsPushTheStatusWhenAnotherProcessLogs() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let stream = cli.folder.appendingPathComponent("events.txt")
    let listener = try cli.launch(
      "exec curl -s -N --max-time 120 -H 'Authorization: Bearer \(server.token)' "
        + "\(server.base)/api/events > '\(stream.path)'")
    defer {
      // SIGKILL: children of the test runner inherit its blocked SIGTERM.
      if listener.process.isRunning { kill(listener.process.processIdentifier, SIGKILL) }
      _ = listener.finish()
    }
    func received() -> [String] {
      ((try? String(contentsOf: stream, encoding: .utf8)) ?? "")
        .components(separatedBy: "\n").filter { $0.hasPrefix("data: ") }
    }
    // The first event says the listener is connected; the drink is logged after it, not after
    // a guessed pause. Each wait is bounded so that a silent stream fails instead of hanging.
    try await Self.waitFor("the first event", in: received) { !$0.isEmpty }
    #expect(try cli.runBinary("log", "water", "400ml").status == 0)
    try await Self.waitFor("an event with the new total", in: received) {
      $0.last?.contains(#""total":400"#) == true
    }
    let events = received()
    #expect(events.count >= 2, "\(events)")
    #expect(events.first?.contains(#""total":0"#) == true)
    #expect(events.last?.contains(#""total":400"#) == true)
  }

  /// Polls `read` until `done` holds, at most `seconds`; fails naming `what` when it does not.
  static func waitFor<T>(
    _ what: String, seconds: Int = 30, in read: () -> T, until done: (T) -> Bool
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if done(read()) { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    let last = read()
    try #require(done(last), "\(what) did not come within \(seconds) s: \(last)")
  }

  @Test func slowClientsAreCutOff() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli, environment: ["LIQUIDUS_SERVE_IDLE_SECONDS": "1"])
    // Half a request line, then nothing: the connection is closed, not held.
    let started = Date()
    let script = """
      exec 3<>/dev/tcp/127.0.0.1/\(server.port); printf 'GET /api/status HTTP/1.1\\r\\nHo' >&3;
      cat <&3 >/dev/null; echo closed
      """
    let result = try cli.shell("bash -c \"\(script.replacingOccurrences(of: "\"", with: "\\\""))\"")
    #expect(result.stdout.contains("closed"))
    #expect(Date().timeIntervalSince(started) < 10)
  }

  /// The answer to a logged drink, and the page, judge the day as status does: against its
  /// goal raised by its exercise, and under a limit by every drink whole.
  @Test func theAnswerAndThePageReadTheDaysOwnGoalAndLimit() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    #expect(try cli.runBinary("goal", "2l", "--per-workout", "250ml/30min").status == 0)
    #expect(try cli.runBinary("log-workout", "1h").status == 0)
    let server = try RunningServer(cli: cli)
    let posted = try await server.send(
      "POST", "/api/drinks", json: #"{"drink":"water","amountMl":500}"#)
    let day = try #require(try posted.json()["day"] as? [String: Any])
    #expect(day["goal"] as? Double == 2500)
    #expect(day["remaining"] as? Double == 2000)
    #expect(day["percent"] as? Int == 20)
    let jar = cli.folder.appendingPathComponent("jar").path
    _ = try server.curl(["-c", jar, "-d", "token=\(server.token)", server.base + "/signin"])
    let page = try server.curl(["-b", jar, server.base + "/"])
    #expect(page.contains("500 mL of 2,500 mL (20%)"), "\(page)")

    #expect(try cli.runBinary("goal", "--limit", "400ml").status == 0)
    let over = try await server.send(
      "POST", "/api/drinks", json: #"{"drink":"water","amountMl":100}"#)
    let limited = try #require(try over.json()["day"] as? [String: Any])
    #expect(limited["goal"] as? Double == 400)
    #expect(limited["remaining"] as? Double == -200)
    #expect(limited["goalMet"] as? Bool == false)
    let limitPage = try server.curl(["-b", jar, server.base + "/"])
    #expect(limitPage.contains("200 mL over the limit."), "\(limitPage)")
  }

  /// A workout from a phone raises its day's goal as `log-workout` does, and a slip is a 4xx
  /// problem in the command line's words.
  @Test func aWorkoutPostedRaisesTheDaysGoal() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    #expect(try cli.runBinary("goal", "2l", "--per-workout", "250ml/30min").status == 0)
    let server = try RunningServer(cli: cli)
    let posted = try await server.send(
      "POST", "/api/workouts", json: #"{"duration":"1h","activity":"running"}"#)
    #expect(posted.status == 201, "\(posted.text)")
    let answer = try posted.json()
    #expect(answer["goal"] as? Double == 2500)
    #expect(answer["extra"] as? Double == 500)
    let workout = try #require(answer["workout"] as? [String: Any])
    #expect(workout["minutes"] as? Double == 60 && workout["activity"] as? String == "running")
    #expect(try await server.send("GET", "/api/status").json()["goal"] as? Double == 2500)
    let listed = try cli.runBinary("workouts", "--format", "json")
    #expect(try listed.jsonArray().count == 1)

    for (body, status, words) in [
      (#"{"duration":"0min"}"#, 422, "A workout lasts from a minute to 24 hours"),
      (#"{"duration":"1h","at":"now"}"#, 422, "which is still to come"),
      (#"{"activity":"running"}"#, 400, "not the JSON this request takes"),
    ] {
      let refused = try await server.send("POST", "/api/workouts", json: body)
      #expect(refused.status == status, "\(body): \(refused.text)")
      #expect(refused.headers["content-type"] == "application/problem+json")
      #expect(refused.text.contains(words), "\(body): \(refused.text)")
    }
    #expect(try cli.runBinary("workouts", "--format", "json").jsonArray().count == 1)
  }
}
