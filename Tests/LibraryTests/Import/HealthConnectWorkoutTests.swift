import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// Health Connect's exercise sessions (`exercise_session_record_table`) imported as workouts:
/// named by their type, counted once however often the export is imported, and a session that
/// cannot be a day's exercise rejected with its reason.
@Suite final class HealthConnectWorkoutTests {
  let directory: TemporaryDirectory
  let now = Date(timeIntervalSince1970: 1_795_179_780)  // 2026-11-20 13:03 UTC

  init() throws { directory = try TemporaryDirectory() }
  deinit { directory.remove() }

  /// 2026-11-20 00:00 UTC, in milliseconds.
  static let midnight: Int64 = 1_795_132_800_000
  static let minute: Int64 = 60_000

  /// The drinks of ``HealthConnectReaderTests/export`` and four good sessions on 2026-11-20:
  /// 45 min of running at 06:00, 30 on a stationary bike at 08:00 (titled "Spin class"), 20 of
  /// a type newer than Liquidus from an app not in the app table at 09:00, 90 in a pool at
  /// 10:00; then three bad ones: no time at 11:00, 30 hours from two days before, no end.
  static let export: HealthConnectExportFixture = {
    var export = HealthConnectReaderTests.export
    export.sessions = [
      .init(rowID: 1, start: midnight + 360 * minute, end: midnight + 405 * minute, type: 33),
      .init(
        rowID: 2, start: midnight + 480 * minute, end: midnight + 510 * minute, type: 5,
        title: "Spin class"),
      .init(
        rowID: 3, start: midnight + 540 * minute, end: midnight + 560 * minute, type: 999,
        app: 9),
      .init(rowID: 4, start: midnight + 600 * minute, end: midnight + 690 * minute, type: 49),
      .init(rowID: 5, start: midnight + 660 * minute, end: midnight + 660 * minute),
      .init(rowID: 6, start: midnight - 2_880 * minute, end: midnight - 1_080 * minute),
      .init(rowID: 7, start: midnight + 700 * minute, end: nil),
    ]
    return export
  }()

  private func zip(_ fixture: HealthConnectExportFixture = export, name: String = "hc.zip")
    throws -> URL
  {
    let url = directory.url.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    try fixture.writeZip(to: url)
    return url
  }

  private func importFile(_ url: URL, into store: DrinkStore) throws -> ImportReport {
    try Importer(store: store, settings: ImportSettings(now: now)).importFile(
      at: url, format: nil, options: .losAngeles)
  }

  @Test func sessionsAreWorkoutsNamedByTheirType() throws {
    let events = try readAll(try zip(), as: .healthConnect)
    let workouts = events.records.compactMap(\.workout)
    #expect(workouts.map(\.activity) == ["running", "cycling", "workout", "swimming"])
    #expect(workouts.map(\.minutes) == [45, 30, 20, 90])
    let records = events.records.filter { $0.workout != nil }
    // The instant is start_time, whatever start_zone_offset says.
    #expect(records.first?.instant == instant("2026-11-20T06:00:00Z"))
    #expect(
      records.map(\.sourceName) == [
        "com.sec.android.app.shealth", "com.sec.android.app.shealth", nil,
        "com.sec.android.app.shealth",
      ])
    // The drinks and the caffeine are read as before.
    #expect(events.records.compactMap(\.milliliters) == [250, 300, 500])
    #expect(events.records.compactMap(\.milligrams).count == 1)
  }

  @Test func aSessionWithoutAnEndIsRejectedAndOneOutOfRangeIsCountedAndLeftOut() throws {
    let events = try readAll(try zip(), as: .healthConnect)
    let advice = "; correct the record in the app that wrote it and export again"
    #expect(events.rejections.map(\.line) == [4, 7])  // 4 is the drink without a volume
    #expect(
      events.rejections.dropFirst().map(\.reason) == [
        "exercise_session_record_table row 7 has no end_time (epoch milliseconds)" + advice
      ])
    // Row 5 ends when it starts, row 6 lasts 30 hours: the app's records, not a broken file.
    #expect(
      events.skippedTypes.filter { $0 == Workout.outOfRangeLabel }.count == 2,
      "\(events.skippedTypes)")
  }

  @Test func importingTheExportAgainAddsNoWorkout() throws {
    let store = try DrinkStore.inMemory()
    let first = try importFile(try zip(), into: store)
    #expect(first.workoutsAdded == 4 && first.drinksAdded == 3 && first.rejectedCount == 2)
    let again = try importFile(try zip(), into: store)
    #expect(again.workoutsAdded == 0 && again.drinksAdded == 0)
    #expect(again.duplicatesSkipped == 8)  // 3 drinks, 1 caffeine record, 4 workouts
    var newer = Self.export
    newer.sessions.append(
      .init(
        rowID: 8, start: Self.midnight + 720 * Self.minute,
        end: Self.midnight + 750 * Self.minute, type: 57))
    let later = try importFile(try zip(newer, name: "newer.zip"), into: store)
    #expect(later.workoutsAdded == 1 && later.duplicatesSkipped == 8)
    let stored = try store.workouts()
    #expect(stored.map(\.activity) == ["running", "cycling", "workout", "swimming", "yoga"])
    #expect(stored.map(\.sourceName).first == "com.sec.android.app.shealth")
  }

  /// An export whose session table lacks a column Liquidus needs gives its drinks as before;
  /// one without `exercise_type` gives its sessions as plain workouts.
  @Test func aSessionTableWithoutItsColumnsLeavesTheDrinksAlone() throws {
    for (column, workouts) in [("end_time", [String]()), ("exercise_type", ["workout"])] {
      var fixture = Self.export
      fixture.sessions = [Self.export.sessions[0]]
      let url = directory.url.appendingPathComponent("without-\(column).db")
      try fixture.writeDatabase(to: url)
      let queue = try DatabaseQueue(path: url.path)
      try queue.write { db in
        try db.execute(sql: "ALTER TABLE exercise_session_record_table DROP COLUMN \(column)")
      }
      try queue.close()
      let events = try readAll(url, as: .healthConnect)
      #expect(events.records.compactMap(\.workout).map(\.activity) == workouts, "\(column)")
      #expect(events.records.compactMap(\.milliliters) == [250, 300, 500], "\(column)")
    }
  }

  /// The table is keyed by the platform's ExerciseSessionType, which the export stores, not by
  /// the Jetpack library's constants: 56 is the library's RUNNING but the platform's
  /// WHEELCHAIR.
  @Test func theTypesAreThePlatformsConstants() {
    let expected: [Int64: String] = [
      4: "cycling", 5: "cycling", 10: "dancing", 20: "high intensity interval training",
      21: "hiking", 31: "rowing", 33: "running", 34: "running", 45: "strength training",
      48: "swimming", 49: "swimming", 53: "walking", 56: "wheelchair", 57: "yoga",
      60: "elliptical", 61: "rowing", 0: "workout", 58: "workout", 62: "workout",
    ]
    for (type, word) in expected {
      #expect(HealthConnectExerciseTypes.activity(type) == word, "\(type)")
    }
    #expect(HealthConnectExerciseTypes.activity(nil) == "workout")
    for word in HealthConnectExerciseTypes.names.values {
      #expect(word == word.lowercased() && word.count <= Workout.longestActivity, "\(word)")
    }
    #expect(Set(HealthConnectExerciseTypes.names.keys) == Set<Int64>(1...61).subtracting([58]))
  }
}
