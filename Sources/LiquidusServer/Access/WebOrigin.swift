/// A web origin: scheme, host and port (RFC 6454), as a browser's `Origin` names the page a
/// request comes from, and as a request's scheme and `Host` name the server it went to.
///
/// Two pages on one machine are different origins when their port or scheme differs: one on
/// `http://127.0.0.1:9999` must not post to this server on `:8787`.
struct WebOrigin: Equatable, Sendable {
  let scheme: String
  let host: String
  let port: Int

  /// `https://name:8787` or `http://[::1]`; nil for `null` or anything else.
  init?(_ text: String) {
    guard let separator = text.range(of: "://") else { return nil }
    self.init(
      scheme: String(text[..<separator.lowerBound]),
      authority: String(text[separator.upperBound...]))
  }

  /// The origin of `authority` (a `Host`: `name`, `name:port`, `[::1]:port`) over `scheme`,
  /// its port the scheme's default when it names none; nil when either cannot be read.
  init?(scheme: String, authority: String) {
    let scheme = scheme.lowercased()
    guard let defaultPort = ["http": 80, "https": 443][scheme] else { return nil }
    let lowered = authority.lowercased()
    let host: Substring
    let portText: Substring
    if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
      host = lowered[...close]
      portText = lowered[lowered.index(after: close)...]
    } else {
      host = lowered.prefix { $0 != ":" }
      portText = lowered[host.endIndex...]
    }
    guard !host.isEmpty, !host.contains("/"), portText.isEmpty || portText.hasPrefix(":") else {
      return nil
    }
    let digits = portText.dropFirst()
    guard digits.isEmpty || (digits.count <= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber })
    else {
      return nil
    }
    guard let port = digits.isEmpty ? defaultPort : Int(digits), (1...65535).contains(port)
    else { return nil }
    (self.scheme, self.host, self.port) = (scheme, String(host), port)
  }
}
