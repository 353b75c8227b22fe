import LiquidusModel
import LiquidusStore

/// Makes, lists and revokes the server's API tokens: `serve token add|list|revoke`.
public struct ManageTokens: UseCase {
  public init() {}

  /// What to do.
  public enum Request: Sendable, Hashable {
    /// A new token named `name` that may do what `scope` says; its secret is shown once.
    case add(name: String, scope: APIToken.Scope = .readWrite)
    case list
    case revoke(name: String)
  }

  /// What was done.
  public enum View: Sendable, Hashable {
    /// The new token and its secret, which is not stored and cannot be shown again.
    case added(APIToken, secret: String)
    case listed([APIToken])
    case revoked(APIToken)
  }

  /// - Throws: ``StoreError`` for a name taken, unknown or unfit.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    switch request {
    case .add(let name, let scope):
      let secret = APIToken.newSecret()
      let token = try context.store.addToken(
        named: name, digest: APIToken.digest(of: secret), scope: scope,
        now: context.calendar.now)
      return .added(token, secret: secret)
    case .list:
      return .listed(try context.store.tokens())
    case .revoke(let name):
      return .revoked(try context.store.revokeToken(named: name))
    }
  }
}
