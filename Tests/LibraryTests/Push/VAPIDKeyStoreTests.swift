import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore
@testable import LiquidusUseCases

/// The server's VAPID private key: kept once, whoever makes one first wins, and it never
/// leaves the database by an export or a merge.
@Suite struct VAPIDKeyStoreTests {
  static let now = PushSubscriptionStoreTests.now
  static let key = Array(repeating: UInt8(0xA5), count: 32)

  @Test func theFirstKeyKeptStaysAndEveryCallerGetsIt() async throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let store = try DrinkStore.open(at: folder.path("key.sqlite"), sharing: .manyCallers)
    #expect(try store.vapidPrivateKey() == nil)
    // Eight servers that each made a key at once agree on one of them.
    let kept = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for index in 0..<8 {
        group.addTask {
          try await store.perform { store in
            try store.keepVAPIDPrivateKey(
              ifAbsent: Array(repeating: UInt8(index), count: 32), now: Self.now)
          }
        }
      }
      return try await group.reduce(into: Set<[UInt8]>()) { $0.insert($1) }
    }
    #expect(kept.count == 1)
    #expect(try store.vapidPrivateKey() == kept.first)
    #expect(try store.keepVAPIDPrivateKey(ifAbsent: Self.key, now: Self.now) == kept.first)
  }

  @Test func theKeyIsInNoExportAndNoMerge() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let server = try folder.store("server.sqlite")
    _ = try server.keepVAPIDPrivateKey(ifAbsent: Self.key, now: Self.now)
    let token = try server.addToken(named: "phone", digest: "d", now: Self.now)
    try server.keepPushSubscription(
      try PushSubscriptionDraft(
        endpoint: "https://fcm.googleapis.com/fcm/send/a",
        p256dh: PushSubscriptionRulesTests.p256dh,
        auth: PushSubscriptionRulesTests.auth, device: "x", services: .standard),
      for: PushOwner(tokenID: token.id), now: Self.now)
    try server.log("water", 250, at: Self.now.addingTimeInterval(-60), now: Self.now)
    let context = try CallContext.make(
      store: server, now: Self.now, timeZone: TimeZone(identifier: "UTC")!,
      locale: Locale(identifier: "en_US"))

    let written = LockedText()
    for format in DrinkExport.Format.allCases {
      _ = try ExportEntries().run(
        .init(period: PeriodSelection(default: "all"), format: format, subject: "Patient/1") {
          written.append($0)
        }, in: context)
    }
    #expect(written.text.contains("250"), "the export holds the drink")
    for spelling in Self.spellings(of: Self.key) + ["fcm.googleapis.com"] {
      #expect(!written.text.contains(spelling), "\(spelling)")
    }

    let laptop = try folder.store("laptop.sqlite")
    let laptopContext = try CallContext.make(
      store: laptop, now: Self.now, timeZone: TimeZone(identifier: "UTC")!,
      locale: Locale(identifier: "en_US"))
    let tally = try MergeDevice().run(.init(path: folder.path("server.sqlite")), in: laptopContext)
    #expect(tally.added == 1)
    #expect(try laptop.vapidPrivateKey() == nil)
    #expect(try laptop.pushSubscriptions(now: Self.now).isEmpty)
    let rows = try laptop.read { db in
      try Int.fetchOne(
        db, sql: "SELECT (SELECT COUNT(*) FROM push_key) + (SELECT COUNT(*) FROM push_subscription)"
      )
    }
    #expect(rows == 0)
  }

  /// The ways 32 bytes could be written out: hex, base64, base64url.
  static func spellings(of bytes: [UInt8]) -> [String] {
    let hex = bytes.map { String($0, radix: 16) }.joined()
    return [hex, hex.uppercased(), Data(bytes).base64EncodedString(), Base64URL.encode(bytes)]
  }
}

/// Text written from several places, kept together.
final class LockedText: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [String] = []

  func append(_ text: String) { lock.withLock { parts.append(text) } }
  var text: String { lock.withLock { parts.joined() } }
}
