import Foundation
import Testing

@testable import LiquidusServer

/// Which resolved addresses the sender refuses: everything but a public address.
@Suite struct PushAddressKindTests {
  @Test(arguments: [
    ("127.0.0.1", PushAddressKind.loopback), ("127.8.9.10", .loopback), ("::1", .loopback),
    ("::ffff:127.0.0.1", .loopback),
    ("10.0.0.1", .privateNetwork), ("172.16.0.1", .privateNetwork),
    ("172.31.255.254", .privateNetwork), ("192.168.1.20", .privateNetwork),
    ("fc00::1", .privateNetwork), ("fd12:3456::1", .privateNetwork),
    ("::ffff:10.1.2.3", .privateNetwork), ("64:ff9b::a00:1", .privateNetwork),
    ("2002:c0a8:0101::1", .privateNetwork),
    ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal),
    ("0.0.0.0", .unspecified), ("::", .unspecified),
    ("224.0.0.251", .multicast), ("ff02::1", .multicast),
    ("100.64.0.1", .sharedCarrier), ("100.127.255.254", .sharedCarrier),
    ("255.255.255.255", .reserved), ("::10.0.0.1", .reserved),
    ("8.8.8.8", .publicAddress), ("172.32.0.1", .publicAddress), ("100.128.0.1", .publicAddress),
    ("142.250.74.106", .publicAddress), ("2607:f8b0:4004:c1b::5f", .publicAddress),
    ("64:ff9b::808:808", .publicAddress),
  ])
  func anAddressIsOfItsKind(text: String, kind: PushAddressKind) throws {
    let address = try #require(IPAddress(text))
    #expect(PushAddressKind(address) == kind, "\(text)")
  }

  @Test func aPushServiceIsOnTheListByItsSuffix() {
    let hosts = PushServiceHosts(PushServiceHosts.browsers + [".Push.Example.org"])
    for host in [
      "fcm.googleapis.com", "FCM.googleapis.com.", "wns2-by3p.notify.windows.com",
      "web.push.apple.com", "updates.push.services.mozilla.com", "push.example.org",
      "eu.push.example.org",
    ] {
      #expect(hosts.contains(host), "\(host)")
    }
    for host in [
      "evilfcm.googleapis.com", "fcm.googleapis.com.example", "googleapis.com", "example.org",
      "127.0.0.1", "apple.com",
    ] {
      #expect(!hosts.contains(host), "\(host)")
    }
  }

  @Test func onlyAnHTTPSEndpointOnAPublicAddressPasses() async throws {
    let list = PushServiceHosts(["8.8.8.8", "127.0.0.1", "10.0.0.1"])
    let strict = PushEndpointCheck(allowLoopback: false, services: list)
    let loopback = PushEndpointCheck(allowLoopback: true, services: list)
    let url = { (text: String) in try #require(URL(string: text)) }
    #expect(
      try await strict.check(url("https://8.8.8.8/push/x"))
        == .init(host: "8.8.8.8", address: "8.8.8.8"))
    await #expect(throws: PushEndpointRefusal.notHTTPS(scheme: "http")) {
      try await strict.check(url("http://8.8.8.8/push/x"))
    }
    // Plain HTTP only to this machine, even with the allowance.
    await #expect(throws: PushEndpointRefusal.notHTTPS(scheme: "http")) {
      try await loopback.check(url("http://8.8.8.8/push/x"))
    }
    #expect(try await loopback.check(url("http://127.0.0.1:9/x")).address == "127.0.0.1")
    await #expect(
      throws: PushEndpointRefusal.address(
        host: "10.0.0.1", address: "10.0.0.1", kind: .privateNetwork)
    ) {
      try await loopback.check(url("https://10.0.0.1/push/x"))
    }
    await #expect(throws: PushEndpointRefusal.notAPushService(host: "8.8.4.4")) {
      try await strict.check(url("https://8.8.4.4/push/x"))
    }
  }
}
