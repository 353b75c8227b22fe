import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// `export` from an in-memory store: the layouts, the dates' offsets, streaming, and that the
/// CSV reads back as the same entries.
@Suite struct DrinkExportTests {
  let store: DrinkStore
  let newYork = TimeZone(identifier: "America/New_York")!
  /// 2026-11-20 13:03:00.250 UTC.
  let instant = Date(timeIntervalSince1970: 1_795_179_780.25)

  init() throws { store = try DrinkStore.inMemory() }

  private func add(_ typeName: String, _ milliliters: Double, at instant: Date, note: String? = nil)
    throws
  {
    let type = try store.type(named: typeName)
    try store.add(
      Drink(
        typeID: type.id, volume: Volume(milliliters: milliliters), instant: instant, note: note))
  }

  private func export(_ format: DrinkExport.Format, in interval: DateInterval? = nil) throws
    -> (text: String, count: Int, pieces: Int)
  {
    var text = ""
    var pieces = 0
    let count = try DrinkExport(format: format, timeZone: newYork).write(
      from: store, in: interval ?? DateInterval(start: .distantPast, end: .distantFuture)
    ) { piece in
      text += piece
      pieces += 1
    }
    return (text, count, pieces)
  }

  @Test func csvHasTheHeaderQuotingAndLocalOffsets() throws {
    try add("Water", 250, at: instant)
    try add("Coffee", 333.33, at: instant.addingTimeInterval(60), note: "flat, \"white\"")
    let (text, count, _) = try export(.csv)
    #expect(count == 2)
    let lines = [
      "date,drink,amount,unit,note,source,caffeine_mg",
      "2026-11-20T08:03:00.250-05:00,Water,250,mL,,typed,0",
      #"2026-11-20T08:04:00.250-05:00,Coffee,333.33,mL,"flat, ""white""",typed,0"#,
    ]
    #expect(ExportIDColumns.stripped(text) == lines.joined(separator: "\n") + "\n")
    #expect(text.hasPrefix(lines[0] + ",uid,modified_at,import_key\n"))
  }

  @Test func jsonIsAnArrayOfObjectsWithEveryField() throws {
    try add("Water", 250, at: instant)
    try add("Juice", 0.5, at: instant.addingTimeInterval(-86_400 * 200), note: "summer")
    let (text, _, _) = try export(.json)
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(parsed.count == 2)
    // Oldest first; the summer entry has the summer offset.
    #expect(parsed[0]["date"] as? String == "2026-05-04T09:03:00.250-04:00")
    #expect(parsed[0]["amount"] as? Double == 0.5)
    #expect(parsed[0]["note"] as? String == "summer")
    #expect(parsed[1]["drink"] as? String == "Water")
    #expect(parsed[1]["note"] is NSNull, "a missing note is an explicit null")
    #expect(
      parsed.allSatisfy {
        Set($0.keys) == [
          "date", "drink", "amount", "unit", "note", "source", "caffeineMg", "uid", "modifiedAt",
          "importKey",
        ]
      })
  }

  @Test func anEmptyExportIsStillValid() throws {
    #expect(
      try export(.csv).text
        == "date,drink,amount,unit,note,source,caffeine_mg,uid,modified_at,import_key\n")
    #expect(try export(.json).text == "[]\n")
  }

  @Test func onlyThePeriodsEntriesAreWrittenAndLargeExportsStreamInPieces() throws {
    for minute in 0..<3000 {
      try add(
        "Water", Double(minute % 500 + 1), at: instant.addingTimeInterval(Double(minute) * 60))
    }
    let firstHour = DateInterval(start: instant, duration: 3600)
    #expect(try export(.csv, in: firstHour).count == 60)
    let all = try export(.csv)
    #expect(all.count == 3000)
    #expect(all.pieces > 1, "more than 64 KiB goes out in several writes, not one string")
  }

  @Test func theCSVReadsBackAsTheSameEntries() throws {
    try add("Water", 250, at: instant)
    try add("Coffee", 29.5735295625, at: instant.addingTimeInterval(1), note: "line\nbreak")
    try add("Soda", 1e-3, at: instant.addingTimeInterval(-3600))
    let (text, _, _) = try export(.csv)
    let reader = try PlainCSVReader(
      source: MemoryByteSource(Array(text.utf8), path: "export.csv"),
      options: ImportOptions(defaultTimeZone: newYork))
    var records: [ImportedRecord] = []
    while let event = try reader.next() {
      if case .record(let record) = event { records.append(record) }
    }
    let drinks = try store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    #expect(records.map(\.instant) == drinks.map(\.instant))
    #expect(records.map(\.note) == drinks.map(\.note))
    #expect(
      records.map { record -> Double? in
        if case .drink(_, let milliliters) = record.content { milliliters } else { nil }
      } == drinks.map(\.volume.milliliters))
  }
}

/// The JSON writer behind `export --format json`, against Foundation's parser.
@Suite struct FlatJSONEncoderTests {
  struct Sample: Encodable {
    var text: String
    var number: Double
    var missing: String?
  }

  @Test func anyTextAndNumberReadBackExactly() throws {
    let texts = [
      "", "plain", "quote \" backslash \\ slash /", "tab\tnew\nline\r", "\u{0}\u{1}\u{1F}\u{7F}",
      "emoji 🚰 and é", "\u{202E}bidi", String(repeating: "x", count: 5000),
    ]
    for (index, text) in texts.enumerated() {
      let number = [0, 250, 0.1, 1e-300, 1e300, -2.5, 29.5735295625, 123456789012345680][index]
      let json = try FlatJSONEncoder().encode(Sample(text: text, number: number, missing: nil))
      #expect(!json.contains("\n"), "one line per object")
      let parsed = try #require(
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(parsed["text"] as? String == text)
      #expect((parsed["number"] as? NSNumber)?.doubleValue == number, "\(json)")
      #expect(parsed["missing"] is NSNull)
    }
  }

  @Test func infinityIsRefusedRatherThanWrittenAsInvalidJSON() {
    #expect(throws: FlatJSONEncoder.NotFlat.self) {
      try FlatJSONEncoder().encode(Sample(text: "", number: .infinity, missing: nil))
    }
  }
}
