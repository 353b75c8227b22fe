import Foundation
import LiquidusTestSupport
import Testing

/// The loopback push service of `Tests/PushReceiver/push_receiver.py`, started for an in-process
/// test of the sender: it makes a subscription as a browser would, checks each message's VAPID
/// token, decrypts it and records it, and answers what a test asks for.
///
/// The least of EndToEndTests' `PushReceiver` (which runs its shell through that target's CLI
/// helper), repeated here with plain processes.
final class LoopbackPushService: @unchecked Sendable {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let python = root.appendingPathComponent(".build-api/venv/bin/python")
  static let script = root.appendingPathComponent("Tests/PushReceiver/push_receiver.py")

  struct Subscription: Decodable {
    struct Keys: Decodable {
      var p256dh: String
      var auth: String
    }
    var endpoint: String
    var keys: Keys
  }

  let process: Process
  let folder: URL
  let subscription: Subscription
  /// `scheme://127.0.0.1:port`.
  let origin: String
  /// The certificate authority that signed its certificate; nil over plain HTTP.
  let authority: URL?

  /// Starts it in a new temporary folder, over HTTPS from a new test authority when `tls`.
  init(tls: Bool = false) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.python.path),
      "the push receiver's Python is missing: run Scripts/install-deps (Scripts/test does)")
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "liquidus-push-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    authority = tls ? try Self.makeAuthority(in: folder) : nil
    process = Process()
    process.executableURL = Self.python
    var arguments = [Self.script.path, "serve", "--folder", folder.path]
    if tls {
      arguments += [
        "--tls-cert", folder.appendingPathComponent("receiver.pem").path,
        "--tls-key", folder.appendingPathComponent("receiver.key").path,
      ]
    }
    process.arguments = arguments
    let log = folder.appendingPathComponent("receiver.log")
    try Data().write(to: log)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let file = folder.appendingPathComponent("subscription.json")
    var data: Data?
    let deadline = ContinuousClock.now + .seconds(30)
    while data == nil && process.isRunning && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      data = try? Data(contentsOf: file)
    }
    guard let data else {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      throw DidNotStart(log: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
    subscription = try JSONDecoder().decode(Subscription.self, from: data)
    let endpoint = try #require(URL(string: subscription.endpoint))
    origin = "\(endpoint.scheme!)://\(endpoint.host!):\(endpoint.port!)"
  }

  struct DidNotStart: Error, CustomStringConvertible {
    let log: String
    var description: String { "the push receiver did not start: \(log)" }
  }

  var endpoint: URL { URL(string: subscription.endpoint)! }
  var port: Int { endpoint.port! }

  /// Every message it was sent so far, oldest first.
  func records() throws -> [[String: Any]] {
    let text = try String(
      contentsOf: folder.appendingPathComponent("records.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// The records once there are `count`, waiting at most `limit` for them.
  func records(count: Int, within limit: Duration = .seconds(300)) async throws -> [[String: Any]] {
    var found = try records()
    _ = try await waitPatiently(upTo: limit) {
      found = try records()
      return found.count >= count
    }
    return found
  }

  /// Has the next messages answered with these statuses (and `Retry-After` seconds), in turn.
  func answerNext(_ answers: [(status: Int, retryAfter: Int?)]) throws {
    let json = answers.map { answer in
      "{\"status\":\(answer.status)"
        + (answer.retryAfter.map { ",\"retryAfter\":\($0)" } ?? "") + "}"
    }
    let control = folder.appendingPathComponent("answers.json")
    try Data("[\(json.joined(separator: ","))]".utf8).write(to: control)
    let trust = authority.map { "--cacert '\($0.path)'" } ?? ""
    let sent = try Self.shell(
      "curl -s --max-time 20 \(trust) -o /dev/null -w '%{http_code}' "
        + "--data-binary @'\(control.path)' '\(origin)/control/answers'")
    try #require(sent == "204", "the receiver's control answered \(sent)")
  }

  /// A test authority and a certificate it signed for 127.0.0.1 and localhost.
  private static func makeAuthority(in folder: URL) throws -> URL {
    let output = try shell(
      """
      set -e; cd '\(folder.path)'
      openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
        -subj '/CN=Liquidus test push CA' -keyout ca.key -out ca.pem
      openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
        -subj /CN=localhost -keyout receiver.key -out receiver.csr
      printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\n' > receiver.ext
      openssl x509 -req -in receiver.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
        -extfile receiver.ext -out receiver.pem
      echo made
      """ + " 2>&1")
    try #require(output.hasSuffix("made\n"), "openssl: \(output)")
    return folder.appendingPathComponent("ca.pem")
  }

  /// Runs a shell script, for at most a minute, and returns what it printed.
  private static func shell(_ script: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "liquidus-push-shell-\(UUID().uuidString)")
    try Data().write(to: output)
    defer { try? FileManager.default.removeItem(at: output) }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    if !process.waitUntilExit(within: .seconds(60)) {
      Issue.record("\(script) ran past a minute and was killed")
    }
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    if !process.waitUntilExit(within: .seconds(30)) {
      Issue.record("the push receiver did not end within 30 s of SIGKILL")
    }
    try? FileManager.default.removeItem(at: folder)
  }
}
