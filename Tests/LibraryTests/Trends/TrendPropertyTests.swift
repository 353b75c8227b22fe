import Foundation
import PropertyBased
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Invariants that must hold for any entries: nothing is lost or counted twice between the
/// period total, its buckets, its types and its days.
@Suite struct TrendPropertyTests {
  private static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata"]

  /// Logs `count` random drinks within 200 days before now and returns the fixture.
  private func randomFixture(seed: UInt64, zone: String) throws -> TrendFixture {
    let fixture = try TrendFixture(zone: zone)
    var generator = SplitMix(seed: seed)
    let types = try fixture.store.allTypes().map { $0.id! }
    for _ in 0..<150 {
      let offset = Double(generator.next() % (200 * 86_400))
      let amount = Double(generator.next() % 900 + 50)
      try fixture.store.add(
        Drink(
          typeID: types[Int(generator.next() % UInt64(types.count))],
          volume: Volume(milliliters: amount), instant: fixture.context.now - offset))
    }
    return fixture
  }

  @Test func bucketsTypesAndDaysAllSumToThePeriodTotal() async throws {
    await propertyCheck(
      count: 25, input: Gen.uint64(in: 0...UInt64.max), Gen.element(of: Self.zones),
      Gen.element(of: ["today", "week", "month", "half-year", "year", "last-month"])
    ) { seed, zone, expression in
      guard let zone, let expression else { return }
      let fixture = try randomFixture(seed: seed, zone: zone)
      let report = try fixture.report(expression)
      let stored = try fixture.store.drinks(in: report.period.interval)
        .reduce(0) { $0 + $1.volume.milliliters }
      let buckets = report.buckets.reduce(0) { $0 + $1.total.milliliters }
      let types = report.shares.reduce(0) { $0 + $1.total.milliliters }
      #expect(abs(report.total.milliliters - stored) < 1e-6)
      #expect(abs(buckets - stored) < 1e-6)
      #expect(abs(types - stored) < 1e-6)
      if !report.days.isEmpty {
        #expect(abs(report.days.reduce(0) { $0 + $1.total.milliliters } - stored) < 1e-6)
      }
    }
  }

  @Test func aHalfYearsWeeksSumToItsDays() async throws {
    await propertyCheck(count: 15, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      let fixture = try randomFixture(seed: seed, zone: "Europe/Berlin")
      let report = try fixture.report("half-year")
      let weeks = report.buckets.map(\.total.milliliters).reduce(0, +)
      let days = try TrendEngine(store: fixture.store).report(for: report.period, comparing: false)
        .days.map(\.total.milliliters).reduce(0, +)
      #expect(abs(weeks - days) < 1e-6)
      #expect(report.buckets.first?.period.interval.start == report.period.interval.start)
    }
  }
}

/// A tiny deterministic generator, so a failing seed reproduces.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
