/// Why a phone's push subscription was refused or could not be found. Nothing is stored when
/// one is thrown.
public enum PushSubscriptionError: LiquidusError, Equatable {
  /// An endpoint that is not an absolute URL with a host, or is too long.
  case unreadableEndpoint(String)
  /// An endpoint of another scheme than `https://`.
  case notHTTPS(String)
  /// An endpoint whose host is none of the push services browsers use.
  case unknownPushService(host: String)
  /// An endpoint on this machine or a private or link-local network.
  case localAddress(host: String)
  /// A key that is not base64url, or of the wrong length or form.
  case badKey(name: String, reason: String)
  /// A device label that is too long or holds control characters.
  case badDeviceLabel(String)
  /// A token that already has as many subscriptions as it may.
  case tooMany(limit: Int)
  /// No subscription of this id (of the caller's, when it is not the command line).
  case notFound(id: PushSubscription.ID)

  public var description: String {
    switch self {
    case .unreadableEndpoint(let text):
      "The push endpoint '\(Self.shown(text))' is not an address: a browser's subscription "
        + "has an https:// address of its push service (at most 2,048 characters)."
    case .notHTTPS(let text):
      "The push endpoint '\(Self.shown(text))' is not an https:// address: reminders are sent "
        + "only encrypted, to a browser's push service."
    case .unknownPushService(let host):
      "'\(Self.shown(host))' is not a push service a browser uses (Chrome's, Firefox's, "
        + "Safari's or Edge's), so no reminder is sent there. The server's owner can add "
        + "another push service when starting the server."
    case .localAddress(let host):
      "'\(Self.shown(host))' is on this machine or a private network: reminders go only to a "
        + "browser's push service."
    case .badKey(let name, let reason):
      "The subscription's \(name) \(reason)"
    case .badDeviceLabel(let text):
      "The device name '\(Self.shown(text))' is not a short label: give at most 64 characters "
        + "without line breaks, such as 'Chrome on Android'."
    case .tooMany(let limit):
      "This token already sends reminders to \(limit) phones, the most it may. Stop one of "
        + "them first."
    case .notFound(let id):
      "No phone gets reminders under the id \(id)."
    }
  }

  /// Text from outside cut to a length a message can hold.
  private static func shown(_ text: String) -> String {
    let cleaned = String(text.unicodeScalars.filter { $0.properties.generalCategory != .control })
    return cleaned.count > 80 ? String(cleaned.prefix(80)) + "…" : cleaned
  }
}
