/// Which push services a subscription's endpoint may name: the server sends a request to every
/// endpoint it keeps, so an endpoint is not free. Only the services browsers use are let in,
/// each by the suffix of its host name, plus any the server's owner adds.
public struct PushServices: Sendable, Hashable {
  /// The host suffixes of the push services browsers hand out endpoints of, in one place:
  /// - `fcm.googleapis.com`: Firebase Cloud Messaging, for Chrome (desktop and Android),
  ///   Samsung Internet, Opera and Brave (`/fcm/send/...`, `/wp/...`);
  /// - `android.googleapis.com`: the older Google Cloud Messaging address that subscriptions
  ///   made by older Chromium-based browsers (Opera's among them) still carry;
  /// - `push.services.mozilla.com`: Mozilla's autopush, for Firefox
  ///   (`updates.push.services.mozilla.com`);
  /// - `push.apple.com`: Apple's, for Safari on macOS and for web apps on iOS and iPadOS 16.4
  ///   or later (`web.push.apple.com`);
  /// - `notify.windows.com`: the Windows Push Notification Services, for Edge
  ///   (`wns2-*.notify.windows.com`).
  public static let browsers = [
    "fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com",
    "push.apple.com", "notify.windows.com",
  ]

  /// Host suffixes the owner added (`liquidus serve --push-service HOST-SUFFIX`): a browser
  /// with a push service of its own, or a self-hosted one.
  public var added: [String]
  /// Whether an endpoint on this machine (loopback) is let in, `http://` too: only for tests,
  /// whose stand-in push service listens on loopback.
  public var allowsLoopback: Bool

  /// The browsers' push services, and those `added`.
  public init(added: [String] = [], allowsLoopback: Bool = false) {
    self.added = added.map(Self.normalized)
    self.allowsLoopback = allowsLoopback
  }

  /// The browsers' push services only, loopback refused: what a server uses unless told.
  public static let standard = PushServices()

  /// Whether `host` is one of the services' hosts, or a host under one: the suffix must start
  /// at a label, so `evilfcm.googleapis.com.example` and `notfcm.googleapis.com` are not.
  public func knows(host: String) -> Bool {
    let host = Self.normalized(host)
    return (Self.browsers + added).contains { suffix in
      !suffix.isEmpty && (host == suffix || host.hasSuffix("." + suffix))
    }
  }

  /// Whether `text` may be given as an added suffix: a plain host name (letters, digits, `-`
  /// and dots between labels), not an address or a pattern.
  public static func isValidSuffix(_ text: String) -> Bool {
    let labels = normalized(text).split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, text.utf8.count <= 253 else { return false }
    return labels.allSatisfy { label in
      (1...63).contains(label.count) && label.first != "-" && label.last != "-"
        && label.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
    } && !labels.last!.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
  }

  /// Lower case, without the root's trailing dot.
  static func normalized(_ host: String) -> String {
    var host = host.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    return host
  }
}
