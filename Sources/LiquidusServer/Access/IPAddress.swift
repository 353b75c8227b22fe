#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An IPv4 or IPv6 address as its bytes, so that two spellings of one address (`::1` and
/// `0:0::1`, `::ffff:127.0.0.1` and `127.0.0.1`) are one address to the throttle and to
/// `--trusted-proxy`.
struct IPAddress: Hashable, Sendable {
  /// Four bytes for IPv4 (an IPv4-mapped IPv6 address included), sixteen for IPv6.
  let bytes: [UInt8]

  /// Reads `192.0.2.1`, `2001:db8::1`, `[2001:db8::1]` or `fe80::1%eth0`; nil for anything else
  /// (a host name, `unknown`, an obfuscated `_proxy`).
  init?(_ text: some StringProtocol) {
    var text = String(text)
    if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
    // A zone names the interface, not another address.
    if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      bytes = withUnsafeBytes(of: &v4) { Array($0) }
      return
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
    let all = withUnsafeBytes(of: &v6) { Array($0) }
    // A dual-stack socket shows an IPv4 peer as ::ffff:a.b.c.d.
    if all[0..<10].allSatisfy({ $0 == 0 }) && all[10] == 0xff && all[11] == 0xff {
      bytes = Array(all[12...])
    } else {
      bytes = all
    }
  }

  /// What the throttle counts failures by: the address for IPv4, its /64 for IPv6, since one
  /// IPv6 customer is usually handed a whole /64 and could otherwise change address at will.
  var throttleKey: String {
    if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
    let groups = stride(from: 0, to: 8, by: 2).map { index in
      String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16)
    }
    return groups.joined(separator: ":") + "::/64"
  }
}
