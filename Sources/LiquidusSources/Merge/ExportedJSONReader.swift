import Foundation
import LiquidusModel
import LiquidusStore

/// Reads a file written by `liquidus export --format json` as the other side of a merge.
///
/// Each object's `uid` and `modifiedAt` say which entry it is and how new; an export carries no
/// deletions, so merging one adds and updates entries and deletes none. Its types are known by
/// name only: a missing one is created with the colour, caffeine and hydration a new type of
/// that name gets.
public enum ExportedJSONReader {
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

  /// The entries of the export at `path`.
  /// - Throws: ``StoreError/mergeSourceUnrecognized(path:)`` for a file that is no JSON export,
  ///   ``StoreError/mergeSourceRejected(path:reason:)`` for an object that is not an entry.
  public static func snapshot(of path: String) throws -> MergeSnapshot {
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

  /// The entries of an export, as far as the file's form goes: each object an entry with an
  /// id, its times ISO 8601, its amount in mL. What the values may be is checked for every
  /// merge source alike when the merge applies them (`MergeSnapshot.check(now:)`), which names
  /// each entry by its place here.
  /// - Parameter place: where the `index`th object is, for messages (`entry 3`, `line 4`).
  static func snapshot(
    of objects: [Object], path: String, place: (Int) -> String
  ) throws -> MergeSnapshot {
    func reject(_ reason: String) -> StoreError {
      .mergeSourceRejected(path: path, reason: reason)
    }
    var entries: [EntryVersion] = []
    var places: [String: String] = [:]
    entries.reserveCapacity(objects.count)
    for (index, object) in objects.enumerated() {
      let place = place(index)
      guard let uid = object.uid, let modifiedText = object.modifiedAt else {
        throw reject("\(place) has no uid and modifiedAt (written by an older Liquidus?)")
      }
      // Ids are lowercase UUID text; anything else did not come from a Liquidus export.
      guard EntryUID.isWellFormed(uid) else {
        throw reject("\(place) has a uid that is not an entry id: \(uid.prefix(40))")
      }
      guard let drunk = instant(object.date), let modified = instant(modifiedText) else {
        throw reject("\(place) has a date that is not ISO 8601 with an offset")
      }
      guard (object.unit ?? "mL") == "mL" else {
        throw reject("\(place) has an amount that is not in mL")
      }
      if places[uid] == nil { places[uid] = place }
      let source = object.source ?? DrinkSource.typed.rawValue
      let kind = DrinkSource(rawValue: source)
      entries.append(
        EntryVersion(
          uid: uid, typeName: object.drink, milliliters: object.amount, utc: utc(drunk),
          note: object.note, source: kind ?? .imported, sourceName: kind == nil ? source : nil,
          caffeine: object.caffeineMg ?? 0, importKey: object.importKey,
          modifiedAt: utc(modified)))
    }
    var snapshot = MergeSnapshot(path: path, types: [], entries: entries, tombstones: [])
    snapshot.places = places
    return snapshot
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
