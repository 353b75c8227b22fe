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
  /// reserved ranges, fc00::/7, fe80::/10, ::, multicast IPv6, and the IPv6 forms that carry
  /// such an IPv4 address (mapped, NAT64, 6to4).
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
      self = Self(addressBytes: withUnsafeBytes(of: &v4) { Array($0) })
      return
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, text, &v6) == 1 else {
      self = .name
      return
    }
    self = Self(addressBytes: withUnsafeBytes(of: &v6) { Array($0) })
  }

  /// The kind of an address given by its bytes, 4 for IPv4 or 16 for IPv6 (as a resolver
  /// returns them): the one table both the subscription's check and the sender's use.
  public init(addressBytes bytes: [UInt8]) {
    self = bytes.count == 4 ? Self.kind(ofIPv4: bytes) : Self.kind(ofIPv6: bytes)
  }

  static func kind(ofIPv4 bytes: [UInt8]) -> PushAddress {
    let (a, b) = (bytes[0], bytes[1])
    switch a {
    case 127: return .loopback
    // 0/8 (this network), 10/8, 100.64/10 (carrier NAT), 169.254/16 (link-local),
    // 172.16/12, 192.168/16, 192.0.0/24 (the IETF's own: DS-Lite, NAT64 discovery),
    // 198.18/15 (benchmarking), 224/4 (multicast) and 240/4 (reserved, broadcast).
    case 0, 10, 224...255: return .local
    case 100 where b & 0xC0 == 64: return .local
    case 169 where b == 254: return .local
    case 172 where b & 0xF0 == 16: return .local
    case 192 where b == 168 || (b == 0 && bytes[2] == 0): return .local
    case 198 where b & 0xFE == 18: return .local
    default: return .global
    }
  }

  static func kind(ofIPv6 bytes: [UInt8]) -> PushAddress {
    if bytes[0..<15].allSatisfy({ $0 == 0 }) { return bytes[15] == 1 ? .loopback : .local }
    // ::ffff:a.b.c.d is an IPv4 address in IPv6's clothes; 64:ff9b::/96 (NAT64's well-known
    // prefix) carries one in its last four bytes, 2002::/16 (6to4) in the next four.
    if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
      return kind(ofIPv4: Array(bytes[12...]))
    }
    if bytes[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
      return kind(ofIPv4: Array(bytes[12...]))
    }
    if bytes[0] == 0x20 && bytes[1] == 0x02 { return kind(ofIPv4: Array(bytes[2..<6])) }
    // The rest of ::/8 (IPv4-compatible, deprecated), fc00::/7 (unique local), fe80::/10
    // (link-local), fec0::/10 (the deprecated site-local, private in effect), ff00::/8
    // (multicast).
    let local =
      bytes[0] == 0 || bytes[0] & 0xFE == 0xFC || (bytes[0] == 0xFE && bytes[1] >= 0x80)
      || bytes[0] == 0xFF
    return local ? .local : .global
  }
}
