import Foundation

/// A subscription as a browser sent it, checked: only a draft that passed every rule reaches
/// the store.
public struct PushSubscriptionDraft: Sendable, Hashable {
  /// The longest endpoint taken; the browsers' are a few hundred characters.
  public static let longestEndpoint = 2_048
  /// The longest device label.
  public static let longestDevice = 64

  public let endpoint: String
  public let p256dh: [UInt8]
  public let auth: [UInt8]
  public let device: String

  /// Checks what a browser sent against the rules, in this order: the endpoint (an `https://`
  /// address of a known push service, never an address on this machine or a private network
  /// unless `services` allows loopback for tests), then the keys (`p256dh` base64url of 65
  /// bytes starting with 0x04, `auth` of 16 bytes), then the label.
  /// - Throws: ``PushSubscriptionError`` for the first rule broken.
  public init(
    endpoint: String, p256dh: String, auth: String, device: String, services: PushServices
  ) throws(PushSubscriptionError) {
    self.endpoint = try Self.checked(endpoint: endpoint, services: services)
    guard let key = Base64URL.decode(p256dh) else {
      throw .badKey(name: "p256dh key", reason: "is not base64url text.")
    }
    guard key.count == 65, key.first == 0x04 else {
      throw .badKey(
        name: "p256dh key",
        reason: "must be an uncompressed P-256 public key: 65 bytes starting with 0x04, not "
          + "\(key.count) bytes\(key.count == 65 ? " starting with \(key[0])" : "").")
    }
    guard let secret = Base64URL.decode(auth) else {
      throw .badKey(name: "auth secret", reason: "is not base64url text.")
    }
    guard secret.count == 16 else {
      throw .badKey(name: "auth secret", reason: "must be 16 bytes, not \(secret.count).")
    }
    // Counted as sent (in characters as JSON counts them), before any trimming.
    guard device.unicodeScalars.count <= Self.longestDevice,
      !device.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw .badDeviceLabel(device) }
    let label = device.trimmingCharacters(in: .whitespaces)
    self.p256dh = key
    self.auth = secret
    self.device = label.isEmpty ? "A browser" : label
  }

  /// The endpoint, if it is one the server may send to.
  static func checked(endpoint: String, services: PushServices) throws(PushSubscriptionError)
    -> String
  {
    guard endpoint.utf8.count <= longestEndpoint, !endpoint.contains(where: \.isWhitespace),
      let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(),
      let host = url.host, !host.isEmpty
    else { throw .unreadableEndpoint(endpoint) }
    // Credentials in the address would be sent along to whoever it names.
    guard url.user == nil, url.password == nil else { throw .unreadableEndpoint(endpoint) }
    let address = PushAddress(host: host)
    if address == .loopback && services.allowsLoopback {
      guard scheme == "https" || scheme == "http" else { throw .notHTTPS(endpoint) }
      return endpoint
    }
    guard scheme == "https" else { throw .notHTTPS(endpoint) }
    switch address {
    case .loopback, .local: throw .localAddress(host: host)
    case .global: throw .unknownPushService(host: host)
    case .name:
      guard services.knows(host: host) else { throw .unknownPushService(host: host) }
    }
    return endpoint
  }
}
