import Foundation
import Hummingbird
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases
import NIOCore

/// `POST /api/push-actions`: a tap on a pushed reminder's button, sent by the phone's service
/// worker, perhaps with the page closed and no session. No token: the button's single-use
/// credential (256 random bits, from the encrypted push message) is the authority, for that
/// one button and 4 hours. The notification's `Idempotency-Key` makes a tap sent twice log
/// once.
struct PushActionRoutes {
  let runner: CallRunner

  /// A tap is a credential, an action, a drink name and an amount: far less than this.
  static let bodyLimit = 1024

  func add(to router: Router<APIRequestContext>) {
    router.post("api/push-actions") { request, _ in try await act(request) }
  }

  private func act(_ request: Request) async throws -> Response {
    var request = request
    guard let key = try IdempotencyKey.read(request.headers) else {
      throw Problem(
        .badRequest,
        "A reminder's button sends an Idempotency-Key, the same for every try of one tap, so "
          + "that a tap sent twice logs once.")
    }
    let bytes: ByteBuffer
    do {
      bytes = try await request.collectBody(upTo: Self.bodyLimit)
    } catch is NIOTooManyBytesError {
      throw Problem(
        .contentTooLarge, "The body is larger than a reminder's button sends (1 KiB).")
    }
    let body = try JSONDecoder().decode(PushActionBody.self, from: Data(bytes.readableBytesView))
    guard let action = PushAction(rawValue: body.action) else {
      throw Problem(
        .unprocessableContent,
        "'\(body.action.prefix(40))' is not a reminder's button: give log or snooze.")
    }
    // What the push message named: a drink's name and a credential of 43 characters.
    if let drink = body.drink, drink.unicodeScalars.count > 100 {
      throw Problem(.unprocessableContent, "The drink is longer than 100 characters.")
    }
    guard (1...100).contains(body.credential.utf8.count) else {
      throw PushActionError.unusable
    }
    let act = ActOnReminder.Request(
      credential: body.credential, action: action, drink: body.drink,
      amount: body.amountMl.map { .volume(Volume(milliliters: $0)) }, key: key,
      fingerprint: APIToken.digest(of: String(decoding: bytes.readableBytesView, as: UTF8.self)))
    let outcome = try await runner.writing { call -> Outcome in
      switch try ActOnReminder().run(act, in: call) {
      case .logged(let receipt):
        .logged(LoggedAnswer(receipt: receipt, timeZone: call.calendar.timeZone))
      case .replayed(let earlier):
        .replayed(try earlier.map { try EntryAnswer.make($0, call) })
      case .snoozed(let until):
        .snoozed(
          SnoozeAnswer(snoozedUntil: ClockText.iso8601(until, timeZone: call.calendar.timeZone)))
      }
    }
    switch outcome {
    case .logged(let answer): return try JSONResponse.make(answer, status: .created)
    case .replayed(let earlier): return try DrinkRoutes.replay(earlier)
    case .snoozed(let answer): return try JSONResponse.make(answer)
    }
  }

  private enum Outcome: Sendable {
    case logged(LoggedAnswer)
    case replayed(EntryAnswer?)
    case snoozed(SnoozeAnswer)
  }
}

/// What the service worker sends for a tap.
struct PushActionBody: Decodable {
  var credential: String
  var action: String
  var drink: String?
  var amountMl: Double?
}

/// "Snooze": until when the reminders are held.
struct SnoozeAnswer: Encodable, Sendable {
  var action = "snooze"
  var snoozedUntil: String
}
