import Foundation

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// A year of drinks in an in-memory store, and a renderer with the real gnuplot.
struct ReportFixture {
  let trends: TrendFixture

  /// A year and a half of entries ending on 2026-11-20, Berlin time, three types a day and a
  /// goal met on about half the days, with weeks starting on `firstWeekday`.
  init(firstWeekday: Int = 1, extraType: String? = nil) throws {
    trends = try TrendFixture(
      now: "2026-11-20T18:00:00Z", zone: "Europe/Berlin", firstWeekday: firstWeekday)
    if let extraType { _ = try trends.store.addType(named: extraType, color: nil) }
    _ = try trends.store.addType(named: "Tea", color: nil)
    let store = trends.store
    let ids = try Dictionary(
      uniqueKeysWithValues: ["water", "coffee", "tea", extraType].compactMap { $0 }.map {
        ($0, try store.type(named: $0).id)
      })
    var day = Day(containing: trends.context.now, in: trends.context)
    for index in 0..<400 {
      func log(_ type: String, _ milliliters: Double, hour: Double) throws {
        let instant = day.interval.start.addingTimeInterval(hour * 3600)
        try store.add(
          Drink(typeID: ids[type]!, volume: Volume(milliliters: milliliters), instant: instant))
      }
      if index % 17 != 5 {
        try log("water", Double(1200 + (index % 7) * 150), hour: 9)
        try log("coffee", 250, hour: 8)
        if index % 3 == 0 { try log("tea", 300, hour: 16) }
        if let extraType, index % 2 == 0 { try log(extraType, 200, hour: 12) }
      }
      day = day.previous
    }
  }

  /// The shared year, built once: the suite draws many charts from the same entries. A failure
  /// to build it fails each test that asks for it, not the whole test process.
  static func shared() throws -> ReportFixture { try built.get() }

  private static let built = Result { try ReportFixture() }

  var renderer: ReportRenderer {
    ReportRenderer(
      searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      temporaryDirectory: FileManager.default.temporaryDirectory)
  }

  func report(_ expression: String) throws -> TrendReport {
    try trends.report(expression)
  }

  /// A fresh folder under the temporary directory; the caller removes it.
  static func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-report-test-\(UUID().uuidString)")
  }
}
