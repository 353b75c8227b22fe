import Foundation
import PropertyBased
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Plain csv round trip (property)")
struct PlainCSVRoundTripTests {
  /// Characters that stress CSV quoting: separators, quotes, line breaks, non-ASCII.
  static let noteCharacters: [Character] = [
    "a", "Z", "7", " ", ",", "\"", "\n", "\r\n", "\t", ";", "é", "ß", "水", "🍊", "👩‍👩‍👧", "'",
  ]
  static let nameCharacters: [Character] = ["W", "a", "t", "e", "r", ",", "\"", "é", "茶", "☕", "-"]

  struct Row: Equatable {
    var epoch: Int
    var offsetMinutes: Int
    var drink: String
    var milliliters: Double
    var note: String?
  }

  /// Writes rows the way Liquidus's export does: quoting a cell that holds `,` `"` or a line
  /// break, and neutralising one that a spreadsheet would run as a formula.
  static func csv(_ rows: [Row]) -> String {
    func cell(_ text: String) -> String {
      // Scalars, not Characters: "\r\n" is one Character that contains neither "\r" nor "\n".
      let text = CSVField.neutralized(text)
      let needsQuotes = text.unicodeScalars.contains { ",\"\n\r".unicodeScalars.contains($0) }
      return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
    var text = "date,drink,amount,unit,note,source\n"
    for row in rows {
      text +=
        [
          iso(epoch: row.epoch, offsetMinutes: row.offsetMinutes), cell(row.drink),
          "\(row.milliliters)", "mL", cell(row.note ?? ""), "Liquidus",
        ].joined(separator: ",") + "\n"
    }
    return text
  }

  static func iso(epoch: Int, offsetMinutes: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60) ?? calendar.timeZone
    let c = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second],
      from: Date(timeIntervalSince1970: Double(epoch)))
    let sign = offsetMinutes < 0 ? "-" : "+"
    let offset = abs(offsetMinutes)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0,
      c.hour ?? 0, c.minute ?? 0, c.second ?? 0, sign, offset / 60, offset % 60)
  }

  static func characters(_ characters: [Character]) -> Generator<Character, Shrink.None<Character?>>
  {
    Gen<Character?>.element(of: characters).map { $0 ?? "a" }
  }

  /// Reads `rows` back through a temporary file and checks them, their notes and line numbers.
  static func checkRoundTrip(_ rows: [Row]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let events = try readAll(try directory.file("drinks.csv", contents: csv(rows)), as: .csv)
    #expect(events.rejections.isEmpty)
    let back = events.records.map { record in
      Row(
        epoch: Int(record.instant.timeIntervalSince1970), offsetMinutes: 0,
        drink: record.drinkName ?? "", milliliters: record.milliliters ?? -1, note: record.note)
    }
    let expected = rows.map { row in
      Row(
        epoch: row.epoch, offsetMinutes: 0, drink: row.drink, milliliters: row.milliliters,
        note: row.note)
    }
    #expect(back == expected)
    // Each record starts on the physical line after the previous row's line breaks.
    var line = 2
    for (row, record) in zip(rows, events.records) {
      #expect(record.line == line)
      line += 1 + (row.note?.filter { $0 == "\n" || $0 == "\r\n" }.count ?? 0)
    }
  }

  @Test func randomDrinkRowsReadBackIdentically() async {
    let names = Self.characters(Self.nameCharacters).string(of: 1...12).array(of: 15)
    let notes = Self.characters(Self.noteCharacters).string(of: 0...20).array(of: 15)
    let amounts = Gen.double(in: 0...5000).array(of: 15)
    let epochs = Gen.int(in: 0...4_000_000_000).array(of: 15)
    let offsets = Gen.int(in: -48...56).array(of: 15)
    let count = Gen.int(in: 1...15)
    await propertyCheck(count: 150, input: names, notes, amounts, epochs, offsets, count) {
      (
        names: [String], notes: [String], amounts: [Double], epochs: [Int], offsets: [Int],
        count: Int
      ) in
      let rows = (0..<count).map { i in
        Row(
          epoch: epochs[i], offsetMinutes: offsets[i] * 15, drink: names[i],
          milliliters: amounts[i], note: notes[i].isEmpty ? nil : notes[i])
      }
      do {
        try Self.checkRoundTrip(rows)
      } catch {
        Issue.record("round trip failed: \(error)")
      }
    }
  }
}
