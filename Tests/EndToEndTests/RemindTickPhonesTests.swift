import Foundation
import LiquidusModel
import LiquidusStore
import Testing

/// `remind tick` and the phones: while a running server pushes reminders to a subscribed
/// phone, the desktop shows nothing of the same reminder unless asked (`--desktop-too`); once
/// the server has not looked for a while (it stopped), the desktop reminds again.
@Suite struct RemindTickPhonesTests {
  static let now = try! Date("2026-11-20T13:00:00Z", strategy: .iso8601)

  /// A phone subscribed in the CLI's database, and a server's look for a due reminder
  /// `minutesAgo` before the tick's clock.
  static func subscribePhone(_ cli: CLI, serverLookedMinutesAgo minutesAgo: Double) throws {
    try cli.run("serve", "token", "add", "phone")
    let store = try DrinkStore.open(at: cli.databasePath)
    let draft = try PushSubscriptionDraft(
      endpoint: "https://fcm.googleapis.com/fcm/send/phone",
      p256dh: Base64URL.encode([0x04] + Array(repeating: 7, count: 64)),
      auth: Base64URL.encode(Array(repeating: 9, count: 16)), device: "Phone",
      services: .standard)
    let token = try #require(try store.tokenDigests().first?.0.id)
    try store.keepPushSubscription(draft, for: PushOwner(tokenID: token), now: Self.now)
    try store.notePushReminderSeen(at: Self.now.addingTimeInterval(-minutesAgo * 60))
  }

  /// A notifier that writes its title to a file.
  static func recorder(_ cli: CLI) throws -> (String, URL) {
    let log = cli.folder.appendingPathComponent("notified.txt")
    let script = cli.folder.appendingPathComponent("notify.sh")
    try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log.path)'\n".utf8).write(to: script)
    chmod(script.path, 0o755)
    return (script.path, log)
  }

  @Test func theDesktopLeavesAReminderToThePhonesUnlessAsked() throws {
    let cli = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    try Self.subscribePhone(cli, serverLookedMinutesAgo: 1)
    let (notifier, log) = try Self.recorder(cli)
    let environment = ["LIQUIDUS_NOTIFY_COMMAND": notifier]
    let left = try cli.run(["remind", "tick"], extraEnvironment: environment)
    #expect(left.status == 0, "\(left.stderr)")
    #expect(
      left.stdout
        == "No desktop reminder: liquidus serve pushes reminders to a phone (remind tick "
        + "--desktop-too shows them here as well).\n")
    #expect(!FileManager.default.fileExists(atPath: log.path))
    let asked = try cli.run(["remind", "tick", "--desktop-too"], extraEnvironment: environment)
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(try String(contentsOf: log, encoding: .utf8).contains("Time for a drink\n"))
  }

  @Test func aServerThatStoppedLeavesTheRemindingToTheDesktop() throws {
    let cli = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    try Self.subscribePhone(cli, serverLookedMinutesAgo: 10)
    let (notifier, log) = try Self.recorder(cli)
    let tick = try cli.run(
      ["remind", "tick"], extraEnvironment: ["LIQUIDUS_NOTIFY_COMMAND": notifier])
    #expect(tick.status == 0, "\(tick.stderr)")
    #expect(try String(contentsOf: log, encoding: .utf8).contains("Time for a drink\n"))
  }
}
