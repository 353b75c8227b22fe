import Foundation
import LiquidusModel
import Testing

@testable import LiquidusServer

/// What the sender checks of an endpoint before it connects: the scheme, the push service's
/// name, and every address the name resolves to.
@Suite struct PushEndpointCheckTests {
  @Test func onlyAnHTTPSEndpointOnAPublicAddressPasses() async throws {
    // Addresses as services' names, so that only the address rules decide.
    let names = ["8.8.8.8", "10.0.0.1"]
    let strict = PushEndpointCheck(services: PushServices(added: names))
    let loopback = PushEndpointCheck(services: PushServices(added: names, allowsLoopback: true))
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
        host: "10.0.0.1", address: "10.0.0.1", kind: .local)
    ) {
      try await loopback.check(url("https://10.0.0.1/push/x"))
    }
    await #expect(throws: PushEndpointRefusal.notAPushService(host: "8.8.4.4")) {
      try await strict.check(url("https://8.8.4.4/push/x"))
    }
  }
}
