import Hummingbird
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Keeps room for the owner: connections that have not yet shown a valid token or session
/// (strangers) hold at most ``strangers`` of the server's connections, fewer than it takes in
/// all, so strangers alone can never fill it. A stranger's connection beyond that closes the
/// oldest stranger's.
///
/// The server takes at most ``LiquidusServer/Configuration/maxConnections`` connections and
/// leaves the rest waiting, unanswered: 130 strangers holding theirs once kept the owner's
/// phone waiting for as long as they liked. Now the phone's connection is taken (there is
/// room), and if strangers are at their limit, the oldest of them makes way; once its token
/// is checked, it is no stranger and no stranger's connection can push it out.
final class ConnectionBudget: Sendable {
  private struct Open {
    let id: ObjectIdentifier
    let channel: any Channel
    var known = false
  }

  /// How many stranger connections may be open at once.
  let strangers: Int
  /// Open connections, oldest first.
  private let open = Mutex<[Open]>([])

  init(strangers: Int) {
    self.strangers = max(1, strangers)
  }

  /// A connection opened: a stranger until ``recognise(_:)``; the oldest stranger beyond the
  /// budget is closed.
  func opened(_ channel: any Channel) {
    let id = ObjectIdentifier(channel)
    let evicted = open.withLock { open -> (any Channel)? in
      open.append(Open(id: id, channel: channel))
      guard open.count(where: { !$0.known }) > strangers,
        let oldest = open.firstIndex(where: { !$0.known && $0.id != id })
      else { return nil }
      return open.remove(at: oldest).channel
    }
    evicted?.close(promise: nil)
  }

  /// A connection closed.
  func closed(_ channel: any Channel) {
    let id = ObjectIdentifier(channel)
    open.withLock { open in open.removeAll { $0.id == id } }
  }

  /// The connection `id` carried a valid token or session.
  func recognise(_ id: ObjectIdentifier) {
    open.withLock { open in
      if let index = open.firstIndex(where: { $0.id == id }) { open[index].known = true }
    }
  }

  /// How many connections are open, and how many of them strangers' (tests, logs).
  var counts: (open: Int, strangers: Int) {
    open.withLock { open in (open.count, open.count(where: { !$0.known })) }
  }
}

/// Tells the ``ConnectionBudget`` when its connection opens and closes.
final class BudgetedConnection: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart

  private let budget: ConnectionBudget
  private var counted = false

  init(budget: ConnectionBudget) {
    self.budget = budget
  }

  func handlerAdded(context: ChannelHandlerContext) {
    counted = true
    budget.opened(context.channel)
  }

  func channelInactive(context: ChannelHandlerContext) {
    forget(context)
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    forget(context)
  }

  private func forget(_ context: ChannelHandlerContext) {
    guard counted else { return }
    counted = false
    budget.closed(context.channel)
  }
}

/// Marks the request's connection as the owner's once the guard before it has let it in (a
/// token for `/api`, a session for the page).
struct RecognisedConnection: RouterMiddleware {
  typealias Context = APIRequestContext

  let budget: ConnectionBudget

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if context.token != nil || context.session != nil { budget.recognise(context.connection) }
    return try await next(request, context)
  }
}
