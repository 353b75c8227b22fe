import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusStore
@testable import LiquidusUseCases

/// Where the phones that get reminders live (migration v14), through the use cases the server
/// and `remind devices` call: kept once per browser, at most 20 a token, gone with their
/// session's sign-out or their token's revocation, and stopped only by their own token.
@Suite struct PushSubscriptionStoreTests {
  static let now = Date(timeIntervalSince1970: 1_795_176_000)  // 2026-11-20 12:00 UTC
  let store: DrinkStore
  let phone: APIToken
  let page: APIToken

  init() throws {
    store = try DrinkStore.inMemory()
    phone = try store.addToken(named: "phone", digest: "phone-digest", now: Self.now)
    page = try store.addToken(named: "page", digest: "page-digest", now: Self.now)
  }

  func context(at now: Date = Self.now) throws -> CallContext {
    try CallContext.make(
      store: store, now: now, timeZone: TimeZone(identifier: "Europe/Berlin")!,
      locale: Locale(identifier: "en_US"))
  }

  @discardableResult
  func subscribe(
    _ path: String, owner: PushOwner, device: String = "Chrome on Android",
    p256dh: String = PushSubscriptionRulesTests.p256dh
  ) throws -> PushSubscription {
    try SubscribeToPush().run(
      .init(
        endpoint: "https://fcm.googleapis.com/fcm/send/\(path)", p256dh: p256dh,
        auth: PushSubscriptionRulesTests.auth, device: device, owner: owner),
      in: try context())
  }

  func openSession(_ digest: String) throws {
    try store.openPageSession(
      digest: digest, token: page, csrf: "csrf", expires: Self.now.addingTimeInterval(86_400),
      now: Self.now)
  }

  func devices(_ tokenID: APIToken.ID? = nil) throws -> [PushSubscription] {
    try ListPushDevices().run(.init(tokenID: tokenID), in: try context())
  }

  @Test func aSubscriptionIsKeptWithItsKeysAndListedForItsToken() throws {
    let kept = try subscribe("a", owner: PushOwner(tokenID: phone.id))
    #expect(kept.p256dh == Base64URL.decode(PushSubscriptionRulesTests.p256dh))
    #expect(kept.auth.count == 16 && kept.device == "Chrome on Android")
    #expect(kept.createdAt == Self.now && kept.pageSessionDigest == nil)
    #expect(kept.endpointOrigin == "https://fcm.googleapis.com")
    #expect(try devices(phone.id) == [kept])
    #expect(try devices(page.id).isEmpty)
    #expect(try devices() == [kept])
  }

  @Test func theSameBrowserSubscribingAgainReplacesItsRow() throws {
    let first = try subscribe("a", owner: PushOwner(tokenID: phone.id), device: "Old")
    try store.notePushFailed(id: first.id)
    let newKey = Base64URL.encode([0x04] + Array(repeating: 3, count: 64))
    let again = try subscribe("a", owner: PushOwner(tokenID: page.id), p256dh: newKey)
    #expect(again.id == first.id)
    #expect(again.tokenID == page.id && again.device == "Chrome on Android")
    #expect(again.p256dh.last == 3 && again.failures == 0)
    #expect(try devices().count == 1)
  }

  @Test func theTwentyFirstOfATokenIsRefusedAndNothingIsStored() throws {
    for index in 0..<PushSubscription.limitPerToken {
      try subscribe("phone-\(index)", owner: PushOwner(tokenID: phone.id))
    }
    #expect(throws: PushSubscriptionError.tooMany(limit: 20)) {
      try subscribe("one-more", owner: PushOwner(tokenID: phone.id))
    }
    #expect(try devices(phone.id).count == 20)
    #expect(
      PushSubscriptionError.tooMany(limit: 20).description
        == "This token already sends reminders to 20 phones, the most it may. Stop one of them "
        + "first.")
    // Subscribing one of them again is no new one; another token has its own twenty.
    try subscribe("phone-3", owner: PushOwner(tokenID: phone.id))
    try subscribe("one-more", owner: PushOwner(tokenID: page.id))
    #expect(try devices().count == 21)
  }

  @Test func badInputStoresNothing() throws {
    #expect(throws: PushSubscriptionError.self) {
      try SubscribeToPush().run(
        .init(
          endpoint: "https://fcm.googleapis.com/fcm/send/a", p256dh: "AAAA",
          auth: PushSubscriptionRulesTests.auth, device: "x", owner: PushOwner(tokenID: phone.id)),
        in: try context())
    }
    #expect(throws: PushSubscriptionError.self) {
      try SubscribeToPush().run(
        .init(
          endpoint: "http://fcm.googleapis.com/fcm/send/a",
          p256dh: PushSubscriptionRulesTests.p256dh,
          auth: PushSubscriptionRulesTests.auth, device: "x", owner: PushOwner(tokenID: phone.id)),
        in: try context())
    }
    #expect(
      try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM push_subscription") }
        == 0)
  }

  @Test func signingOutOnePhoneStopsOnlyItsOwnReminders() throws {
    try openSession("session-1")
    try openSession("session-2")
    try subscribe("one", owner: PushOwner(tokenID: page.id, pageSessionDigest: "session-1"))
    let other = try subscribe(
      "two", owner: PushOwner(tokenID: page.id, pageSessionDigest: "session-2"))
    try store.closePageSession(digest: "session-1")
    #expect(try devices() == [other])
    // Gone, not only hidden.
    let rows = try store.read { db in
      try String.fetchAll(db, sql: "SELECT endpoint FROM push_subscription")
    }
    #expect(rows == [other.endpoint])
  }

  @Test func anExpiredSessionsSubscriptionIsNotListed() throws {
    try openSession("session-1")
    try subscribe("one", owner: PushOwner(tokenID: page.id, pageSessionDigest: "session-1"))
    let later = try ListPushDevices().run(
      .init(), in: try context(at: Self.now.addingTimeInterval(2 * 86_400)))
    #expect(later.isEmpty)
    #expect(try devices().count == 1)
  }

  @Test func revokingATokenRemovesItsSubscriptionsAndTheirCredentials() throws {
    try openSession("session-1")
    let fromPage = try subscribe(
      "one", owner: PushOwner(tokenID: page.id, pageSessionDigest: "session-1"))
    try subscribe("two", owner: PushOwner(tokenID: page.id))
    let kept = try subscribe("three", owner: PushOwner(tokenID: phone.id))
    try store.keepPushAction(
      digest: PushAction.digest(of: "secret"), subscriptionID: fromPage.id, allows: .log,
      expires: Self.now.addingTimeInterval(600))
    _ = try store.revokeToken(named: "page")
    #expect(try devices() == [kept])
    #expect(try store.usePushAction(digest: PushAction.digest(of: "secret"), now: Self.now) == nil)
    #expect(
      try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM push_action") } == 0)
  }

  @Test func onlyTheOwnTokensSubscriptionIsStoppedButTheCommandLineStopsAny() throws {
    let mine = try subscribe("mine", owner: PushOwner(tokenID: phone.id))
    let theirs = try subscribe("theirs", owner: PushOwner(tokenID: page.id))
    #expect(throws: PushSubscriptionError.notFound(id: theirs.id)) {
      try StopPush().run(.init(id: theirs.id, tokenID: phone.id), in: try context())
    }
    #expect(try StopPush().run(.init(id: mine.id, tokenID: phone.id), in: try context()) == mine)
    #expect(try StopPush().run(.init(id: theirs.id), in: try context()) == theirs)
    #expect(throws: PushSubscriptionError.notFound(id: theirs.id)) {
      try StopPush().run(.init(id: theirs.id), in: try context())
    }
    #expect(try devices().isEmpty)
  }

  @Test func theSenderNotesWhatGotThrough() throws {
    let kept = try subscribe("a", owner: PushOwner(tokenID: phone.id))
    #expect(try store.notePushFailed(id: kept.id) == 1)
    #expect(try store.notePushFailed(id: kept.id) == 2)
    try store.notePushSent(id: kept.id, at: Self.now.addingTimeInterval(60))
    let after = try #require(try devices().first)
    #expect(after.failures == 0 && after.lastSentAt == Self.now.addingTimeInterval(60))
    #expect(try store.notePushFailed(id: 999) == 0)
  }
}

/// The single-use credentials of a notification's buttons.
@Suite struct PushActionStoreTests {
  let store: DrinkStore
  let subscription: PushSubscription
  let now = PushSubscriptionStoreTests.now

  init() throws {
    store = try DrinkStore.inMemory()
    let token = try store.addToken(named: "phone", digest: "d", now: now)
    subscription = try store.keepPushSubscription(
      try PushSubscriptionDraft(
        endpoint: "https://web.push.apple.com/abc", p256dh: PushSubscriptionRulesTests.p256dh,
        auth: PushSubscriptionRulesTests.auth, device: "Safari on iPhone", services: .standard),
      for: PushOwner(tokenID: token.id), now: now)
  }

  @Test func aCredentialAllowsItsActionOnceAndOnlyBeforeItExpires() throws {
    let log = PushAction.digest(of: "log-credential")
    let snooze = PushAction.digest(of: "snooze-credential")
    for (digest, action) in [(log, PushAction.log), (snooze, .snooze)] {
      try store.keepPushAction(
        digest: digest, subscriptionID: subscription.id, allows: action,
        expires: now.addingTimeInterval(900))
    }
    let grant = try store.usePushAction(digest: log, now: now)
    #expect(
      grant
        == PushActionGrant(
          action: .log, subscriptionID: subscription.id, tokenID: subscription.tokenID))
    #expect(try store.usePushAction(digest: log, now: now) == nil, "used")
    #expect(try store.usePushAction(digest: PushAction.digest(of: "guess"), now: now) == nil)
    #expect(try store.usePushAction(digest: snooze, now: now.addingTimeInterval(900)) == nil)
    // Only the digest is kept, never the credential.
    let kept = try store.read { db in try Data.fetchAll(db, sql: "SELECT digest FROM push_action") }
    #expect(Set(kept) == [Data(log), Data(snooze)])
    #expect(try store.prunePushActions(now: now.addingTimeInterval(899)) == 0)
    #expect(try store.prunePushActions(now: now.addingTimeInterval(900)) == 2)
  }

  @Test func credentialsGoWithTheirSubscription() throws {
    let digest = PushAction.digest(of: "c")
    try store.keepPushAction(
      digest: digest, subscriptionID: subscription.id, allows: .snooze,
      expires: now.addingTimeInterval(900))
    try store.removePushSubscription(id: subscription.id)
    #expect(try store.usePushAction(digest: digest, now: now) == nil)
    #expect(throws: PushSubscriptionError.notFound(id: subscription.id)) {
      try store.keepPushAction(
        digest: digest, subscriptionID: subscription.id, allows: .log,
        expires: now.addingTimeInterval(900))
    }
  }

  @Test func twoCallersSpendingOneCredentialAtOnceAreLetThroughOnce() async throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let shared = try DrinkStore.open(at: folder.path("push.sqlite"), sharing: .manyCallers)
    let token = try shared.addToken(named: "phone", digest: "d", now: now)
    let kept = try shared.keepPushSubscription(
      try PushSubscriptionDraft(
        endpoint: "https://web.push.apple.com/abc", p256dh: PushSubscriptionRulesTests.p256dh,
        auth: PushSubscriptionRulesTests.auth, device: "x", services: .standard),
      for: PushOwner(tokenID: token.id), now: now)
    let digest = PushAction.digest(of: "tap")
    try shared.keepPushAction(
      digest: digest, subscriptionID: kept.id, allows: .log, expires: now.addingTimeInterval(60))
    let grants = try await withThrowingTaskGroup(of: PushActionGrant?.self) { group in
      for _ in 0..<8 {
        group.addTask { [now] in
          try await shared.perform { store in try store.usePushAction(digest: digest, now: now) }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(grants.compactMap { $0 }.count == 1)
  }
}
