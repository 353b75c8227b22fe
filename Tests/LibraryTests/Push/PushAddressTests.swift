import Testing

@testable import LiquidusModel

/// Which addresses a push may not go to: the one table the subscription's check and the
/// sender's check of resolved addresses share.
@Suite struct PushAddressTests {
  @Test(arguments: [
    ("127.0.0.1", PushAddress.loopback), ("127.8.9.10", .loopback), ("::1", .loopback),
    ("[::1]", .loopback), ("::ffff:127.0.0.1", .loopback), ("localhost", .loopback),
    ("10.0.0.1", .local), ("172.16.0.1", .local), ("172.31.255.254", .local),
    ("192.168.1.20", .local), ("fc00::1", .local), ("fd12:3456::1", .local),
    ("::ffff:10.1.2.3", .local), ("64:ff9b::a00:1", .local), ("2002:c0a8:0101::1", .local),
    ("fec0::1", .local), ("169.254.169.254", .local), ("fe80::1", .local),
    ("0.0.0.0", .local), ("::", .local), ("224.0.0.251", .local), ("ff02::1", .local),
    ("100.64.0.1", .local), ("100.127.255.254", .local), ("198.18.0.1", .local),
    ("192.0.0.8", .local), ("255.255.255.255", .local), ("::10.0.0.1", .local),
    ("8.8.8.8", .global), ("172.32.0.1", .global), ("100.128.0.1", .global),
    ("198.20.0.1", .global), ("142.250.74.106", .global), ("2607:f8b0:4004:c1b::5f", .global),
    ("64:ff9b::808:808", .global), ("fcm.googleapis.com", .name),
  ])
  func anAddressIsOfItsKind(text: String, kind: PushAddress) {
    #expect(PushAddress(host: text) == kind, "\(text)")
  }
}
