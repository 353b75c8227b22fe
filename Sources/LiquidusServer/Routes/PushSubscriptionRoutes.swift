import Foundation
import Hummingbird
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases
import NIOCore

/// `/api/push-subscriptions`: the phones that get reminders pushed to them. `POST` keeps a
/// browser's subscription (the page's "Remind me on this phone", with its session and CSRF
/// token, or any client with a token that may write), `GET` lists the caller's, `DELETE
/// /{id}` stops one of them.
///
/// A subscription made from the page belongs to its session as well as its token: that
/// session's sign-out stops it, another phone's does not.
struct PushSubscriptionRoutes {
  let runner: CallRunner
  let services: PushServices
  /// The server's VAPID public key, base64url: what the page subscribes with.
  let applicationServerKey: String

  /// A subscription is a few hundred bytes; anything over 4 KiB is not one.
  static let bodyLimit = 4 * 1024

  func add(to group: RouterGroup<APIRequestContext>) {
    group.post { request, context in try await subscribe(request, context) }
    group.get { _, context in try await list(context) }
    group.delete(":id") { _, context in try await stop(context) }
  }

  private func subscribe(_ request: Request, _ context: APIRequestContext) async throws
    -> Response
  {
    let token = try context.requireToken()
    var request = request
    let body: PushSubscriptionBody
    do {
      let buffer = try await request.collectBody(upTo: Self.bodyLimit)
      body = try JSONDecoder().decode(
        PushSubscriptionBody.self, from: Data(buffer.readableBytesView))
    } catch is NIOTooManyBytesError {
      throw Problem(
        .contentTooLarge,
        "The body is larger than a push subscription takes (4 KiB): send what the browser's "
          + "PushSubscription.toJSON() gives.")
    }
    let owner = PushOwner(
      tokenID: token.id, pageSessionDigest: context.session.map { APIToken.digest(of: $0.id) })
    let device = body.device ?? DeviceLabel.from(userAgent: request.headers[.userAgent])
    let subscribe = SubscribeToPush.Request(
      endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, device: device,
      owner: owner, services: services)
    let answer = try await runner.writing { call in
      PushDeviceAnswer(
        try SubscribeToPush().run(subscribe, in: call), session: owner.pageSessionDigest,
        timeZone: call.calendar.timeZone)
    }
    return try JSONResponse.make(answer, status: .created)
  }

  private func list(_ context: APIRequestContext) async throws -> Response {
    let token = try context.requireToken()
    let session = context.session.map { APIToken.digest(of: $0.id) }
    let answer = try await runner.withContext { call in
      PushDeviceList(
        applicationServerKey: applicationServerKey,
        devices: try ListPushDevices().run(.init(tokenID: token.id), in: call).map {
          PushDeviceAnswer($0, session: session, timeZone: call.calendar.timeZone)
        })
    }
    return try JSONResponse.make(answer)
  }

  private func stop(_ context: APIRequestContext) async throws -> Response {
    let token = try context.requireToken()
    let text = try context.parameters.require("id")
    // An id that is no number names no subscription: the same answer as one of another token.
    guard let id = Int64(text), text.first != "+" else {
      throw Problem(
        .notFound,
        "No phone gets reminders under the id '\(text.prefix(40))'. GET "
          + "/api/push-subscriptions lists them with their ids.")
    }
    let session = context.session.map { APIToken.digest(of: $0.id) }
    let answer = try await runner.writing { call in
      PushDeviceAnswer(
        try StopPush().run(.init(id: PushSubscription.ID(id), tokenID: token.id), in: call),
        session: session,
        timeZone: call.calendar.timeZone)
    }
    return try JSONResponse.make(answer)
  }
}

/// A subscription as a browser's `PushSubscription.toJSON()` gives it, and an optional label.
struct PushSubscriptionBody: Decodable {
  struct Keys: Decodable {
    var p256dh: String
    var auth: String
  }

  var endpoint: String
  /// When the push service will end it; browsers give null, and it is not kept.
  var expirationTime: Double?
  var keys: Keys
  /// A short name for the browser; without one it is made from the User-Agent.
  var device: String?
}

/// A subscription as the API shows it: never its keys, and of its endpoint only the origin
/// (the rest is the browser's capability, as good as a password to its push channel).
struct PushDeviceAnswer: Encodable, Sendable {
  var id: PushSubscription.ID
  var device: String
  var createdAt: String
  var endpointOrigin: String
  /// Whether the caller's own page session made it: "this phone" in the page's list.
  var thisSession: Bool

  init(_ subscription: PushSubscription, session: String?, timeZone: TimeZone) {
    id = subscription.id
    device = subscription.device
    createdAt = ClockText.iso8601(subscription.createdAt, timeZone: timeZone)
    endpointOrigin = subscription.endpointOrigin
    thisSession = session != nil && subscription.pageSessionDigest == session
  }
}

/// `GET /api/push-subscriptions`: the caller's token's subscriptions, oldest first.
struct PushDeviceList: Encodable, Sendable {
  /// The server's VAPID public key (base64url of 65 bytes): the `applicationServerKey` a
  /// browser subscribes with.
  var applicationServerKey: String
  var devices: [PushDeviceAnswer]
}
