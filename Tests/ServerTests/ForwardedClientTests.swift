import Hummingbird
import Testing

@testable import LiquidusServer

/// Which address the throttle counts behind a proxy: the forwarded one only from a trusted
/// peer, read from the right so that a client cannot name itself.
@Suite struct ForwardedClientTests {
  static let proxy: Set<IPAddress> = [IPAddress("127.0.0.1")!]

  static func client(peer: String?, _ fields: [(String, String)]) -> String {
    var headers = HTTPFields()
    for (name, value) in fields { headers.append(.init(name: .init(name)!, value: value)) }
    return ForwardedClient.client(peer: peer, headers: headers, trusted: proxy)
  }

  @Test func aTrustedProxyNamesTheClientItAppended() {
    #expect(Self.client(peer: "127.0.0.1", [("X-Forwarded-For", "203.0.113.9")]) == "203.0.113.9")
    // What the client wrote itself sits to the left of what the proxy appended.
    #expect(
      Self.client(peer: "127.0.0.1", [("X-Forwarded-For", "198.51.100.1, 203.0.113.9")])
        == "203.0.113.9")
    // A dual-stack socket's spelling of the proxy is the proxy.
    #expect(
      Self.client(peer: "::ffff:127.0.0.1", [("X-Forwarded-For", "203.0.113.9")])
        == "203.0.113.9")
    #expect(
      Self.client(peer: "127.0.0.1", [("Forwarded", #"for="[2001:db8::17]:4711";proto=https"#)])
        == "[2001:db8::17]")
    #expect(Self.client(peer: "127.0.0.1", [("Forwarded", "for=192.0.2.60:80")]) == "192.0.2.60")
    // Without a header the proxy is the client.
    #expect(Self.client(peer: "127.0.0.1", []) == "127.0.0.1")
  }

  @Test func anyoneElsesHeadersAreIgnored() {
    #expect(
      Self.client(peer: "192.0.2.1", [("X-Forwarded-For", "203.0.113.9")]) == "192.0.2.1")
    // Behind Caddy, a client's own Forwarded passes through; X-Forwarded-For is the proxy's.
    #expect(
      Self.client(
        peer: "127.0.0.1", [("Forwarded", "for=198.51.100.1"), ("X-Forwarded-For", "203.0.113.9")])
        == "203.0.113.9")
  }
}
