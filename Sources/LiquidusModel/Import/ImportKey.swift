import Foundation

/// The text that identifies one imported record, which is what makes an import idempotent: a
/// drink's entry id is derived from it (`drink.uid`, unique; see ``EntryUID``), and a caffeine
/// record keeps it in `caffeine.import_key` (unique).
///
/// A key is made from what the record says, never from where it sits in the file:
///
///     d|1723020480000|371117|water|cronometer|1
///     c|1741532400000|95500||waterminder|1
///
/// - kind: `d` for a drink, `c` for caffeine;
/// - the instant in milliseconds since 1970 (UTC), so the offset a file writes it in does not
///   matter;
/// - the amount in thousandths of a millilitre (or milligram), rounded, so `12 fl_oz_us` and
///   `354.882 mL` written by another tool agree and floating-point noise does not split keys;
/// - the drink type as the *file* names it (case- and width-folded, empty for caffeine), not
///   the type it was mapped to, so a re-import with another `--type-map` adds nothing;
/// - the source app's name (folded; empty when the format has none);
/// - the occurrence: the n-th record of the file with all of the above identical gets `n`, so
///   two identical WaterMinder rows stay two drinks, and importing the file again finds both.
///
/// Notes and line numbers are left out on purpose: an edited note or a re-ordered file is the
/// same drink. The same record read from `export.xml` and from a converter CSV gets the same
/// key (same instant, amount, type `Water` and `sourceName`), so importing both adds it once.
///
/// Text rather than a hash: it reads plainly in the sqlite3 shell, cannot collide, and starts
/// with the kind and instant, so keys of a time-ordered export arrive almost in index order.
/// `|` and `%` inside names are percent-escaped so that fields cannot run into each other.
package struct ImportKey {
  /// The key's bytes, valid until the next ``build(kind:milliseconds:amount:typeKey:sourceKey:)``.
  package private(set) var bytes: [UInt8] = []
  /// Where the occurrence number starts, so ``setOccurrence(_:)`` can rewrite it in place.
  package private(set) var prefixCount = 0

  package init() { bytes.reserveCapacity(128) }

  /// Builds the key of occurrence 1.
  package mutating func build(
    kind: UInt8, milliseconds: Int64, amount: Double, typeKey: [UInt8], sourceKey: [UInt8]
  ) {
    bytes.removeAll(keepingCapacity: true)
    bytes.append(kind)
    bytes.append(Self.separator)
    CivilTime.digits(milliseconds, 1, &bytes)
    bytes.append(Self.separator)
    CivilTime.digits(Self.thousandths(amount), 1, &bytes)
    bytes.append(Self.separator)
    bytes.append(contentsOf: typeKey)
    bytes.append(Self.separator)
    bytes.append(contentsOf: sourceKey)
    bytes.append(Self.separator)
    prefixCount = bytes.count
    bytes.append(UInt8(ascii: "1"))
  }

  /// Starts again from a key built earlier: `prefix` is that key without its occurrence number.
  package mutating func load(prefix: ArraySlice<UInt8>) {
    bytes.removeAll(keepingCapacity: true)
    bytes.append(contentsOf: prefix)
    prefixCount = bytes.count
    bytes.append(UInt8(ascii: "1"))
  }

  /// Rewrites the occurrence number.
  package mutating func setOccurrence(_ occurrence: Int) {
    bytes.removeSubrange(prefixCount...)
    CivilTime.digits(Int64(occurrence), 1, &bytes)
  }

  /// The key as a String, for messages and tests.
  package var string: String { String(decoding: bytes, as: UTF8.self) }

  private static let separator = UInt8(ascii: "|")

  /// The amount in thousandths, rounded half away from zero; clamped so absurd values cannot
  /// trap (they are rejected before they get here, but the key must never crash).
  package static func thousandths(_ amount: Double) -> Int64 {
    let scaled = (amount * 1000).rounded()
    guard scaled.isFinite else { return 0 }
    return Int64(max(min(scaled, 9e18), -9e18))
  }

  /// A name as it goes into a key: folded like drink type names, with `|` and `%` escaped.
  package static func nameKey(_ name: String?) -> [UInt8] {
    guard let name else { return [] }
    var bytes: [UInt8] = []
    for byte in DrinkType.nameKey(name).utf8 {
      switch byte {
      case UInt8(ascii: "|"): bytes.append(contentsOf: Array("%7C".utf8))
      case UInt8(ascii: "%"): bytes.append(contentsOf: Array("%25".utf8))
      default: bytes.append(byte)
      }
    }
    return bytes
  }
}
