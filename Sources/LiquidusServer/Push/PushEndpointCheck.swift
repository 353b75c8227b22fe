import Foundation

/// The address a push message may go to, decided before any connection: the endpoint's scheme,
/// then every address its host resolves to.
struct PushEndpointCheck: Sendable {
  /// Whether loopback addresses (and plain `http://` to them) are allowed: for tests, and a
  /// push service on this machine.
  var allowLoopback: Bool
  /// The push services sent to.
  var services = PushServiceHosts(PushServiceHosts.browsers)

  /// An endpoint that passed: connect to `address` (never to another lookup of `host`).
  struct Checked: Equatable, Sendable {
    var host: String
    var address: String
  }

  /// The address to connect to for `endpoint`. Every address the host resolves to must pass,
  /// not just the first: one that does not is what a rebinding DNS would hand a second lookup.
  func check(_ endpoint: URL) async throws(PushEndpointRefusal) -> Checked {
    let scheme = endpoint.scheme?.lowercased() ?? ""
    guard scheme == "https" || (scheme == "http" && allowLoopback),
      let host = endpoint.host, !host.isEmpty
    else { throw .notHTTPS(scheme: scheme) }
    guard services.contains(host) else { throw .notAPushService(host: host) }
    let addresses = await PushHostResolver.addresses(of: host)
    guard let first = addresses.first else { throw .unresolved(host: host) }
    for text in addresses {
      let kind = IPAddress(text).map(PushAddressKind.init) ?? .reserved
      let allowed = kind == .publicAddress || (kind == .loopback && allowLoopback)
      // Plain HTTP crosses no network only to this machine.
      let secure = scheme == "https" || kind == .loopback
      guard allowed else { throw .address(host: host, address: text, kind: kind) }
      guard secure else { throw .notHTTPS(scheme: scheme) }
    }
    return Checked(host: host, address: first)
  }
}
