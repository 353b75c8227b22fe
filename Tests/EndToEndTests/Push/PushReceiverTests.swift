import Foundation
import LiquidusPush
import Testing

/// LiquidusPush against the loopback push receiver, which holds the subscription's private key:
/// what Swift encrypts and signs, a checker written apart from it from the RFCs decrypts and
/// verifies. And the receiver itself refuses what a push service or browser would.
@Suite struct PushReceiverTests {
  static let contact = "mailto:owner@example.org"

  /// Posts `request` as a sender would, with curl (trusting the receiver's test authority),
  /// and returns the status and the answer's headers.
  static func post(
    _ request: PushRequest, to receiver: PushReceiver, cli: CLI, body: Data? = nil
  ) throws -> (status: Int, headers: String) {
    let id = UUID().uuidString
    let bodyFile = cli.folder.appendingPathComponent("push-\(id).body")
    let headers = cli.folder.appendingPathComponent("push-\(id).headers")
    try (body ?? request.body).write(to: bodyFile)
    let options = request.headers.sorted { $0.key < $1.key }.map { "-H '\($0.key): \($0.value)'" }
    let sent = try cli.shell(
      "curl -s --max-time 20 \(receiver.certificateOption) -X POST -D '\(headers.path)' "
        + "-o /dev/null -w '%{http_code}' \(options.joined(separator: " ")) "
        + "--data-binary @'\(bodyFile.path)' '\(request.url.absoluteString)'")
    return (
      Int(sent.stdout) ?? -1, (try? String(contentsOf: headers, encoding: .utf8)) ?? sent.stderr
    )
  }

  static func request(
    for receiver: PushReceiver, payload: String, keyPair: VAPIDKeyPair, now: Date = Date()
  ) throws -> PushRequest {
    try PushRequest(
      endpoint: #require(URL(string: receiver.subscription.endpoint)),
      keys: PushSubscriptionKeys(
        p256dh: receiver.subscription.keys.p256dh, auth: receiver.subscription.keys.auth),
      payload: Data(payload.utf8), keyPair: keyPair, contact: contact, now: now)
  }

  @Test(arguments: [false, true])
  func aMessageSwiftEncryptsAndSignsIsReadByTheReceiver(overTLS: Bool) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let keyPair = VAPIDKeyPair.generate()
    let authority =
      overTLS
      ? try TestCertificateAuthority(in: cli.folder.appendingPathComponent("ca"), cli: cli) : nil
    let receiver = try PushReceiver(
      folder: cli.folder.appendingPathComponent("receiver"), certificate: authority,
      serverKey: keyPair.publicKeyBase64URL)
    #expect(receiver.origin.hasPrefix(overTLS ? "https://127.0.0.1:" : "http://127.0.0.1:"))
    let payload = #"{"title":"Time for a drink","body":"250 mL of Water is due","amountMl":250}"#
    let now = Date()
    let request = try Self.request(for: receiver, payload: payload, keyPair: keyPair, now: now)
    let answer = try Self.post(request, to: receiver, cli: cli)
    #expect(answer.status == 201, "\(answer.headers)\n\(receiver.log)")
    let records = try receiver.records(count: 1)
    try #require(records.count == 1, "\(receiver.log)")
    let record = records[0]
    #expect(record["accepted"] as? Bool == true, "\(record)")
    #expect(record["plaintext"] as? String == payload, "\(record)")
    #expect((record["json"] as? [String: Any])?["amountMl"] as? Int == 250)
    let jwt = try #require(record["jwt"] as? [String: Any])
    let claims = try #require(jwt["claims"] as? [String: Any])
    #expect(claims["aud"] as? String == receiver.origin)
    #expect(claims["sub"] as? String == Self.contact)
    #expect(claims["exp"] as? Int == Int(now.timeIntervalSince1970) + 12 * 3600)
    #expect(jwt["k"] as? String == keyPair.publicKeyBase64URL)
    let headers = try #require(record["headers"] as? [String: String])
    #expect(headers["TTL"] == "14400")
    #expect(headers["Urgency"] == "normal")
    #expect(headers["Content-Encoding"] == "aes128gcm")
  }

  @Test func aBodyWithOneByteChangedIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let receiver = try PushReceiver(folder: cli.folder.appendingPathComponent("receiver"))
    let request = try Self.request(for: receiver, payload: "{}", keyPair: .generate())
    var body = request.body
    // The record's first byte, past the 86-byte header.
    body[86] ^= 0x01
    let answer = try Self.post(request, to: receiver, cli: cli, body: body)
    #expect(answer.status == 400, "\(answer.headers)")
    let record = try #require(try receiver.records(count: 1).first)
    #expect(record["accepted"] as? Bool == false)
    #expect((record["reason"] as? String)?.contains("does not decrypt") == true, "\(record)")
  }

  @Test func aTokenSignedByAnotherServersKeyIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let ours = VAPIDKeyPair.generate()
    let receiver = try PushReceiver(
      folder: cli.folder.appendingPathComponent("receiver"), serverKey: ours.publicKeyBase64URL)
    let request = try Self.request(for: receiver, payload: "{}", keyPair: .generate())
    let answer = try Self.post(request, to: receiver, cli: cli)
    #expect(answer.status == 403, "\(answer.headers)")
    let record = try #require(try receiver.records(count: 1).first)
    #expect((record["reason"] as? String)?.contains("not the server key") == true, "\(record)")
  }

  @Test func anExpiredTokenIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let receiver = try PushReceiver(folder: cli.folder.appendingPathComponent("receiver"))
    let request = try Self.request(
      for: receiver, payload: "{}", keyPair: .generate(), now: Date().addingTimeInterval(-13 * 3600)
    )
    let answer = try Self.post(request, to: receiver, cli: cli)
    #expect(answer.status == 401, "\(answer.headers)")
    let record = try #require(try receiver.records(count: 1).first)
    #expect((record["reason"] as? String)?.contains("expired") == true, "\(record)")
  }

  /// What the next step's sender is tested with: a gone subscription, a busy service.
  @Test func theReceiverAnswersTheStatusesATestAsksFor() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let receiver = try PushReceiver(folder: cli.folder.appendingPathComponent("receiver"))
    try receiver.answerNext([(410, nil), (429, 7)], cli: cli)
    let keyPair = VAPIDKeyPair.generate()
    var statuses: [Int] = []
    var headers: [String] = []
    for _ in 0..<3 {
      let answer = try Self.post(
        Self.request(for: receiver, payload: "{}", keyPair: keyPair), to: receiver, cli: cli)
      statuses.append(answer.status)
      headers.append(answer.headers)
    }
    #expect(statuses == [410, 429, 201])
    #expect(headers[1].lowercased().contains("retry-after: 7"), "\(headers[1])")
    #expect(try receiver.records(count: 3).map { $0["accepted"] as? Bool } == [true, true, true])
  }

  /// The checker, apart from the Swift code: it reads RFC 8291's own example.
  @Test func theReceiverDecryptsRFC8291sExample() throws {
    try #require(FileManager.default.isExecutableFile(atPath: PushReceiver.python.path))
    let result = try Python.run(
      executable: PushReceiver.python.path, [PushReceiver.script.path, "check-rfc8291"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "ok RFC 8291 example decrypts\n")
  }
}
