import Hummingbird

/// Answers only the names the server was told it has, and refuses writes from foreign pages.
///
/// Any web page a person visits can make their browser send requests to loopback. A page on a
/// name its attacker controls can even point that name at 127.0.0.1 (DNS rebinding), and then
/// its requests carry `Host: attacker.example`: refused here. A page of another origin that
/// posts a form or a fetch carries its own `Origin`: refused for every state-changing method,
/// the sign-in form's too, when its scheme, host or port is not the one the browser used to
/// reach this server (another port on the same machine is another site's page).
struct HostGuard: RouterMiddleware {
  typealias Context = APIRequestContext

  /// Lower-case host names (no port) the server answers to.
  let names: Set<String>
  /// Whether the server itself speaks TLS.
  let tls: Bool

  init(listenHost: String, extraNames: [String], tls: Bool = false) {
    var names: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]
    names.insert(listenHost.lowercased())
    for name in extraNames { names.insert(name.lowercased()) }
    self.names = names
    self.tls = tls
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
    var context = context
    let scheme = context.forwarded?.scheme ?? (tls ? "https" : "http")
    context.overHTTPS = scheme == "https"
    if request.method != .get && request.method != .head,
      !Self.isSameOrigin(
        request.headers, own: WebOrigin(scheme: scheme, authority: context.forwarded?.host ?? host))
    {
      throw Problem(.forbidden, "Changes are not accepted from a page of another site.")
    }
    return try await next(request, context)
  }

  /// Whether a browser says the request comes from a page of `own` origin: its `Origin` is
  /// `own` exactly, and its `Sec-Fetch-Site` (where sent) is `same-origin` or `none` (typed by
  /// the person). A client that is no browser sends neither, and is let through to the token
  /// or session check.
  static func isSameOrigin(_ headers: HTTPFields, own: WebOrigin?) -> Bool {
    if let origin = headers[.origin] {
      guard let sent = WebOrigin(origin), let own, sent == own else { return false }
    }
    if let site = headers[.init("Sec-Fetch-Site")!]?.lowercased() {
      return site == "same-origin" || site == "none"
    }
    return true
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
