import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Inputs that fuzzing (`Scripts/fuzz`, ``ReaderFuzzTests``) found to break a reader, kept as
/// named cases; each is also a seed in `Tests/FuzzCorpus/<target>/`.
@Suite struct ReaderRegressionTests {
  /// Reads `text` whole and in `chunk`-byte reads; both must end the same way.
  private func outcome(
    _ text: String, chunk: Int, open: (any ByteSource) throws(ImportError) -> any RecordReader
  ) -> (events: [ReaderEvent], error: ImportError?) {
    let bytes = Array(text.utf8)
    let whole = ReaderFuzzTests.drain(bytes, chunkLimit: .max, open: open)
    let pieces = ReaderFuzzTests.drain(bytes, chunkLimit: chunk, open: open)
    #expect(whole == pieces, "\(ReaderFuzzTests.difference(whole, pieces))")
    return (whole.events, whole.error)
  }

  /// Found by ReaderFuzzTests: when the file ended inside a tag, the line was counted from the
  /// tag's offset before the refill that moved it, so it named a later line (or one counted
  /// from stale bytes), and differently for every read size.
  @Test func aFileEndingInsideATagNamesTheLineWhereTheTagStarts() {
    let xml = """
      <?xml version="1.0"?>
      <HealthData locale="en_US">
       <Record
        type="HKQuantityTypeIdentifierDietaryWater"
        unit="mL"
        value="250
      """
    let result = outcome(xml, chunk: 7) { source in AppleHealthXMLReader(source: source) }
    #expect(
      result.error
        == .malformedXML(
          path: "memory", line: 3,
          reason: "the file ends inside a tag; it is probably truncated"))
  }

  /// Found by reading ByteWindow while writing the fuzz targets, confirmed by the whole-versus-
  /// pieces check: with reads shorter than three bytes, the byte-order-mark check ran on
  /// whatever sat at the front of the buffer after the first rows were consumed, so a U+FEFF
  /// after blank lines vanished in short reads but not in one piece.
  @Test func aByteOrderMarkCountsOnlyAtTheStartOfTheFile() {
    let open = { (source: any ByteSource) throws(ImportError) -> any RecordReader in
      try PlainCSVReader(source: source, options: .losAngeles)
    }
    let atStart = outcome("\u{FEFF}date,amount\n2026-11-19T08:00:00Z,250\n", chunk: 1, open: open)
    #expect(atStart.error == nil)
    #expect(atStart.events.records.map(\.milliliters) == [250])

    let later = outcome("\n\n\u{FEFF}date,amount\n2026-11-19T08:00:00Z,250\n", chunk: 1, open: open)
    guard case .missingColumns(_, _, let missing, _) = later.error else {
      Issue.record("a U+FEFF after blank lines is part of the header: \(later)")
      return
    }
    #expect(missing == ["date"])
  }

  /// Found by the cronometer fuzz target: a day in year 1044444444413 overflowed the seconds
  /// since 1970 and trapped; a year past 9999 is no date, so the row is rejected.
  @Test func aDayInAFarYearIsARejectedRowNotATrap() {
    let csv = """
      Day,Time,Group,Food Name,Amount,Energy (kcal),Caffeine (mg),Water (g),Category
      1044444444413-11-20,7:45 AM,Breakfast,"Coffee, brewed",8.00 fl oz,2.37,94.80,235.53,Beverages
      2026-11-20,8:00 AM,Breakfast,"Coffee, brewed",8.00 fl oz,2.37,94.80,235.53,Beverages

      """
    let result = outcome(csv, chunk: 5) { source throws(ImportError) in
      try CronometerReader(source: source, options: .losAngeles)
    }
    #expect(result.error == nil)
    let rejected = result.events.compactMap { event -> Int? in
      if case .rejected(let line, _) = event { return line }
      return nil
    }
    #expect(rejected == [2], "\(result.events)")
    #expect(
      Timestamp.make(
        year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0, offsetSeconds: nil) == nil)
  }
}

/// Memory stays flat for any CSV: a row of millions of empty fields is refused at the field
/// limit instead of being split into millions of fields.
@Suite struct WideRowTests {
  @Test func aRowWiderThanTheLimitIsRefusedWithItsLine() throws {
    let wide =
      "date,drink,amount,unit\n2026-11-01,"
      + String(repeating: ",", count: CSVScanner.maxFields + 10)
    #expect(throws: ImportError.tooManyFields(path: "wide.csv", line: 2, limit: 4096)) {
      let reader = try PlainCSVReader(
        source: MemoryByteSource(Array(wide.utf8), path: "wide.csv"), options: .losAngeles)
      while try reader.next() != nil {}
    }
  }

  @Test func aHeaderOfMillionsOfCommasIsRefusedBeforeItIsSplit() throws {
    let header = String(repeating: ",", count: 2_000_000) + "\n1,2\n"
    #expect(throws: ImportError.tooManyFields(path: "header.csv", line: 1, limit: 4096)) {
      _ = try HealthCSVReader(source: MemoryByteSource(Array(header.utf8), path: "header.csv"))
    }
  }
}
