/// Builds each imported record's key and entry id into an ``ImportKeyBatch``, exactly as the
/// store's import would build them itself: kind, instant, amount, the drink type as the file
/// names it and the source app, folded (see ``ImportKey``).
///
/// Used on the reading thread (see ``ImportKeyBatch`` for why); one per file.
package struct ImportKeyMaker {
  private var key = ImportKey()
  private var ids = EntryUID.ImportIDMaker()
  private var typeKeys = NameKeys()
  private var sourceKeys = NameKeys()

  package init() {}

  /// Far beyond any instant an entry may have (the year 292,000,000), and within what
  /// milliseconds since 1970 in an Int64 hold.
  private static let latestSeconds = 9e15

  /// Appends `record`'s key (and a drink's id) to `batch`.
  /// - Returns: the index of its entry in `batch`; nil for a workout, whose key the store's
  ///   workout import makes from its own fields, and for an instant no entry may have.
  package mutating func append(_ record: ImportedRecord, to batch: inout ImportKeyBatch) -> Int? {
    // Records are keyed here before the import checks them, so an instant before 1970 (which
    // the import rejects, EntryLimits) or past what milliseconds in an Int64 hold (which it
    // never keys either) is left to the writer: its digits could overflow here.
    guard record.instant >= EntryError.earliest,
      record.instant.timeIntervalSince1970 < Self.latestSeconds
    else { return nil }
    let milliseconds = record.instant.millisecondsSince1970
    switch record.content {
    case .drink(let typeName, let milliliters):
      key.build(
        kind: UInt8(ascii: "d"), milliseconds: milliseconds, amount: milliliters,
        typeKey: typeKeys.key(typeName), sourceKey: sourceKeys.key(record.sourceName))
      batch.append(key, withUID: true, ids: &ids)
    case .caffeine(let milligrams):
      key.build(
        kind: UInt8(ascii: "c"), milliseconds: milliseconds, amount: milligrams, typeKey: [],
        sourceKey: sourceKeys.key(record.sourceName))
      batch.append(key, withUID: false, ids: &ids)
    case .workout:
      return nil
    }
    return batch.entries.count - 1
  }

  /// Folded names (``ImportKey/nameKey(_:)``, tens of microseconds through Foundation), once
  /// per name: the last one first, since records of one type and app come in runs, then a
  /// dictionary for the handful an export interleaves.
  private struct NameKeys {
    private var last: String?
    private var lastKey: [UInt8] = []
    private var known: [String: [UInt8]] = [:]

    mutating func key(_ name: String?) -> [UInt8] {
      if name == last { return lastKey }
      last = name
      guard let name else {
        lastKey = []
        return lastKey
      }
      if let folded = known[name] {
        lastKey = folded
      } else {
        lastKey = ImportKey.nameKey(name)
        known[name] = lastKey
      }
      return lastKey
    }
  }
}
