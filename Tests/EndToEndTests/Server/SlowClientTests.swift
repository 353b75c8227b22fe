import Foundation
import Testing

/// Slow and hostile clients against the real binary over real sockets (issue 41, item 4): a body
/// dripped a byte at a time once held its connection for ever (each byte started the idle timer
/// again), a request refused for its token was held until its body ended, and 130 strangers
/// dripping bodies filled the 128 connections the server takes, so the owner's phone got no
/// answer at all.
@Suite(.serialized) struct SlowClientTests {
  func liveCLI() throws -> CLI {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    return cli
  }

  /// The head of a POST whose body is `length` bytes, of which it sends the first.
  static func post(_ path: String, length: Int, token: String? = nil, form: Bool = false)
    -> String
  {
    "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "")
      + "Content-Type: \(form ? "application/x-www-form-urlencoded" : "application/json")\r\n"
      + "Content-Length: \(length)\r\n\r\n" + (form ? "t" : "{")
  }

  /// Sends a byte on each of `connections` every `interval` until the task is cancelled.
  static func drip(_ connections: [RawConnection], every interval: Duration) -> Task<Void, Never> {
    Task.detached {
      while !Task.isCancelled {
        for connection in connections { connection.send(" ") }
        try? await Task.sleep(for: interval)
      }
    }
  }

  @Test func theOwnerIsAnsweredWhile130StrangersDripBodies() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    // No deadline and no minimum rate to speak of: only the room kept for the owner can let
    // the owner in while the strangers drip.
    let server = try RunningServer(
      cli: cli, arguments: ["--request-deadline", "3600", "--min-body-rate", "0"])
    var strangers: [RawConnection] = []
    for _ in 0..<130 {
      let connection = try RawConnection(port: server.port)
      // The sign-in form takes a body from anyone (its token is in it), under the forms'
      // 16 KiB cap: a stranger's one way to have a body read.
      connection.send(Self.post("/signin", length: 16_000, form: true))
      strangers.append(connection)
    }
    let dripping = Self.drip(strangers, every: .seconds(1))
    defer { dripping.cancel() }
    let owner = try RawConnection(port: server.port)
    owner.send(
      "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(server.token)\r\n"
        + "Connection: close\r\n\r\n")
    // Far longer than an answer takes, far shorter than the strangers keep dripping.
    let answer = owner.receive(within: .seconds(30)) { $0.contains("\r\n\r\n") }
    #expect(
      answer?.text.hasPrefix("HTTP/1.1 200") == true,
      "the owner's GET got \(answer?.text.prefix(200) ?? "no answer in 30 s")")
  }

  @Test func aBodyDrippedWithAValidTokenIsCutOffByTheRequestDeadline() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(
      cli: cli, arguments: ["--request-deadline", "3", "--min-body-rate", "0"])
    let connection = try RawConnection(port: server.port)
    connection.send(Self.post("/api/drinks", length: 4_000, token: server.token))
    let dripping = Self.drip([connection], every: .milliseconds(500))
    defer { dripping.cancel() }
    // The deadline is 3 s and the server checks every second; the idle timer (15 s) never
    // ends a connection that sends a byte every half second.
    let started = ContinuousClock.now
    #expect(connection.closesWithin(.seconds(14)), "the dripping connection was still open")
    #expect(ContinuousClock.now - started < .seconds(14))
    // Nothing half-done: the dripped drink was never acknowledged and is not there.
    #expect(try cli.runBinary("list", "--format", "csv").stdout.split(separator: "\n").count <= 1)
  }

  @Test func aBodyBelowTheMinimumRateIsCutOff() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    // The default deadline (300 s) is far off: only the rate, after its 10 s of grace, cuts.
    let server = try RunningServer(cli: cli, arguments: ["--min-body-rate", "100"])
    let connection = try RawConnection(port: server.port)
    connection.send(Self.post("/api/drinks", length: 4_000, token: server.token))
    let dripping = Self.drip([connection], every: .milliseconds(500))
    defer { dripping.cancel() }
    #expect(connection.closesWithin(.seconds(25)), "a body at 2 bytes a second was still read")
  }

  @Test func aPostWithoutATokenIsAnsweredWithoutWaitingForItsBody() async throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let connection = try RawConnection(port: server.port)
    // Under the API's 64 KiB cap, so only the missing token refuses it.
    connection.send(Self.post("/api/drinks", length: 60_000))
    let dripping = Self.drip([connection], every: .seconds(1))
    defer { dripping.cancel() }
    let answer = connection.receive(within: .seconds(10)) { $0.contains("\r\n\r\n") }
    #expect(
      answer?.text.hasPrefix("HTTP/1.1 401") == true,
      "got \(answer?.text.prefix(200) ?? "no answer in 10 s")")
    #expect(answer?.text.lowercased().contains("connection: close") == true)
    // The rest of the body is never read: the connection ends (the idle timer alone, 15 s,
    // would never end it while bytes keep coming).
    #expect(connection.closesWithin(.seconds(12)), "the refused request's connection stayed open")
  }
}
