import Hummingbird
import LiquidusModel
import NIOCore

/// What a request carries besides itself: the client's address (for throttling guesses) and,
/// once a guard has let it in, who it is: the token it showed (``TokenGuard``, for `/api`) or
/// the page's signed-in session (``SessionMiddleware``).
struct APIRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  /// The peer, as the socket says; nil for a connection without one.
  let remoteAddress: SocketAddress?
  /// The connection the request came on, for the ``ConnectionBudget``.
  let connection: ObjectIdentifier
  /// The token that authenticated the request.
  var token: APIToken?
  /// The database's version when ``TokenGuard`` let the request in (see ``DatabaseVersion``).
  var databaseVersion: Int64?
  /// The page's session the request's cookie names, when it is signed in.
  var session: Sessions.Session?
  /// The posted form, when ``CSRFMiddleware`` had to read it to find the form's CSRF token.
  var form: PageForm?

  /// The client's address, as the throttle counts it: the peer's, or the one a trusted proxy
  /// forwards for (``ForwardedClient``).
  var client: String
  /// The scheme and host a trusted proxy says the browser asked for (``ForwardedClient``).
  var forwarded: ForwardedClient.Forwarded?
  /// Whether the browser reached the server over HTTPS: the built-in TLS, or a trusted proxy
  /// that says so (set by ``HostGuard``).
  var overHTTPS = false

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
    connection = ObjectIdentifier(source.channel)
    client = remoteAddress?.ipAddress ?? "unknown"
  }

  /// The authenticated token; routes behind ``TokenGuard`` always have one.
  func requireToken() throws -> APIToken {
    guard let token else { throw Problem(.unauthorized, "A token is needed.") }
    return token
  }

  /// The signed-in session; routes behind ``SignedInMiddleware`` always have one.
  func requireSession() throws -> Sessions.Session {
    guard let session else { throw Problem(.unauthorized, "Sign in first.") }
    return session
  }

  /// The posted form: the one ``CSRFMiddleware`` read already, or read now.
  func postedForm(_ request: inout Request) async throws -> PageForm {
    if let form { return form }
    return try await PageForm.read(&request)
  }

  /// JSON bodies are small: a drink, a change. Anything larger is refused before it is read.
  static let bodyLimit = 64 * 1024
}
