/// The import keys (see ``ImportKey``) and entry ids of a batch of records, in one byte buffer.
///
/// Built on an import's reading thread, so that the writing thread, the slower of the two,
/// only copies each record's key and id into its statement: building them there (the names
/// folded, the digits written, SHA-256 for every drink's id) was a third of its CPU. One
/// buffer per batch crosses the threads with one reference, instead of one array per record.
package struct ImportKeyBatch {
  /// Where one record's key and id are in ``bytes``.
  package struct Entry {
    /// The key of occurrence 1.
    package var key: Range<Int>
    /// The key's length without its occurrence number, to rebuild other occurrences.
    package var prefixCount: Int
    /// A drink's entry id, its 16 bytes (see ``EntryUID/bytes(forImportKey:)``); nil for
    /// caffeine, which keeps its key instead.
    package var uid: Range<Int>?
  }

  /// One record's key and id, as handed to the writer: the batch's buffer (shared, never
  /// copied) and where the record's bytes are in it.
  package struct Key {
    package let bytes: [UInt8]
    package let entry: Entry
  }

  package private(set) var bytes: [UInt8] = []
  package private(set) var entries: [Entry] = []

  package init() {}

  package subscript(index: Int) -> Key { Key(bytes: bytes, entry: entries[index]) }

  /// Appends the key of occurrence 1 that `key` holds, with the drink's id when `withUID`.
  mutating func append(_ key: ImportKey, withUID: Bool, ids: inout EntryUID.ImportIDMaker) {
    let start = bytes.count
    bytes.append(contentsOf: key.bytes)
    let keyRange = start..<bytes.count
    var uid: Range<Int>?
    if withUID {
      key.bytes.withUnsafeBufferPointer { ids.append(idForImportKey: $0, to: &bytes) }
      uid = keyRange.upperBound..<bytes.count
    }
    entries.append(Entry(key: keyRange, prefixCount: key.prefixCount, uid: uid))
  }

  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
  }
}
