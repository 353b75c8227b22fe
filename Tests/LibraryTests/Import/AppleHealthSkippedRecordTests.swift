import Foundation
import Testing

@testable import LiquidusSources

/// Records of types the import does not take are passed over by their type's bytes
/// (``XMLRecordSkip``); whatever the form of their tags, they are counted as before, the
/// records around them are read as before, and every chunking reads the same.
@Suite struct AppleHealthSkippedRecordTests {
  static func document(_ body: String) -> [UInt8] {
    Array(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n" + body
        + "</HealthData>\n").utf8)
  }

  /// Every event and the skipped counts, read in chunks of at most `chunk` bytes.
  static func read(
    _ bytes: [UInt8], chunk: Int
  ) throws(ImportError) -> (events: [ReaderEvent], skipped: [String: Int]) {
    let reader = AppleHealthXMLReader(source: MemoryByteSource(bytes, chunkLimit: chunk))
    reader.countsSkippedRecords = true
    var events: [ReaderEvent] = []
    while let event = try reader.next() { events.append(event) }
    return (events, reader.takeSkippedCounts())
  }

  static let chunks = [1, 3, 17, 64, 4096, Int.max]

  static let steps = "HKQuantityTypeIdentifierStepCount"
  static let heart = "HKQuantityTypeIdentifierHeartRate"
  static let water = "HKQuantityTypeIdentifierDietaryWater"

  /// Each line a form the full scan reads, and the fast path must read alike or leave to it.
  static let mixed = document(
    """
     <Record type="\(steps)" sourceName="Watch" value="1"/>
     <Record sourceName="Watch" type="\(steps)" value="2"/>
     <Record   type =\t'\(steps)'  value="3" />
     <Record type="\(heart)" note="a>b" value="4"/>
     <Record type="\(heart)" note='it"s' value="5"/>
     <Record type="\(heart)" value="6">
      <MetadataEntry key="HKWasUserEntered" value="1"/>
      <HeartRateVariabilityMetadataList>
       <InstantaneousBeatsPerMinute bpm="61" time="8:00:00 AM"/>
      </HeartRateVariabilityMetadataList>
     </Record>
     <Record\ttype = '\(water)' unit="mL" value="250" sourceName="Bottle" startDate="2025-03-09 07:30:00 -0800"/>
     <Record type="\(steps)" value="7"/><!-- a comment -->
     <Record type="\(steps)" value="8"/>text between tags
     <Record type="\(water)" unit="mL" value="330" sourceName="Cup" startDate="2025-03-09 09:30:00 -0800"/>
     <Record type="\(heart)" value="9">
     </Record>

    """)

  @Test func skippedRecordsAreCountedAndTheOthersReadInEveryChunking() throws {
    for chunk in Self.chunks {
      let (events, skipped) = try Self.read(Self.mixed, chunk: chunk)
      #expect(skipped == [Self.steps: 5, Self.heart: 4], "chunks of \(chunk)")
      let drinks = events.records
      #expect(drinks.map(\.milliliters) == [250, 330], "chunks of \(chunk)")
      #expect(drinks.map(\.sourceName) == ["Bottle", "Cup"], "chunks of \(chunk)")
      #expect(drinks.map(\.line) == [14, 17], "chunks of \(chunk)")
      // One event per skipped record (progress), none for the nested elements.
      #expect(events.filter { $0 == .skipped(recordType: "") }.count == 9, "chunks of \(chunk)")
    }
  }

  /// A skipped record's other attributes are not read, so one of them that is broken no longer
  /// stops the import: the record is counted like its type's others. The same break in a
  /// record that is read still stops it.
  @Test func aBrokenAttributeOfASkippedRecordIsCountedNotRefused() throws {
    let broken = Self.document(
      """
       <Record type="\(Self.steps)" sourceName="Watch" unit value="1"/>
       <Record type="\(Self.water)" unit="mL" value="250" sourceName="Cup" startDate="2025-03-09 07:30:00 -0800"/>

      """)
    for chunk in Self.chunks {
      let (events, skipped) = try Self.read(broken, chunk: chunk)
      #expect(skipped == [Self.steps: 1], "chunks of \(chunk)")
      #expect(events.records.map(\.milliliters) == [250], "chunks of \(chunk)")
    }
    let read = Self.document(
      """
       <Record type="\(Self.water)" unit value="250" sourceName="Cup" startDate="2025-03-09 07:30:00 -0800"/>

      """)
    #expect(
      throws: ImportError.malformedXML(
        path: "memory", line: 3,
        reason: "attribute 'unit' of <Record> has no value")
    ) { _ = try Self.read(read, chunk: .max) }
  }

  /// A skipped record waits for the next tag to know where it ends; when the data ends
  /// first, the full scan reads it, and the import fails as it did, at the missing end.
  @Test func aFileCutAfterASkippedRecordFailsAtItsEnd() throws {
    let cut = Array(
      "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n <Record type=\"\(Self.steps)\" value=\"1\"/>"
        .utf8)
    for chunk in Self.chunks {
      #expect(
        throws: ImportError.malformedXML(
          path: "memory", line: 3,
          reason: "the file ends before </HealthData>; it is probably truncated"),
        "chunks of \(chunk)"
      ) { _ = try Self.read(cut, chunk: chunk) }
    }
  }
}
