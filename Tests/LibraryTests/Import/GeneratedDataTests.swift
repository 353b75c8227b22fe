import Foundation
import LiquidusTestSupport
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Checks the readers against the ground truth of the benchmarks' seeded generator
/// (`Scripts/generate-health-data`), when Python is there to run it.
@Suite("Generated 10k dataset agrees with manifest.json")
struct GeneratedDataTests {
  static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/generate-health-data").path
  static let python = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    .split(separator: ":")
    .contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }

  struct Totals: Equatable {
    var drinks = 0
    var caffeineRecords = 0
    var milliliters = 0.0
    var milligrams = 0.0
    var rejected = 0
  }

  static func totals(_ url: URL, _ format: ImportFormat) throws -> Totals {
    let reader = try RecordReaders.open(url: url, format: format, options: .losAngeles)
    var totals = Totals()
    while let event = try reader.next() {
      switch event {
      case .record(let record):
        switch record.content {
        case .drink(_, let ml):
          totals.drinks += 1
          totals.milliliters += ml
        case .caffeine(let mg):
          totals.caffeineRecords += 1
          totals.milligrams += mg
        case .workout:
          break  // the generator writes none: any would be counted by the bench apart
        }
      case .rejected: totals.rejected += 1
      case .skipped, .food: break
      }
    }
    return totals
  }

  @Test(.enabled(if: python, "python3 not found"))
  func readersMatchTheGroundTruth() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.generator, "--records", "10000", "--years", "1", "--out", directory.url.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    try #require(
      process.waitUntilExit(within: ProcessTimeLimit.standard), "the generator ran past its limit")
    try #require(process.terminationStatus == 0)
    let manifestData = try Data(contentsOf: directory.url.appendingPathComponent("manifest.json"))
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
    let water = try #require(manifest["total_water_ml"] as? Double)
    let caffeine = try #require(manifest["total_caffeine_mg"] as? Double)
    let drinks = try #require(manifest["drink_events"] as? Int)
    let intake = try #require(manifest["intake_records"] as? Int)
    let files: [(String, ImportFormat)] = [
      ("export.xml", .appleHealth), ("export.zip", .appleHealth),
      ("health_records.csv", .healthCSV), ("drinks.csv", .csv),
    ]
    for (name, format) in files {
      let url = directory.url.appendingPathComponent(name)
      #expect(try ImportFormatDetector.detect(url: url) == format, "\(name)")
      let totals = try Self.totals(url, format)
      #expect(totals.rejected == 0, "\(name)")
      #expect(totals.drinks == drinks, "\(name)")
      #expect(abs(totals.milliliters - water) < 0.001, "\(name)")
      if format != .csv {  // drinks.csv has no caffeine column
        #expect(totals.drinks + totals.caffeineRecords == intake, "\(name)")
        #expect(abs(totals.milligrams - caffeine) < 0.05, "\(name)")
      }
    }
  }
}
