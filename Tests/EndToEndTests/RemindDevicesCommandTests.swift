import Foundation
import LiquidusModel
import LiquidusStore
import Testing

/// `remind devices`: the phones `liquidus serve` pushes reminders to, listed without their
/// secrets, and stopped by id.
@Suite struct RemindDevicesCommandTests {
  static let p256dh = Base64URL.encode([0x04] + Array(repeating: 7, count: 64))
  static let auth = Base64URL.encode(Array(repeating: 9, count: 16))

  @Test func devicesAreListedAndOneIsStopped() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let empty = try cli.run("remind", "devices")
    #expect(empty.status == 0, "\(empty.stderr)")
    #expect(
      empty.stdout
        == "No phone gets reminders yet. Open the page `liquidus serve` shows on the phone, then "
        + "Settings, \"Remind me on this phone\".\n")

    let store = try DrinkStore.open(at: cli.databasePath)
    let token = try store.addToken(
      named: "page", digest: "d", now: Date(timeIntervalSince1970: 1_795_000_000))
    for (endpoint, device, minutes) in [
      ("https://fcm.googleapis.com/fcm/send/secret-part", "Chrome on Android", 0.0),
      ("https://web.push.apple.com/another-secret", "Safari on iPhone", 90),
    ] {
      try store.keepPushSubscription(
        try PushSubscriptionDraft(
          endpoint: endpoint, p256dh: Self.p256dh, auth: Self.auth, device: device,
          services: .standard),
        for: PushOwner(tokenID: token.id),
        now: Date(timeIntervalSince1970: 1_795_178_000 + minutes * 60))
    }
    let listed = try cli.run("remind", "devices")
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(
      listed.stdout == """
        ID  Device             Since    Push service
         1  Chrome on Android  1:33 PM  fcm.googleapis.com
         2  Safari on iPhone   3:03 PM  web.push.apple.com

        """)
    #expect(!listed.stdout.contains("secret"))

    let stopped = try cli.run("remind", "devices", "stop", "1")
    #expect(stopped.status == 0, "\(stopped.stderr)")
    #expect(stopped.stdout == "Stopped the reminders to Chrome on Android (1, since 1:33 PM).\n")
    let again = try cli.run("remind", "devices", "stop", "1")
    #expect(again.status == 64)
    #expect(
      again.stderr.contains(
        "No phone gets reminders under the id 1. `liquidus remind devices` lists them with "
          + "their ids."), "\(again.stderr)")
    #expect(try cli.run("remind", "devices", "list").stdout.contains("Safari on iPhone"))
  }
}
