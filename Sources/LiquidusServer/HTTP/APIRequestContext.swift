import Hummingbird
import LiquidusModel
import NIOCore

/// What a request carries besides itself: the client's address (for throttling guesses) and,
/// once ``TokenGuard`` has let it in, the token it showed.
struct APIRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  /// The peer, as the socket says; nil for a connection without one.
  let remoteAddress: SocketAddress?
  /// The token that authenticated the request.
  var token: APIToken?
  /// The database's version when ``TokenGuard`` let the request in (see ``DatabaseVersion``).
  var databaseVersion: Int64?

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }

  /// The authenticated token; routes behind ``TokenGuard`` always have one.
  func requireToken() throws -> APIToken {
    guard let token else { throw Problem(.unauthorized, "A token is needed.") }
    return token
  }

  /// JSON bodies are small: a drink, a change. Anything larger is refused before it is read.
  static let bodyLimit = 64 * 1024
}
