/// The push services browsers use, by host name suffix: an endpoint elsewhere is not a
/// browser's subscription, whatever its address. Extended with `--push-service-host`.
struct PushServiceHosts: Sendable {
  /// Chrome and the other Chromium browsers (Firebase Cloud Messaging), Firefox (Mozilla's
  /// autopush), Safari (Apple's), Edge (Windows Push Notification Services).
  static let browsers = [
    "fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com",
  ]

  /// Lower-cased suffixes without a leading dot.
  let suffixes: [String]

  init(_ suffixes: [String]) {
    self.suffixes = suffixes.map { suffix in
      let lowered = suffix.lowercased()
      return lowered.hasPrefix(".") ? String(lowered.dropFirst()) : lowered
    }
  }

  /// Whether `host` is one of the suffixes or a name under one (`wns2-by3p.notify.windows.com`
  /// under `notify.windows.com`; `evilfcm.googleapis.com.example` under none).
  func contains(_ host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    // A trailing dot names the same host absolutely.
    if name.hasSuffix(".") { name.removeLast() }
    return suffixes.contains { name == $0 || name.hasSuffix("." + $0) }
  }
}
