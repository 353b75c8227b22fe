import Foundation
import GRDB
import LiquidusTestSupport
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// `caffeineSums` adds up in SQL what `CaffeineBody` computes over `caffeineIntakes`; `status`
/// shows the first, `caffeine` charts the second, and both must say the same.
@Suite struct CaffeineSumsTests {
  let noon = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func agreeWithTheModelOverTheIntakes() throws {
    let store = try DrinkStore.inMemory()
    let coffee = try store.type(named: "Coffee").id
    var generator = SeededRandom()
    for _ in 0..<300 {
      // Sub-millisecond instants too: both sides read the stored, rounded time.
      let instant = noon.addingTimeInterval(.random(in: -60 * 3600...3600, using: &generator))
      let mg = Double.random(in: 1...200, using: &generator).rounded(toPlaces: 2)
      if Bool.random(using: &generator) {
        _ = try store.add(
          Drink(
            typeID: coffee, volume: Volume(milliliters: 100), instant: instant, caffeine: mg))
      } else {
        try store.write { db in
          try db.execute(
            sql: "INSERT INTO caffeine (at_ms, mg) VALUES (?, ?)",
            arguments: [instant.stored, mg])
        }
      }
    }
    let interval = DateInterval(start: noon.addingTimeInterval(-48 * 3600), end: noon)
    let day = DateInterval(start: noon.addingTimeInterval(-12 * 3600), duration: 86_400)
    let body = CaffeineBody(halfLifeHours: 5)
    for (upTo, bodyAt) in [
      (noon, noon), (noon.addingTimeInterval(-7_200.0004), noon.addingTimeInterval(-9_000)),
    ] {
      let sums = try store.caffeineSums(
        in: interval, day: day, upTo: upTo, bodyAt: bodyAt, halfLife: body.halfLife)
      let intakes = try store.caffeineIntakes(in: interval).filter { $0.instant <= upTo }
      let inDay = intakes.filter { day.contains($0.instant) }.reduce(0) { $0 + $1.milligrams }
      #expect(abs(sums.inDay - inDay) < 1e-6, "\(sums.inDay) vs \(inDay), \(generator)")
      let inBody = body.milligrams(at: bodyAt, intakes: intakes)
      #expect(
        inBody > 0 && abs(sums.inBody - inBody) < 1e-6,
        "\(sums.inBody) vs \(inBody), \(generator)")
    }
  }

  /// Whole days come from their cached weights: the same sums, the first time (weighed from
  /// the intakes), the second (from the cache), for another half-life, and after a change to a
  /// cached day (whose weight the triggers delete).
  @Test func wholeDaysFromTheirWeightsGiveTheSameSums() throws {
    let store = try DrinkStore.inMemory()
    let coffee = try store.type(named: "Coffee").id
    var generator = SeededRandom()
    // Midnight UTC after noon, and the four UTC days before it.
    let end = Date(
      timeIntervalSince1970: (noon.timeIntervalSince1970 / 86_400).rounded(.up) * 86_400)
    let days = (1...4).reversed().map {
      DateInterval(start: end.addingTimeInterval(Double(-$0) * 86_400), duration: 86_400)
    }
    func add(_ count: Int) throws {
      for _ in 0..<count {
        let instant = end.addingTimeInterval(.random(in: -5 * 86_400...0, using: &generator))
        _ = try store.add(
          Drink(
            typeID: coffee, volume: Volume(milliliters: 100), instant: instant,
            caffeine: .random(in: 1...200, using: &generator)))
      }
    }
    try add(400)
    let interval = DateInterval(start: end.addingTimeInterval(-4.5 * 86_400), end: end)
    let bodyAt = end.addingTimeInterval(-1_800)
    func check(halfLife hours: Double) throws {
      let body = CaffeineBody(halfLifeHours: hours)
      let sums = try store.caffeineSums(
        in: interval, wholeDays: Array(days.dropLast()), zone: "UTC", day: days[3],
        upTo: bodyAt, bodyAt: bodyAt, halfLife: body.halfLife)
      let intakes = try store.caffeineIntakes(in: interval).filter { $0.instant <= bodyAt }
      let inDay = intakes.filter { days[3].contains($0.instant) }.reduce(0) { $0 + $1.milligrams }
      let inBody = body.milligrams(at: bodyAt, intakes: intakes)
      #expect(abs(sums.inDay - inDay) < 1e-6, "\(sums.inDay) vs \(inDay), \(generator)")
      #expect(
        abs(sums.inBody - inBody) < 1e-6 * inBody, "\(sums.inBody) vs \(inBody), \(generator)")
    }
    try check(halfLife: 5)
    let kept = try store.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM day_total WHERE caffeine_weight IS NOT NULL")
    }
    #expect(kept == 3, "a weight kept for each whole day")
    try check(halfLife: 5)
    try check(halfLife: 9)
    try add(50)
    try check(halfLife: 9)
  }

  @Test func aDamagedTimeIsNamedNotSkipped() throws {
    let store = try DrinkStore.inMemory()
    let coffee = try store.type(named: "Coffee").id
    let drink = try store.add(
      Drink(typeID: coffee, volume: Volume(milliliters: 100), instant: noon, caffeine: 80))
    try store.write { db in
      try db.execute(
        sql: "UPDATE drink SET at_ms = at_ms + 0.5 WHERE id = ?", arguments: [drink.id])
    }
    let interval = DateInterval(
      start: noon.addingTimeInterval(-86_400), end: noon.addingTimeInterval(86_400))
    let damaged = try store.read { db in
      try DatabaseValue.fetchOne(
        db, sql: "SELECT at_ms FROM drink WHERE id = ?", arguments: [drink.id])
    }
    #expect(
      throws: StoreError.damagedEntry(
        id: try #require(drink.id).rawValue, column: "at_ms", value: "\(try #require(damaged))")
    ) {
      _ = try store.caffeineSums(
        in: interval, day: interval, upTo: noon, bodyAt: noon, halfLife: 18_000)
    }
  }
}

extension Double {
  fileprivate func rounded(toPlaces places: Int) -> Double {
    let scale = pow(10, Double(places))
    return (self * scale).rounded() / scale
  }
}
