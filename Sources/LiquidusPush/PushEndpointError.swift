/// Why a push endpoint or the server's contact address could not be used to sign a request.
public enum PushEndpointError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The endpoint is not an http or https address with a host.
  case notAWebAddress(String)
  /// The contact is neither a `mailto:` nor an `https:` address (RFC 8292 §2.1).
  case contactNotAnAddress(String)

  public var description: String {
    switch self {
    case .notAWebAddress(let endpoint):
      return "The push endpoint '\(endpoint)' is not a web address with a host. A browser's "
        + "subscription names one on its push service: send the endpoint exactly as it gives it."
    case .contactNotAnAddress(let contact):
      return "The push contact '\(contact)' is neither a mailto: nor an https: address. Push "
        + "services use it to reach whoever runs this server: give one such as "
        + "mailto:you@example.org."
    }
  }
}
