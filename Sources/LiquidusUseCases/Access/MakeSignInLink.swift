import Foundation
import LiquidusModel
import LiquidusStore

/// A one-time link that signs a browser in to the page, as Jupyter prints one: `liquidus serve`
/// makes one at start and `liquidus serve link` another, so nobody types a 43-character token
/// into a phone. Only the digest of its secret is stored; the server spends it on first use.
public struct MakeSignInLink: UseCase {
  public init() {}

  /// The token the page's links belong to unless told otherwise. It is made on first use with
  /// a secret nobody sees, so revoking it ends every session a link opened and nothing else.
  public static let pageTokenName = "page"

  /// How long a link may wait to be opened.
  public static let lifetime: TimeInterval = 15 * 60

  /// Whose sessions the link opens: a named token, or nil for ``pageTokenName``.
  public struct Request: Sendable, Hashable {
    public var tokenName: String?

    public init(tokenName: String? = nil) {
      self.tokenName = tokenName
    }
  }

  /// A link's secret, shown once, with the token it signs in as and when it stops working.
  public struct View: Sendable, Hashable {
    public var secret: String
    public var token: APIToken
    public var expires: Date

    /// The link on a server at `base` (`http://127.0.0.1:8787`).
    public func url(base: String) -> String {
      base + "/signin?link=" + secret
    }
  }

  /// - Throws: ``StoreError/unknownToken(_:)`` for a named token that does not exist.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let now = context.calendar.now
    let store = context.store
    let token: APIToken
    if let name = request.tokenName {
      guard let found = try store.token(named: name) else { throw StoreError.unknownToken(name) }
      token = found
    } else if let found = try store.token(named: Self.pageTokenName) {
      token = found
    } else {
      token = try store.addToken(
        named: Self.pageTokenName, digest: APIToken.digest(of: APIToken.newSecret()), now: now)
    }
    let secret = APIToken.newSecret()
    let expires = now.addingTimeInterval(Self.lifetime)
    try store.addSignInLink(
      digest: APIToken.digest(of: secret), token: token, expires: expires, now: now)
    return View(secret: secret, token: token, expires: expires)
  }
}
