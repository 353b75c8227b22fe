import Foundation

/// The stable id every entry carries (`drink.uid`), the same on every device that has the
/// entry, so that `liquidus merge` can tell one entry from another across databases.
///
/// Lowercase UUID text, `xxxxxxxx-xxxx-Mxxx-Nxxx-xxxxxxxxxxxx`. A typed entry gets a random one
/// (version 4). An imported entry's id is derived from its import key (version 8, the first 16
/// bytes of the key's SHA-256), so the same Apple Health record imported on two devices is one
/// entry after a merge, not two. Its first 48 bits are the record's instant in milliseconds
/// (read from the key), so that the ids of a large import are written into their unique index
/// in about time order, as the rows are: purely random ids landed all over the index, and every
/// batch rewrote most of its pages (a 1M-record import took twice as long).
public enum EntryUID {
  /// Whether `text` is an entry id as Liquidus writes them: 36 characters of lowercase hex
  /// digits and dashes. Anything else did not come from a Liquidus database or export.
  public static func isWellFormed(_ text: String) -> Bool {
    text.utf8.count == 36
      && text.utf8.allSatisfy {
        $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x66).contains($0)
      }
  }

  /// A new random id, for an entry typed in: version 4, from the system's random source.
  /// Formatted here rather than through Foundation's `UUID`, whose text is uppercase and which
  /// `log` would otherwise load for this alone.
  public static func random() -> String {
    // Two draws of 64 bits: each is a call into the kernel's random source.
    var generator = SystemRandomNumberGenerator()
    let words: [UInt64] = [generator.next(), generator.next()]
    var bytes = (0..<16).map { UInt8(truncatingIfNeeded: words[$0 / 8] >> (8 * ($0 % 8))) }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    return String(decoding: text(ofBytes: bytes), as: UTF8.self)
  }

  /// The id of the entry imported under `importKey`.
  public static func forImportKey(_ importKey: String) -> String {
    String(decoding: text(forImportKey: Array(importKey.utf8)), as: UTF8.self)
  }

  /// ``forImportKey(_:)`` as the 36 bytes of its text, from the key's bytes.
  package static func text(forImportKey key: [UInt8]) -> [UInt8] {
    text(ofBytes: bytes(forImportKey: key))
  }

  /// The 16 bytes of ``forImportKey(_:)``'s id, from the key's bytes: what `drink.uid` holds.
  package static func bytes(forImportKey key: [UInt8]) -> [UInt8] {
    var maker = ImportIDMaker()
    var bytes: [UInt8] = []
    key.withUnsafeBufferPointer { maker.append(idForImportKey: $0, to: &bytes) }
    return bytes
  }

  /// Makes the ids of imported entries one after another without allocating for each: an
  /// import makes one for every drink it reads.
  package struct ImportIDMaker {
    private var hasher = SHA256.Hasher()

    package init() {}

    /// Appends the 16 bytes of the id of the entry imported under `key` to `output`.
    package mutating func append(
      idForImportKey key: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
    ) {
      let start = output.count
      hasher.digest(of: EntryUID.importPrefix, key, keeping: 16, appendingTo: &output)
      EntryUID.finish(
        &output, at: start, leadingMilliseconds: EntryUID.milliseconds(ofImportKey: key))
    }
  }

  private static let importPrefix = Array("import:".utf8)

  /// The instant field of an import key (`d|1723020480000|...`), if it has one.
  static func milliseconds(ofImportKey key: UnsafeBufferPointer<UInt8>) -> UInt64? {
    var value: UInt64 = 0
    var digits = 0
    guard let bar = key.firstIndex(of: UInt8(ascii: "|")) else { return nil }
    for byte in key[(bar + 1)...] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { break }
      value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
      digits += 1
    }
    return digits > 0 ? value : nil
  }

  /// Makes the 16 digest bytes at `start` of `bytes` an id: the first six replaced by
  /// `leadingMilliseconds` (big-endian) when given, then the version (8) and variant bits.
  private static func finish(_ bytes: inout [UInt8], at start: Int, leadingMilliseconds: UInt64?) {
    if let milliseconds = leadingMilliseconds {
      for index in 0..<6 {
        bytes[start + index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * index))
      }
    }
    bytes[start + 6] = bytes[start + 6] & 0x0F | 0x80
    bytes[start + 8] = bytes[start + 8] & 0x3F | 0x80
  }

  /// A name-based id: version 8 with the first 16 bytes of SHA-256 of `name`.
  static func named(_ name: String) -> String {
    var bytes = Array(SHA256.digest(Array(name.utf8)).prefix(16))
    finish(&bytes, at: 0, leadingMilliseconds: nil)
    return String(decoding: text(ofBytes: bytes), as: UTF8.self)
  }

  /// The id's text (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lowercase) from its 16 bytes, as
  /// `drink.uid` stores it.
  package static func text(ofBytes bytes: some Collection<UInt8>) -> [UInt8] {
    var text = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
    var at = 0
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { at += 1 }
      text[at] = hexDigits[Int(byte >> 4)]
      text[at + 1] = hexDigits[Int(byte & 0x0F)]
      at += 2
    }
    return text
  }

  /// The 16 bytes of a well-formed id's text (see ``isWellFormed(_:)``), nil for any other text.
  package static func bytes(ofText text: String) -> [UInt8]? {
    guard text.utf8.count == 36 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    var high: UInt8?
    for (offset, character) in text.utf8.enumerated() {
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard character == UInt8(ascii: "-") else { return nil }
        continue
      }
      let digit: UInt8
      switch character {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = character - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = character - UInt8(ascii: "a") + 10
      default: return nil
      }
      if let first = high {
        bytes.append(first << 4 | digit)
        high = nil
      } else {
        high = digit
      }
    }
    return bytes
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// The id an entry of a database from before ids (schema v4 or older) gets when it is upgraded:
  /// derived from what it holds and its row id, so two copies of one old database (a file
  /// copied to a second device before upgrading) give their shared, unchanged entries the same
  /// ids, and a merge of the two does not double them. An entry changed on one copy only gets
  /// another id there: both versions are kept, never merged into one.
  /// The id of an entry stored without one (from before ids, or added by hand in the sqlite3
  /// shell): its import key's when it has one, else the upgraded entry's.
  public static func forStoredEntry(
    importKey: String?, rowID: Int64, typeKey: String, milliliters: Double, utc: String,
    note: String?
  ) -> String {
    importKey.map(forImportKey)
      ?? forUpgradedEntry(
        rowID: rowID, typeKey: typeKey, milliliters: milliliters, utc: utc, note: note)
  }

  static func forUpgradedEntry(
    rowID: Int64, typeKey: String, milliliters: Double, utc: String, note: String?
  ) -> String {
    named("v3:\(rowID)|\(typeKey)|\(milliliters)|\(utc)|\(note ?? "")")
  }
}
