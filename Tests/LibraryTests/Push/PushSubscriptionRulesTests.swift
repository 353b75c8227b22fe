import Foundation
import Testing

@testable import LiquidusModel

/// The rules a phone's push subscription must keep before the server will ever send to it,
/// each refused in the domain's words.
@Suite struct PushSubscriptionRulesTests {
  /// A browser's keys as `PushSubscription.toJSON()` writes them: 65 bytes from 0x04, 16 bytes.
  static let p256dh = Base64URL.encode([0x04] + Array(repeating: 7, count: 64))
  static let auth = Base64URL.encode(Array(repeating: 9, count: 16))

  func draft(
    _ endpoint: String, p256dh: String = Self.p256dh, auth: String = Self.auth,
    device: String = "Chrome on Android", services: PushServices = .standard
  ) throws(PushSubscriptionError) -> PushSubscriptionDraft {
    try PushSubscriptionDraft(
      endpoint: endpoint, p256dh: p256dh, auth: auth, device: device, services: services)
  }

  @Test(arguments: [
    "https://fcm.googleapis.com/fcm/send/abc:APA91b", "https://fcm.googleapis.com/wp/abc",
    "https://android.googleapis.com/gcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
    "https://web.push.apple.com/QGuQyavXutnMH", "https://wns2-by3p.notify.windows.com/w/?token=x",
    "https://FCM.googleapis.com./fcm/send/abc",
  ])
  func theBrowsersPushServicesAreTaken(endpoint: String) throws {
    let kept = try draft(endpoint)
    #expect(kept.endpoint == endpoint)
    #expect(kept.p256dh.count == 65 && kept.auth.count == 16)
  }

  @Test func anEndpointThatIsNotHTTPSIsRefused() {
    #expect(throws: PushSubscriptionError.notHTTPS("http://fcm.googleapis.com/fcm/send/a")) {
      try draft("http://fcm.googleapis.com/fcm/send/a")
    }
    #expect(
      PushSubscriptionError.notHTTPS("http://x").description.contains("not an https:// address"))
  }

  @Test(arguments: [
    "https://evil.example/fcm.googleapis.com", "https://fcm.googleapis.com.evil.example/x",
    "https://notfcm.googleapis.com/x", "https://storage.googleapis.com/bucket",
    "https://8.8.8.8/x",
  ])
  func aHostThatIsNoBrowsersPushServiceIsRefused(endpoint: String) throws {
    let host = try #require(URLComponents(string: endpoint)?.host)
    #expect(throws: PushSubscriptionError.unknownPushService(host: host)) {
      try draft(endpoint)
    }
  }

  @Test func theOwnerMayAddAPushService() throws {
    let services = PushServices(added: ["Push.Example.org"])
    #expect(try draft("https://eu.push.example.org/x", services: services).endpoint.hasSuffix("/x"))
    #expect(throws: PushSubscriptionError.unknownPushService(host: "eu.push.example.org")) {
      try draft("https://eu.push.example.org/x")
    }
    #expect(PushServices.isValidSuffix("push.example.org"))
    for bad in ["example", "*.example.org", "10.0.0.1", "a..b", "-a.org", "a b.org", ""] {
      #expect(!PushServices.isValidSuffix(bad), "\(bad)")
    }
  }

  @Test(arguments: [
    ("https://127.0.0.1/x", "127.0.0.1"), ("https://localhost/x", "localhost"),
    ("https://[::1]/x", "::1"), ("https://10.1.2.3/x", "10.1.2.3"),
    ("https://192.168.1.20/x", "192.168.1.20"), ("https://172.20.0.1/x", "172.20.0.1"),
    ("https://169.254.169.254/latest", "169.254.169.254"), ("https://[fe80::1]/x", "fe80::1"),
    ("https://[fd00::5]/x", "fd00::5"), ("https://[::ffff:10.0.0.1]/x", "::ffff:10.0.0.1"),
    ("https://0.0.0.0/x", "0.0.0.0"),
  ])
  func loopbackPrivateAndLinkLocalAddressesAreRefusedEvenWhenAdded(
    endpoint: String, host: String
  ) throws {
    let shown = try #require(URLComponents(string: endpoint)?.host)
    let services = PushServices(added: [host])
    #expect(throws: PushSubscriptionError.localAddress(host: shown)) {
      try draft(endpoint, services: services)
    }
    #expect(PushAddress(host: host) != .name && PushAddress(host: host) != .global)
  }

  @Test func aLoopbackReceiverIsTakenOnlyWhenTheServerIsToldSo() throws {
    let tests = PushServices(allowsLoopback: true)
    #expect(try draft("http://127.0.0.1:9999/push/1", services: tests).endpoint.hasPrefix("http:"))
    #expect(try draft("https://[::1]:9999/push/1", services: tests).endpoint.hasPrefix("https:"))
    #expect(throws: PushSubscriptionError.localAddress(host: "10.0.0.1")) {
      try draft("https://10.0.0.1/push/1", services: tests)
    }
    #expect(throws: PushSubscriptionError.notHTTPS("ftp://127.0.0.1/x")) {
      try draft("ftp://127.0.0.1/x", services: tests)
    }
  }

  @Test(arguments: [
    "", "fcm.googleapis.com/fcm/send/a", "https:///x", "https://user:pw@fcm.googleapis.com/x",
    "https://fcm.googleapis.com/a b",
    "https://fcm.googleapis.com/" + String(repeating: "a", count: 2_100),
  ])
  func anEndpointThatIsNoAddressIsRefused(endpoint: String) {
    #expect(throws: PushSubscriptionError.unreadableEndpoint(endpoint)) { try draft(endpoint) }
  }

  @Test func theKeysMustHaveTheirLengthsAndForm() throws {
    let endpoint = "https://fcm.googleapis.com/fcm/send/a"
    let short = Base64URL.encode([0x04] + Array(repeating: 7, count: 63))
    let compressed = Base64URL.encode([0x02] + Array(repeating: 7, count: 64))
    let cases: [(String, String, String)] = [
      (
        short, Self.auth,
        "must be an uncompressed P-256 public key: 65 bytes starting with "
          + "0x04, not 64 bytes."
      ),
      (compressed, Self.auth, "not 65 bytes starting with 2."),
      ("not base64!", Self.auth, "is not base64url text."),
      (Self.p256dh, Base64URL.encode(Array(repeating: 1, count: 15)), "must be 16 bytes, not 15."),
      (Self.p256dh, "a", "is not base64url text."),
    ]
    for (p256dh, auth, words) in cases {
      do {
        _ = try draft(endpoint, p256dh: p256dh, auth: auth)
        Issue.record("took \(p256dh) / \(auth)")
      } catch {
        #expect(error.description.hasSuffix(words), "\(error.description)")
      }
    }
    // Padding, as some libraries write it, reads the same.
    #expect(try draft(endpoint, p256dh: Self.p256dh + "=").p256dh.count == 65)
  }

  @Test func theDeviceLabelIsShortAndOneLine() throws {
    let endpoint = "https://fcm.googleapis.com/fcm/send/a"
    #expect(try draft(endpoint, device: String(repeating: "é", count: 64)).device.count == 64)
    #expect(try draft(endpoint, device: "  ").device == "A browser")
    for bad in [String(repeating: "x", count: 65), "Chrome\non Android"] {
      #expect(throws: PushSubscriptionError.badDeviceLabel(bad)) {
        try draft(endpoint, device: bad)
      }
    }
  }

  @Test(arguments: [
    (
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
        + "Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"
    ),
    (
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
        + "Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iPhone"
    ),
    ("Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0", "Firefox on Android"),
    (
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        + "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"
    ),
    (
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) "
        + "SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"
    ),
    ("curl/8.5.0", "A browser"),
  ])
  func aDeviceIsNamedByItsBrowserAndSystem(agent: String, label: String) {
    #expect(DeviceLabel.from(userAgent: agent) == label)
  }
}
