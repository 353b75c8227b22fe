import Hummingbird

/// Answers only the names the server was told it has, and refuses writes from foreign pages.
///
/// Any web page a person visits can make their browser send requests to loopback. A page on a
/// name its attacker controls can even point that name at 127.0.0.1 (DNS rebinding), and then
/// its requests carry `Host: attacker.example`: refused here. A page on another origin that
/// posts a form or a fetch carries its own `Origin`: refused for every state-changing method.
struct HostGuard: RouterMiddleware {
  typealias Context = APIRequestContext

  /// Lower-case host names (no port) the server answers to.
  let names: Set<String>

  init(listenHost: String, extraNames: [String]) {
    var names: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]
    names.insert(listenHost.lowercased())
    for name in extraNames { names.insert(name.lowercased()) }
    self.names = names
  }

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let host = request.head.authority,
      names.contains(Self.hostName(of: host))
    else {
      throw Problem(
        .forbidden,
        "This server does not answer to the host name \(Self.shown(request.head.authority)); "
          + "its owner can add it with `liquidus serve --host-name NAME`.")
    }
    if request.method != .get && request.method != .head,
      let origin = request.headers[.origin], !isOwn(origin: origin)
    {
      throw Problem(.forbidden, "Changes are not accepted from a page of another site.")
    }
    return try await next(request, context)
  }

  /// The host of an `Origin` (`https://name:8787`) is one of ours.
  private func isOwn(origin: String) -> Bool {
    guard let schemeEnd = origin.range(of: "://") else { return false }
    return names.contains(Self.hostName(of: String(origin[schemeEnd.upperBound...])))
  }

  /// The host a request named, as the refusal quotes it: printable and short, since it is the
  /// sender's text.
  static func shown(_ authority: String?) -> String {
    guard let authority, !authority.isEmpty else { return "(none)" }
    let name = hostName(of: authority).filter { ($0.asciiValue ?? 0) > 0x20 && $0 != "\u{7F}" }
    return "'" + String(name.prefix(100)) + "'"
  }

  /// `name:port`, `[::1]:port` or `name` without its port, in lower case.
  static func hostName(of authority: String) -> String {
    let lowered = authority.lowercased()
    if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
      return String(lowered[...close])
    }
    return String(lowered.split(separator: ":", maxSplits: 1).first ?? "")
  }
}
