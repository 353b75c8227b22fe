import Foundation
import Testing

@testable import LiquidusServer

/// The throttle's table stays bounded without letting anyone out early.
@Suite struct ThrottleTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aFloodOfAddressesUnblocksNobody() {
    let throttle = Throttle(limit: 10)
    for _ in 0..<10 { throttle.recordFailure("192.0.2.1", at: Self.now) }
    #expect(throttle.isBlocked("192.0.2.1", at: Self.now))
    // 10,001 other addresses, one failure each, as loopback's 127/8 allows on one machine.
    for index in 0...10_000 {
      throttle.recordFailure(
        "127.\(index >> 16 & 255).\(index >> 8 & 255).\(index & 255)", at: Self.now)
    }
    #expect(throttle.isBlocked("192.0.2.1", at: Self.now), "a blocked address was forgotten")
    // Its minute still ends.
    #expect(!throttle.isBlocked("192.0.2.1", at: Self.now.addingTimeInterval(60)))
  }

  @Test func aFullTableMakesRoomWithTheOldestUnblockedClient() {
    let throttle = Throttle(limit: 2, capacity: 3)
    throttle.recordFailure("192.0.2.1", at: Self.now)
    throttle.recordFailure("192.0.2.1", at: Self.now)
    throttle.recordFailure("192.0.2.2", at: Self.now.addingTimeInterval(1))
    throttle.recordFailure("192.0.2.3", at: Self.now.addingTimeInterval(2))
    throttle.recordFailure("192.0.2.4", at: Self.now.addingTimeInterval(3))
    #expect(throttle.count == throttle.capacity)
    #expect(throttle.isBlocked("192.0.2.1", at: Self.now.addingTimeInterval(3)))
    // .2 was the oldest unblocked: its one failure is forgotten, .3's is kept.
    throttle.recordFailure("192.0.2.3", at: Self.now.addingTimeInterval(4))
    #expect(throttle.isBlocked("192.0.2.3", at: Self.now.addingTimeInterval(4)))
  }

  @Test func anIPv6ClientIsCountedByItsSlash64() {
    let throttle = Throttle(limit: 10)
    // One customer's /64 holds 2^64 addresses: a new one for every guess.
    for index in 1...10 {
      throttle.recordFailure("2001:db8:1:2::\(String(index, radix: 16))", at: Self.now)
    }
    #expect(throttle.isBlocked("2001:db8:1:2:ffff::1", at: Self.now))
    #expect(!throttle.isBlocked("2001:db8:1:3::1", at: Self.now))
    // A dual-stack socket's IPv4 peer is that IPv4 address.
    for _ in 1...10 { throttle.recordFailure("::ffff:192.0.2.7", at: Self.now) }
    #expect(throttle.isBlocked("192.0.2.7", at: Self.now))
  }
}
