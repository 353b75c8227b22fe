import Foundation
import Testing

/// Stopping the server: a graceful shutdown has a deadline, and a second signal does not wait
/// for it. A client that drips a body one byte at a time keeps a request in flight for as long
/// as it likes, which once held the shutdown forever.
@Suite(.serialized) struct ServerShutdownTests {
  /// A POST with a valid token whose 4,000-byte body comes one byte every half second.
  static func drip(_ server: RunningServer) -> String {
    """
    bash -c 'exec 3<>/dev/tcp/127.0.0.1/\(server.port); \
    printf "POST /api/drinks HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAuthorization: Bearer \(server.token)\\r\\nContent-Type: application/json\\r\\nContent-Length: 4000\\r\\n\\r\\n{" >&3; \
    for i in $(seq 4000); do printf " " >&3 || exit; sleep 0.5; done'
    """
  }

  /// Waits (up to 60 s, a bound for a hang) for the server to exit; its status, or nil.
  static func exit(of server: RunningServer) async throws -> Int32? {
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while server.process.isRunning {
      guard ContinuousClock.now < deadline else { return nil }
      try await Task.sleep(for: .milliseconds(50))
    }
    return server.process.terminationStatus
  }

  /// Waits until the server no longer accepts connections: it has begun to shut down.
  static func stopsAccepting(_ server: RunningServer, _ cli: CLI) async throws {
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while try cli.shell("bash -c 'exec 3<>/dev/tcp/127.0.0.1/\(server.port)' 2>/dev/null").status
      == 0
    {
      try #require(ContinuousClock.now < deadline, "The server still accepts 60 s after SIGTERM")
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  @Test func aDrippingClientDoesNotHoldTheShutdownPastItsDeadline() async throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli, environment: ["LIQUIDUS_SERVE_SHUTDOWN_SECONDS": "1"])
    let drip = try cli.launch(Self.drip(server))
    defer { drip.process.terminate() }
    try await Task.sleep(for: .seconds(1))
    kill(server.process.processIdentifier, SIGTERM)
    let status = try await Self.exit(of: server)
    #expect(status != nil, "The server was still running 60 s after SIGTERM: \(server.log)")
    // Nothing half-done: the dripped drink was never acknowledged and is not there.
    #expect(try cli.runBinary("list", "--format", "csv").stdout.split(separator: "\n").count <= 1)
  }

  @Test func aSecondSignalEndsTheServerAtOnce() async throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    // A deadline longer than the wait below: only the second signal can end it in time.
    let server = try RunningServer(
      cli: cli, environment: ["LIQUIDUS_SERVE_SHUTDOWN_SECONDS": "600"])
    let drip = try cli.launch(Self.drip(server))
    defer { drip.process.terminate() }
    try await Task.sleep(for: .seconds(1))
    kill(server.process.processIdentifier, SIGTERM)
    try await Self.stopsAccepting(server, cli)
    kill(server.process.processIdentifier, SIGINT)
    let status = try await Self.exit(of: server)
    #expect(status != nil, "The server was still running 60 s after a second signal")
    #expect(server.log.contains("Stopping at once"), "\(server.log)")
  }
}
