import Foundation
import Hummingbird

/// Puts the client's address in the context: the peer's, or, when the peer is a proxy named
/// by `--trusted-proxy`, the address that proxy says it forwards for.
///
/// Behind Caddy or `tailscale serve` every connection comes from 127.0.0.1, so without this the
/// throttle would count every client's wrong tokens as one. The headers are believed only from
/// a trusted peer (anyone else could write them), and read from the right: the last address a
/// trusted proxy appended is the first one no trusted proxy vouches for.
struct ForwardedClient: RouterMiddleware {
  typealias Context = APIRequestContext

  /// The proxies whose forwarding headers are believed.
  let trustedProxies: Set<IPAddress>

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard !trustedProxies.isEmpty else { return try await next(request, context) }
    var context = context
    let peer = context.remoteAddress?.ipAddress
    context.client = Self.client(peer: peer, headers: request.headers, trusted: trustedProxies)
    if let peer, let address = IPAddress(peer), trustedProxies.contains(address) {
      context.forwarded = Self.forwarded(request.headers)
    }
    return try await next(request, context)
  }

  /// The scheme and host the browser used, as a proxy in front says: what the page's origin
  /// is, and whether its cookie may take the `__Host-` prefix.
  struct Forwarded: Sendable, Equatable {
    var scheme: String?
    var host: String?
  }

  /// What a trusted proxy says of the browser's request: `X-Forwarded-Proto` and
  /// `X-Forwarded-Host` (Caddy and `tailscale serve` set both), or else `proto=` and `host=` of
  /// `Forwarded`; the last of each, the one the nearest proxy wrote.
  static func forwarded(_ headers: HTTPFields) -> Forwarded {
    func last(_ name: String) -> String? {
      headers[values: .init(name)!].flatMap { $0.split(separator: ",") }.last
        .map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    let forwarded = headers[values: .init("Forwarded")!].flatMap { $0.split(separator: ",") }
      .last.map(String.init)
    func pair(_ key: String) -> String? {
      for part in (forwarded ?? "").split(separator: ";") {
        let parts = part.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == key
        else { continue }
        var value = parts[1].trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
          value = String(value.dropFirst().dropLast())
        }
        return value
      }
      return nil
    }
    return Forwarded(
      scheme: (last("X-Forwarded-Proto") ?? pair("proto"))?.lowercased(),
      host: last("X-Forwarded-Host") ?? pair("host"))
  }

  /// The client's address as the throttle counts it.
  ///
  /// `X-Forwarded-For` is read first: Caddy, `tailscale serve` and nginx set or append it, and
  /// Caddy passes a client's own `Forwarded` through untouched, so preferring that one would
  /// let any client name its own address. `Forwarded` (RFC 7239) counts only without it.
  static func client(peer: String?, headers: HTTPFields, trusted: Set<IPAddress>) -> String {
    guard let peer, let peerAddress = IPAddress(peer), trusted.contains(peerAddress) else {
      return peer ?? "unknown"
    }
    let forwardedFor = headers[values: .init("X-Forwarded-For")!]
    let chain =
      forwardedFor.isEmpty
      ? headers[values: .init("Forwarded")!].flatMap(forwardedAddresses)
      : forwardedFor.flatMap { $0.split(separator: ",").map(String.init) }
    var client = peer
    for hop in chain.reversed() {
      let text = hop.trimmingCharacters(in: .whitespaces)
      // An address a proxy could not read ends the walk: nothing before it can be believed.
      guard let address = IPAddress(text) ?? IPAddress(withoutPort(text)) else { break }
      client = withoutPort(text)
      if !trusted.contains(address) { break }
    }
    return client
  }

  /// The `for=` values of a `Forwarded` field, in order, unquoted.
  private static func forwardedAddresses(_ field: String) -> [String] {
    field.split(separator: ",").compactMap { element in
      for pair in element.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2,
          parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for"
        else { continue }
        var value = parts[1].trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
          value = String(value.dropFirst().dropLast())
        }
        return withoutPort(value)
      }
      return nil
    }
  }

  /// `[2001:db8::1]:4711` or `192.0.2.1:4711` without the port; anything else as it is.
  private static func withoutPort(_ value: String) -> String {
    if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
      return String(value[...close])
    }
    let colons = value.filter { $0 == ":" }.count
    if colons == 1, let colon = value.firstIndex(of: ":") { return String(value[..<colon]) }
    return value
  }
}
