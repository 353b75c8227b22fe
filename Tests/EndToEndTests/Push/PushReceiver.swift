import Foundation
import LiquidusTestSupport
import Testing

/// The loopback push service (`Tests/PushReceiver/push_receiver.py`, run by the Python of
/// `.build-api/venv`, where Scripts/install-deps puts `cryptography`), started for a test. It
/// makes a subscription as a browser would, and checks, decrypts and records every message
/// posted to it, written from the RFCs apart from the Swift code it checks.
final class PushReceiver: @unchecked Sendable {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let python = root.appendingPathComponent(".build-api/venv/bin/python")
  static let script = root.appendingPathComponent("Tests/PushReceiver/push_receiver.py")

  /// The subscription as `PushSubscription.toJSON()` gives it.
  struct Subscription: Decodable {
    struct Keys: Decodable {
      var p256dh: String
      var auth: String
    }
    var endpoint: String
    var keys: Keys
  }

  let process: Process
  /// Where it writes `subscription.json` and `records.jsonl`.
  let folder: URL
  let output: URL
  let subscription: Subscription
  /// `scheme://127.0.0.1:port`: what a VAPID token's `aud` must be.
  let origin: String
  /// The certificate authority a client must trust to reach it over HTTPS; nil over HTTP.
  let authority: URL?

  /// Starts the receiver over plain HTTP, or over HTTPS with `certificate` (see
  /// ``TestCertificateAuthority``), and waits for its subscription. Given `serverKey` (a VAPID
  /// public key in base64url), it refuses tokens signed by any other key with 403.
  init(folder: URL, certificate: TestCertificateAuthority? = nil, serverKey: String? = nil)
    throws
  {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.python.path),
      "the push receiver's Python is missing: run Scripts/install-deps (Scripts/test does)")
    self.folder = folder
    authority = certificate?.authority
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    output = folder.appendingPathComponent("receiver.log")
    try Data().write(to: output)
    process = Process()
    process.executableURL = Self.python
    var arguments = [Self.script.path, "serve", "--folder", folder.path]
    if let certificate {
      arguments += [
        "--tls-cert", certificate.certificate.path, "--tls-key", certificate.key.path,
      ]
    }
    if let serverKey { arguments += ["--server-key", serverKey] }
    process.arguments = arguments
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let file = folder.appendingPathComponent("subscription.json")
    // Written whole and renamed into place, so it is there complete or not at all.
    var data: Data?
    for _ in 0..<600 where data == nil && process.isRunning {
      Thread.sleep(forTimeInterval: 0.05)
      data = try? Data(contentsOf: file)
    }
    guard let data else {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      throw DidNotStart(log: (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
    subscription = try JSONDecoder().decode(Subscription.self, from: data)
    let endpoint = try #require(URL(string: subscription.endpoint))
    origin = "\(endpoint.scheme!)://\(endpoint.host!):\(endpoint.port!)"
  }

  struct DidNotStart: Error, CustomStringConvertible {
    let log: String
    var description: String { "the push receiver did not start: \(log)" }
  }

  /// Every message it was sent so far, accepted or refused, oldest first.
  func records() throws -> [[String: Any]] {
    let text = try String(
      contentsOf: folder.appendingPathComponent("records.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// The records once there are `count`, waiting at most `limit` for them.
  func records(count: Int, within limit: Duration = .seconds(60)) throws -> [[String: Any]] {
    let deadline = ContinuousClock.now + limit
    var found = try records()
    while found.count < count && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      found = try records()
    }
    return found
  }

  /// Has the next messages answered with these statuses (and `Retry-After` seconds), in turn,
  /// instead of 201.
  func answerNext(_ answers: [(status: Int, retryAfter: Int?)], cli: CLI) throws {
    let json = answers.map { answer in
      "{\"status\":\(answer.status)"
        + (answer.retryAfter.map { ",\"retryAfter\":\($0)" } ?? "") + "}"
    }
    let control = folder.appendingPathComponent("answers.json")
    try Data("[\(json.joined(separator: ","))]".utf8).write(to: control)
    let sent = try cli.shell(
      "curl -s --max-time 20 \(certificateOption) -o /dev/null -w '%{http_code}' "
        + "--data-binary @'\(control.path)' '\(origin)/control/answers'")
    try #require(sent.stdout == "204", "the receiver's control answered \(sent.stdout)")
  }

  /// The curl option that trusts the receiver's certificate authority, if it speaks TLS.
  var certificateOption: String { authority.map { "--cacert '\($0.path)'" } ?? "" }

  var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  // It keeps nothing in memory that a test reads (each record is written whole as it comes),
  // so it is killed outright.
  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    if !process.waitUntilExit(within: .seconds(30)) {
      Issue.record("the push receiver did not end within 30 s of SIGKILL")
    }
  }
}

/// A certificate authority made for one test, and a certificate it signed for 127.0.0.1 and
/// localhost, with openssl: what the push receiver serves HTTPS with, and what a client is
/// told to trust instead of the system's authorities.
struct TestCertificateAuthority {
  /// The authority's certificate, to trust.
  let authority: URL
  /// The server's certificate and key.
  let certificate: URL
  let key: URL

  init(in folder: URL, cli: CLI) throws {
    authority = folder.appendingPathComponent("ca.pem")
    certificate = folder.appendingPathComponent("receiver.pem")
    key = folder.appendingPathComponent("receiver.key")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let made = try cli.shell(
      """
      set -e; cd '\(folder.path)'
      openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
        -subj '/CN=Liquidus test push CA' -keyout ca.key -out ca.pem
      openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
        -subj /CN=localhost -keyout receiver.key -out receiver.csr
      printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\n' > receiver.ext
      openssl x509 -req -in receiver.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
        -extfile receiver.ext -out receiver.pem
      """ + " 2>&1")
    try #require(made.status == 0, "openssl: \(made.stdout)")
  }
}
