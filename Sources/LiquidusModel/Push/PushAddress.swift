import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What kind of address an endpoint's host is when it is written as an IP address: the
/// server must not be made to send requests into the network it stands in. (A host name is
/// checked by its name here; the sender checks the addresses it resolves to again, at the
/// moment it sends.)
public enum PushAddress: Sendable, Hashable {
  /// Not an address: a host name.
  case name
  /// This machine: 127.0.0.0/8, ::1 (or `localhost`).
  case loopback
  /// An address of a private or local network, or one that is no host's: 10/8, 172.16/12,
  /// 192.168/16, 100.64/10 (carrier NAT), 169.254/16 (link-local), 0/8, multicast and
  /// reserved ranges, fc00::/7, fe80::/10, ::, multicast IPv6.
  case local
  /// Any other address: on the internet, but not a push service's name.
  case global

  /// The kind of `host` (`[::1]` with or without its brackets).
  public init(host: String) {
    var text = host
    if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
    if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
    let lowered = text.lowercased()
    if lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered == "localhost." {
      self = .loopback
      return
    }
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      self = Self.kind(ofIPv4: withUnsafeBytes(of: &v4) { Array($0) })
      return
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, text, &v6) == 1 else {
      self = .name
      return
    }
    self = Self.kind(ofIPv6: withUnsafeBytes(of: &v6) { Array($0) })
  }

  static func kind(ofIPv4 bytes: [UInt8]) -> PushAddress {
    let (a, b) = (bytes[0], bytes[1])
    if a == 127 { return .loopback }
    let local =
      a == 0 || a == 10 || (a == 100 && (64...127).contains(b)) || (a == 169 && b == 254)
      || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168)
      || (a == 192 && b == 0 && bytes[2] == 0) || (a == 198 && (18...19).contains(b)) || a >= 224
    return local ? .local : .global
  }

  static func kind(ofIPv6 bytes: [UInt8]) -> PushAddress {
    if bytes == Array(repeating: 0, count: 15) + [1] { return .loopback }
    if bytes.allSatisfy({ $0 == 0 }) { return .local }
    // ::ffff:a.b.c.d is an IPv4 address in IPv6's clothes.
    if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
      return kind(ofIPv4: Array(bytes[12...]))
    }
    let local =
      bytes[0] & 0xFE == 0xFC || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) || bytes[0] == 0xFF
      || bytes[0..<12].allSatisfy { $0 == 0 }
    return local ? .local : .global
  }
}
