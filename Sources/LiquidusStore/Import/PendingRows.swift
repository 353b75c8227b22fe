import LiquidusModel

/// Rows queued for one multi-row INSERT. Their text (note, source, key, and a drink's uid) shares one byte
/// buffer that is reused from chunk to chunk, so queueing a row allocates nothing, and the
/// statement can bind the text in place instead of copying it.
struct PendingRows {
  struct Row {
    /// The drink type's ``DrinkType/ID/rawValue`` (unused for caffeine): bound as it is, with
    /// `sqlite3_bind_int64`, by the import's own statements.
    var typeID: Int64
    /// Millilitres or milligrams.
    var amount: Double
    /// A drink's caffeine in mg (0 for caffeine records, whose amount is their caffeine).
    var caffeine: Double
    /// The instant, milliseconds since 1970 (`at_ms`).
    var milliseconds: Int64
    /// The note (drink) or source name (caffeine), if any.
    var note: Range<Int>?
    /// A drink's source app, if any.
    var source: Range<Int>?
    /// The import key of occurrence 1.
    var key: Range<Int>
    /// A drink's entry id for that key, its 16 bytes (see ``EntryUID/bytes(forImportKey:)``).
    var uid: Range<Int>?
    /// The key's length without its occurrence number, to rebuild other occurrences.
    var keyPrefixCount: Int
  }

  private(set) var rows: [Row] = []
  private(set) var bytes: [UInt8] = []
  private var uidMaker = EntryUID.ImportIDMaker()

  init(capacity: Int) {
    rows.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 128)
  }

  var count: Int { rows.count }

  /// Queues a row whose key (occurrence 1) has just been built in `key`.
  mutating func append(
    typeID: Int64, amount: Double, caffeine: Double = 0, milliseconds: Int64, note: String?,
    source: String? = nil, key: ImportKey, withUID: Bool = false
  ) {
    let (noteRange, sourceRange) = appendText(note: note, source: source)
    let keyStart = bytes.count
    bytes.append(contentsOf: key.bytes)
    let keyRange = keyStart..<bytes.count
    var uidRange: Range<Int>?
    if withUID {
      key.bytes.withUnsafeBufferPointer { uidMaker.append(idForImportKey: $0, to: &bytes) }
      uidRange = keyRange.upperBound..<bytes.count
    }
    rows.append(
      Row(
        typeID: typeID, amount: amount, caffeine: caffeine, milliseconds: milliseconds,
        note: noteRange, source: sourceRange, key: keyRange, uid: uidRange,
        keyPrefixCount: key.prefixCount))
  }

  /// Queues a row whose key and id the reading thread built (see ``ImportKeyBatch``): they
  /// are copied, not built again.
  mutating func append(
    typeID: Int64, amount: Double, caffeine: Double = 0, milliseconds: Int64, note: String?,
    source: String? = nil, prepared: ImportKeyBatch.Key
  ) {
    let (noteRange, sourceRange) = appendText(note: note, source: source)
    let entry = prepared.entry
    let keyStart = bytes.count
    bytes.append(contentsOf: prepared.bytes[entry.key])
    let keyRange = keyStart..<bytes.count
    var uidRange: Range<Int>?
    if let uid = entry.uid {
      bytes.append(contentsOf: prepared.bytes[uid])
      uidRange = keyRange.upperBound..<bytes.count
    }
    rows.append(
      Row(
        typeID: typeID, amount: amount, caffeine: caffeine, milliseconds: milliseconds,
        note: noteRange, source: sourceRange, key: keyRange, uid: uidRange,
        keyPrefixCount: entry.prefixCount))
  }

  private mutating func appendText(note: String?, source: String?) -> (Range<Int>?, Range<Int>?) {
    var noteRange: Range<Int>?
    if let note {
      let noteStart = bytes.count
      bytes.append(contentsOf: note.utf8)
      noteRange = noteStart..<bytes.count
    }
    var sourceRange: Range<Int>?
    if let source {
      let sourceStart = bytes.count
      bytes.append(contentsOf: source.utf8)
      sourceRange = sourceStart..<bytes.count
    }
    return (noteRange, sourceRange)
  }

  mutating func removeAll() {
    rows.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
  }
}
