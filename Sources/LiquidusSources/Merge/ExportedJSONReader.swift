import Foundation
import LiquidusModel
import LiquidusStore

/// Reads a file written by `liquidus export --format json` as the other side of a merge.
///
/// Each object's `uid` and `modifiedAt` say which entry it is and how new; an export carries no
/// deletions, so merging one adds and updates entries and deletes none. Its types are known by
/// name only: a missing one is created with the colour, caffeine and hydration a new type of
/// that name gets.
enum ExportedJSONReader {
  /// One exported object; see `ExportedEntry` for the writing side. The CSV export's rows
  /// read as the same (``ExportedCSVReader``).
  struct Object: Decodable {
    var date: String
    var drink: String
    var amount: Double
    var unit: String?
    var note: String?
    var source: String?
    var caffeineMg: Double?
    var uid: String?
    var modifiedAt: String?
    var importKey: String?
  }

  static func snapshot(of path: String) throws -> MergeSnapshot {
    func reject(_ reason: String) -> StoreError {
      .mergeSourceRejected(path: path, reason: reason)
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw reject("it cannot be read (\(error.localizedDescription))")
    }
    let objects: [Object]
    do {
      objects = try JSONDecoder().decode([Object].self, from: data)
    } catch {
      throw StoreError.mergeSourceUnrecognized(path: path)
    }
    return try snapshot(of: objects, path: path, place: { "entry \($0 + 1)" })
  }

  /// The entries of an export, checked as `log` and `import` check theirs.
  /// - Parameter place: where the `index`th object is, for messages (`entry 3`, `line 4`).
  static func snapshot(
    of objects: [Object], path: String, place: (Int) -> String
  ) throws -> MergeSnapshot {
    func reject(_ reason: String) -> StoreError {
      .mergeSourceRejected(path: path, reason: reason)
    }
    var entries: [EntryVersion] = []
    entries.reserveCapacity(objects.count)
    for (index, object) in objects.enumerated() {
      let place = place(index)
      guard let uid = object.uid, let modifiedText = object.modifiedAt else {
        throw reject("\(place) has no uid and modifiedAt (written by an older Liquidus?)")
      }
      // Ids are lowercase UUID text; anything else did not come from a Liquidus export.
      guard uid.utf8.count == 36, uid.utf8.allSatisfy({ $0 == 0x2D || isLowercaseHex($0) }) else {
        throw reject("\(place) has a uid that is not an entry id: \(uid.prefix(40))")
      }
      guard let drunk = instant(object.date), let modified = instant(modifiedText) else {
        throw reject("\(place) has a date that is not ISO 8601 with an offset")
      }
      guard (object.unit ?? "mL") == "mL", object.amount > 0, object.amount.isFinite else {
        throw reject("\(place) has an amount that is not a positive number of mL")
      }
      // The limits `log` and `import` apply, so that the database's own checks never meet
      // a value a person would only see as a raw SQLite error.
      guard object.amount <= AmountParser.absoluteLimit.milliliters else {
        throw reject("\(place) has an amount over the limit of a drink")
      }
      let caffeine = object.caffeineMg ?? 0
      guard caffeine >= 0, caffeine.isFinite else {
        throw reject("\(place) has a caffeineMg that is not 0 or a positive number")
      }
      guard drunk >= EntryError.earliest else {
        throw reject("\(place) has a date before 1970")
      }
      let source = object.source ?? DrinkSource.typed.rawValue
      let kind = DrinkSource(rawValue: source)
      entries.append(
        EntryVersion(
          uid: uid, typeName: object.drink, milliliters: object.amount, utc: utc(drunk),
          note: object.note, source: kind ?? .imported, sourceName: kind == nil ? source : nil,
          caffeine: caffeine, importKey: object.importKey,
          modifiedAt: utc(modified)))
    }
    return MergeSnapshot(path: path, types: [], entries: entries, tombstones: [])
  }

  private static func isLowercaseHex(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
  }

  /// An ISO 8601 instant with an offset, with or without fractional seconds.
  private static func instant(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions.insert(.withFractionalSeconds)
    return formatter.date(from: text)
  }

  /// `YYYY-MM-DD HH:MM:SS.SSS` in UTC, as the store writes times.
  static func utc(_ instant: Date) -> String {
    var bytes: [UInt8] = []
    CivilTime.append(
      instant.millisecondsSince1970, separator: UInt8(ascii: " "),
      alwaysMilliseconds: true, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
