import Foundation
import LiquidusModel

/// The address a push message may go to, decided before any connection: the endpoint's scheme
/// and host by the rules a subscription passed when it was kept (``PushSubscriptionDraft``),
/// then every address its host resolves to now.
struct PushEndpointCheck: Sendable {
  /// The push services sent to, and whether loopback (plain `http://` too) is allowed.
  var services: PushServices

  /// An endpoint that passed: connect to `address` (never to another lookup of `host`).
  struct Checked: Equatable, Sendable {
    var host: String
    var address: String
  }

  /// The address to connect to for `endpoint`. Every address the host resolves to must pass,
  /// not just the first: one that does not is what a rebinding DNS would hand a second lookup.
  func check(_ endpoint: URL) async throws(PushEndpointRefusal) -> Checked {
    let scheme = endpoint.scheme?.lowercased() ?? ""
    guard let host = endpoint.host, !host.isEmpty else { throw .notHTTPS(scheme: scheme) }
    let loopbackAllowed = services.allowsLoopback && PushAddress(host: host) == .loopback
    guard scheme == "https" || (scheme == "http" && loopbackAllowed) else {
      throw .notHTTPS(scheme: scheme)
    }
    guard services.knows(host: host) || loopbackAllowed else {
      throw .notAPushService(host: host)
    }
    let addresses = await PushHostResolver.addresses(of: host)
    guard let first = addresses.first else { throw .unresolved(host: host) }
    for text in addresses {
      let kind = PushAddress(host: text)
      let allowed = kind == .global || (kind == .loopback && services.allowsLoopback)
      // Plain HTTP crosses no network only to this machine.
      let secure = scheme == "https" || kind == .loopback
      guard allowed else { throw .address(host: host, address: text, kind: kind) }
      guard secure else { throw .notHTTPS(scheme: scheme) }
    }
    return Checked(host: host, address: first)
  }
}
