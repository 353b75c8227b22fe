import Foundation
import Testing
import ZIPFoundation

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// One file's import at the library level: batches, the import keys that make a re-import add
/// nothing, strict and dry runs, and a file that fails part-way.
@Suite final class ImportSessionTests {
  let store: DrinkStore
  let folder: URL
  let now = Date(timeIntervalSince1970: 1_795_179_780)  // 2026-11-20 13:03 UTC

  init() throws {
    store = try DrinkStore.inMemory()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-session-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// A plain csv of `rows` (date, drink, amount), written to a file.
  private func csv(_ name: String, _ rows: [String]) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try (["date,drink,amount,unit"] + rows).joined(separator: "\n").write(
      to: url, atomically: true, encoding: .utf8)
    return url
  }

  private func rows(_ range: Range<Int>) -> [String] {
    range.map { "2026-11-0\($0 % 9 + 1)T08:\(10 + $0 % 50):00Z,Water,\(100 + $0),mL" }
  }

  private func run(
    _ url: URL, strict: Bool = false, dryRun: Bool = false, batchSize: Int = 3
  ) throws -> ImportReport {
    let importer = Importer(
      store: store,
      settings: ImportSettings(strict: strict, dryRun: dryRun, batchSize: batchSize, now: now))
    return try importer.importFile(
      at: url, format: .csv, options: ImportOptions(defaultTimeZone: TimeZone(identifier: "UTC")!))
  }

  @Test func batchesOfAnySizeImportEveryRowOnce() throws {
    for size in [1, 3, 7, 100] {
      let store = try DrinkStore.inMemory()
      let importer = Importer(store: store, settings: ImportSettings(batchSize: size, now: now))
      let report = try importer.importFile(
        at: try csv("rows-\(size).csv", rows(0..<20)), format: .csv,
        options: ImportOptions(defaultTimeZone: TimeZone(identifier: "UTC")!))
      #expect(report.drinksAdded == 20, "batch size \(size)")
      #expect(try store.entryCount() == 20)
    }
  }

  @Test func importingTheSameFileAgainAddsNothing() throws {
    let url = try csv("same.csv", rows(0..<10))
    #expect(try run(url).drinksAdded == 10)
    let again = try run(url)
    #expect(again.drinksAdded == 0)
    #expect(again.duplicatesSkipped == 10)
    #expect(try store.entryCount() == 10)
  }

  @Test func aNewerFileThatHoldsTheOlderOneAddsOnlyWhatIsNew() throws {
    _ = try run(try csv("older.csv", rows(0..<10)))
    let newer = try run(try csv("newer.csv", rows(0..<15)))
    #expect(newer.drinksAdded == 5)
    #expect(newer.duplicatesSkipped == 10)
    #expect(try store.entryCount() == 15)
  }

  @Test func identicalRowsAreSeparateDrinksAndStaySoOnReimport() throws {
    let same = "2026-11-05T08:00:00Z,Water,250,mL"
    let url = try csv("twice.csv", [same, same, same])
    #expect(try run(url).drinksAdded == 3)
    // A later export that holds one more of them adds exactly that one.
    #expect(try run(try csv("four.csv", [same, same, same, same])).drinksAdded == 1)
    #expect(try store.entryCount() == 4)
  }

  @Test func strictKeepsNothingFromAFileWithABadRowAndSaysWhichRow() throws {
    let url = try csv("bad.csv", rows(0..<5) + ["2026-11-05T08:00:00Z,Water,lots,mL"] + rows(5..<9))
    let report = try run(url, strict: true)
    #expect(report.strictRollback?.line == 7)
    #expect(report.drinksAdded == 0)
    #expect(try store.entryCount() == 0)
    // Without --strict the good rows are kept and the bad one is reported.
    let lenient = try run(url)
    #expect(lenient.drinksAdded == 9)
    #expect(lenient.rejections.map(\.line) == [7])
  }

  @Test func aDryRunCountsWhatItWouldAddAndWritesNothing() throws {
    let url = try csv("dry.csv", rows(0..<8) + ["2026-11-05T08:00:00Z,Tea,200,mL"])
    let report = try run(url, dryRun: true)
    #expect(report.drinksAdded == 9)
    #expect(report.createdTypes == ["Tea"])
    #expect(try store.entryCount() == 0)
    #expect(throws: StoreError.unknownDrinkType("Tea", suggestion: nil)) {
      try store.type(named: "Tea")
    }
  }

  @Test func aFileThatFailsPartWayKeepsWholeBatchesAndARerunFinishesExactly() throws {
    let fixture = try String(contentsOf: ImportFixture.url("export.xml"), encoding: .utf8)
    let full = folder.appendingPathComponent("export.xml")
    try fixture.write(to: full, atomically: true, encoding: .utf8)
    // Cut the file in the middle of its records, as an interrupted download would.
    let cut = fixture.index(fixture.startIndex, offsetBy: fixture.count * 2 / 3)
    let truncated = folder.appendingPathComponent("truncated.xml")
    try String(fixture[..<cut]).write(to: truncated, atomically: true, encoding: .utf8)

    let importer = Importer(store: store, settings: ImportSettings(batchSize: 2, now: now))
    let options = ImportOptions(defaultTimeZone: TimeZone(identifier: "UTC")!)
    let partial = try importer.importFile(at: truncated, format: .appleHealth, options: options)
    #expect(partial.failure != nil)
    let kept = try store.entryCount()
    #expect(kept == partial.drinksAdded)

    let rest = try importer.importFile(at: full, format: .appleHealth, options: options)
    let fresh = try DrinkStore.inMemory()
    let once = try Importer(store: fresh, settings: ImportSettings(now: now))
      .importFile(at: full, format: .appleHealth, options: options)
    #expect(rest.failure == nil)
    #expect(kept > 0 && kept < once.drinksAdded, "the cut falls among the records")
    #expect(kept + rest.drinksAdded == once.drinksAdded)
    #expect(try store.entryCount() == fresh.entryCount())
    #expect(
      try store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture)).map(\.volume)
        == fresh.drinks(in: DateInterval(start: .distantPast, end: .distantFuture)).map(\.volume))
  }
}

/// A zip member that fails its checksum leaves nothing of its own behind, not even the batches
/// committed before the end of the member revealed the damage.
@Suite struct DamagedZipImportTests {
  @Test func aMemberFailingItsChecksumIsTakenOutWhole() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var xml = try Data(contentsOf: try ImportFixture.url("export.xml"))
    // Stored, not deflated, so the flipped byte cannot fail inflation first: only the CRC,
    // checked at the member's end, finds it. It is a letter of the last record's source name,
    // so the XML stays well formed and every record is read (and batches commit) before that.
    let text = String(decoding: xml, as: UTF8.self)
    let last = try #require(text.range(of: "sourceName=\"", options: .backwards))
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: last.upperBound)
    xml[offset] ^= 0x20
    let zip = directory.url.appendingPathComponent("export.zip")
    let archive = try Archive(url: zip, accessMode: .create)
    let original = try Data(contentsOf: try ImportFixture.url("export.xml"))
    try archive.addEntry(
      with: "apple_health_export/export.xml", type: .file,
      uncompressedSize: Int64(original.count), compressionMethod: .none
    ) { position, size in original.subdata(in: Int(position)..<Int(position) + size) }
    // Swap the stored bytes for the flipped ones; the CRC in the headers stays the original's.
    var bytes = try Data(contentsOf: zip)
    let start = try #require(bytes.range(of: original)).lowerBound
    bytes.replaceSubrange(start..<start + original.count, with: xml)
    try bytes.write(to: zip)

    let store = try DrinkStore.inMemory()
    let typesBefore = try store.allTypes().count
    let importer = Importer(
      store: store, settings: ImportSettings(batchSize: 1, now: Date(timeIntervalSince1970: 2e9)))
    let report = try importer.importFile(
      at: zip, format: .appleHealth,
      options: ImportOptions(defaultTimeZone: TimeZone(identifier: "UTC")!))
    guard case .corruptZip = report.failure else {
      Issue.record("expected a damaged archive, got \(String(describing: report.failure))")
      return
    }
    #expect(report.discarded)
    #expect(report.drinksAdded == 0)
    #expect(try store.entryCount() == 0)
    let caffeine = try store.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM caffeine") }
    #expect(caffeine == 0)
    #expect(try store.allTypes().count == typesBefore)
  }
}
