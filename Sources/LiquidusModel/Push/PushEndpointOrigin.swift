import Foundation

/// The origin of a push endpoint (RFC 6454: scheme, host and a port that is not the scheme's
/// own): what a VAPID token names as its audience (a push service refuses a token meant for
/// another), and all of an endpoint the API shows (the rest is the browser's capability).
public enum PushEndpointOrigin {
  /// `https://fcm.googleapis.com`; nil for an address that is not http(s) with a host.
  public static func of(_ endpoint: URL) -> String? {
    guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http",
      let rawHost = endpoint.host, !rawHost.isEmpty
    else { return nil }
    var host = rawHost.lowercased()
    // An IPv6 literal keeps its brackets in an origin (Foundation gives the host without them).
    if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
    let defaultPort = scheme == "https" ? 443 : 80
    guard let port = endpoint.port, port != defaultPort else { return "\(scheme)://\(host)" }
    return "\(scheme)://\(host):\(port)"
  }
}
