/// What kind of address a push endpoint's host resolved to. Only a public one is sent to: the
/// endpoint comes from a browser, so a subscription made by someone holding a token could
/// otherwise aim the server at this machine or the network it sits in.
enum PushAddressKind: Equatable, Sendable {
  case publicAddress, loopback, privateNetwork, linkLocal, unspecified, multicast, sharedCarrier
  case reserved

  /// The kind of `address` (IPv4-mapped IPv6 addresses arrive as IPv4; NAT64 and 6to4 ones are
  /// judged by the IPv4 address they carry).
  init(_ address: IPAddress) {
    self = address.bytes.count == 4 ? Self.ipv4(address.bytes) : Self.ipv6(address.bytes)
  }

  /// In plain words, for the log: "a loopback address".
  var words: String {
    switch self {
    case .publicAddress: "a public address"
    case .loopback: "a loopback address (this machine)"
    case .privateNetwork: "a private network address"
    case .linkLocal: "a link-local address"
    case .unspecified: "an unspecified address"
    case .multicast: "a multicast address"
    case .sharedCarrier: "a carrier-grade NAT address"
    case .reserved: "a reserved address"
    }
  }

  private static func ipv4(_ bytes: [UInt8]) -> PushAddressKind {
    let (a, b) = (bytes[0], bytes[1])
    switch a {
    case 0: return .unspecified
    case 10: return .privateNetwork
    case 127: return .loopback
    case 100 where b & 0xC0 == 64: return .sharedCarrier
    case 169 where b == 254: return .linkLocal
    case 172 where b & 0xF0 == 16: return .privateNetwork
    case 192 where b == 168: return .privateNetwork
    // 192.0.0.0/24, the IETF's own assignments (DS-Lite, NAT64 discovery).
    case 192 where b == 0 && bytes[2] == 0: return .reserved
    case 224...239: return .multicast
    case 240...255: return .reserved
    default: return .publicAddress
    }
  }

  private static func ipv6(_ bytes: [UInt8]) -> PushAddressKind {
    if bytes[0..<15].allSatisfy({ $0 == 0 }) { return bytes[15] == 1 ? .loopback : .unspecified }
    // 64:ff9b::/96, NAT64's well-known prefix: the IPv4 address in its last four bytes.
    if bytes[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
      return ipv4(Array(bytes[12...]))
    }
    // 2002::/16, 6to4: the IPv4 address in the next four bytes.
    if bytes[0] == 0x20 && bytes[1] == 0x02 { return ipv4(Array(bytes[2..<6])) }
    // ::/96 (IPv4-compatible, deprecated) and the rest of ::/8.
    if bytes[0] == 0 { return .reserved }
    if bytes[0] & 0xFE == 0xFC { return .privateNetwork }
    if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return .linkLocal }
    // fec0::/10, the deprecated site-local addresses, private in effect.
    if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return .privateNetwork }
    if bytes[0] == 0xFF { return .multicast }
    return .publicAddress
  }
}
