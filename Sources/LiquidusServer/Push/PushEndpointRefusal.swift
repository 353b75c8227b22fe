import LiquidusModel

/// Why the sender will not send to a subscription's endpoint; said in the log.
enum PushEndpointRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not `https://` (plain `http://` only to a loopback address, when allowed).
  case notHTTPS(scheme: String)
  /// The host is not one of the push services browsers use (or `--push-service` adds).
  case notAPushService(host: String)
  /// The host resolves to an address of a kind the server does not send to.
  case address(host: String, address: String, kind: PushAddress)
  /// The host does not resolve (yet): tried again later like a busy service.
  case unresolved(host: String)

  var description: String {
    switch self {
    case .notHTTPS(let scheme):
      "its endpoint is \(scheme.isEmpty ? "not a web address" : "\(scheme)://"), and push "
        + "messages go only to https:// endpoints (plain http:// only to this machine, with "
        + "--push-allow-loopback)"
    case .notAPushService(let host):
      "its endpoint's host \(host) is not a push service browsers use (add it with "
        + "--push-service if it is one)"
    case .address(let host, let address, let kind):
      (host == address
        ? "its endpoint is \(address), " : "its endpoint's host \(host) is \(address), ")
        + "\(kind == .loopback ? "this machine" : "a private, local or reserved address"), "
        + "where the server sends no push messages"
        + (kind == .loopback ? " unless started with --push-allow-loopback" : "")
    case .unresolved(let host):
      "its endpoint's host \(host) does not resolve to any address"
    }
  }
}
