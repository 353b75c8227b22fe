import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Apple Health export.xml")
struct AppleHealthXMLReaderTests {
  let events: [ReaderEvent]

  init() throws {
    events = try readAll(try ImportFixture.url("export.xml"), as: .appleHealth)
  }

  @Test func waterRecordsBecomeDrinksInMillilitresAtTheirAbsoluteInstants() {
    let water = events.records.filter { $0.drinkName == "Water" }
    #expect(water.map(\.line) == [108, 109, 113, 118, 119])
    #expect(
      water.map(\.instant) == [
        instant("2025-03-09T07:30:00Z"),  // -0800, before the DST change
        instant("2025-03-09T09:45:00Z"),  // -0800, 15 minutes before it
        instant("2025-03-09T10:15:00Z"),  // -0700, after it
        instant("2025-03-10T03:30:00Z"),  // +0530
        instant("2025-03-10T10:00:00Z"),  // +0100
      ])
    let expected = [250, 12 * 29.5735295625, 500, 330, 2 * 236.5882365]
    for (record, ml) in zip(water, expected) {
      #expect(abs((record.milliliters ?? -1) - ml) < 1e-9, "line \(record.line)")
    }
  }

  @Test func caffeineRecordBecomesMilligramsAndStrayControlCharacterIsTolerated() throws {
    let caffeine = try #require(events.records.first { $0.milligrams != nil })
    #expect(caffeine.milligrams == 95.5)
    #expect(caffeine.line == 117)
    #expect(caffeine.sourceName == "WaterMinder")  // the \u{0B} in the attribute is dropped
    #expect(caffeine.instant == instant("2025-03-09T15:00:00Z"))
  }

  @Test func sourceNamesAreDecodedFromEntities() {
    #expect(events.records.first?.sourceName == "Coffee & Tea Tracker")
    #expect(events.records.map(\.sourceName).contains("Gesundheit"))
  }

  @Test func correlationCopiesAreNotEmittedAgain() {
    // The correlation holds a 355 mL water and a 40 mg caffeine copy: neither may appear.
    #expect(events.records.filter { $0.workout == nil }.count == 6)
    #expect(!events.records.contains { $0.milliliters == 355 || $0.milligrams == 40 })
  }

  @Test func otherRecordTypesAndElementsAreSkippedOnceEach() {
    #expect(
      events.skippedTypes == [
        "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount",
        "HKCorrelationTypeIdentifierFood", "ActivitySummary",
      ])
  }

  @Test func aWorkoutIsReadWithItsActivityStartAndMinutes() throws {
    let workouts = events.records.filter { $0.workout != nil }
    #expect(workouts.count == 1)
    let workout = try #require(workouts.first)
    #expect(workout.workout?.activity == "running")
    #expect(workout.workout?.minutes == 31.5)
    #expect(workout.instant == instant("2025-03-11T14:08:00Z"))
    #expect(workout.sourceName == "Annas Apple Watch")
  }

  @Test func badRecordsAreRejectedWithTheirLineAndReason() {
    let rejections = events.rejections
    #expect(rejections.map(\.line) == [120, 121, 122])
    #expect(rejections.first?.reason.contains("'gallon'") == true)
    #expect(rejections.first?.reason.contains("fl_oz_us") == true)
    #expect(rejections.dropFirst().first?.reason.contains("'2025-13-10 12:00:00 -0700'") == true)
    #expect(
      rejections.last?.reason.contains("value 'zwei' is not a number; write e.g. 250") == true)
  }

  @Test func progressReachesTheFileSize() throws {
    let url = try ImportFixture.url("export.xml")
    let reader = try RecordReaders.open(url: url, format: .appleHealth, options: .losAngeles)
    while try reader.next() != nil {}
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
    #expect(size == 8628, "the fixture changed: update this test")
    #expect(reader.totalBytes == 8628)
    #expect(reader.bytesRead == 8628)
  }
}
