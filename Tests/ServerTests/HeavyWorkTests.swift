import Foundation
import Testing

@testable import LiquidusServer

/// ``HeavyWork``: a slot each, the rest wait their turn, and a wait that runs out is a 503
/// with `Retry-After`.
@Suite struct HeavyWorkTests {
  @Test func aRequestBeyondTheSlotsWaitsThenIsToldToComeBack() async throws {
    let heavy = HeavyWork(slots: 1, wait: .milliseconds(200))
    let (held, holding) = AsyncStream.makeStream(of: Void.self)
    let (release, releasing) = AsyncStream.makeStream(of: Void.self)
    let first = Task {
      try await heavy.run {
        holding.yield()
        for await _ in release { break }
        return 1
      }
    }
    for await _ in held { break }
    await #expect {
      try await heavy.run { 2 }
    } throws: { error in
      let problem = error as? Problem
      return problem?.status == .serviceUnavailable && problem?.headers[.retryAfter] == "5"
    }
    releasing.yield()
    #expect(try await first.value == 1)
    // The slot is free again.
    #expect(try await heavy.run { 3 } == 3)
  }

  @Test func aWaiterGetsTheSlotWhenItIsFreed() async throws {
    let heavy = HeavyWork(slots: 1, wait: .seconds(60))
    let (held, holding) = AsyncStream.makeStream(of: Void.self)
    let (release, releasing) = AsyncStream.makeStream(of: Void.self)
    let first = Task {
      try await heavy.run {
        holding.yield()
        for await _ in release { break }
        return 1
      }
    }
    for await _ in held { break }
    let second = Task { try await heavy.run { 2 } }
    releasing.yield()
    #expect(try await first.value == 1)
    #expect(try await second.value == 2)
  }
}
