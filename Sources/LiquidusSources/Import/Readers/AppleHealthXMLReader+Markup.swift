import Foundation

/// The markup the Apple Health reader steps over: declarations, comments, CDATA and the DTD.
extension AppleHealthXMLReader {
  /// Skips from `from` to just past the first `terminator` (e.g. `?>`, `-->`).
  func skip(from: Int, through terminator: StaticString) -> Step {
    guard let found = find(terminator, from: from) else { return .incomplete }
    window.start = found + terminator.utf8CodeUnitCount
    return .consumed(nil)
  }

  /// `<!--`, `<![CDATA[` or `<!DOCTYPE`.
  func declaration(at: Int) throws(ImportError) -> Step {
    if !has("<!--", at: at) || !has("<![CDATA[", at: at) || !has("<!DOCTYPE", at: at) {
      return .incomplete
    }
    if matches("<!--", at: at) { return skip(from: at + 4, through: "-->") }
    if matches("<![CDATA[", at: at) { return skip(from: at + 9, through: "]]>") }
    if matches("<!DOCTYPE", at: at) { return try doctype(at: at) }
    throw malformed(at: at, "unknown markup starting with '<!'")
  }

  /// Skips the DOCTYPE with its internal subset, refusing any entity declaration.
  ///
  /// The internal subset is scanned, not interpreted: quoted strings and comments are
  /// stepped over so that a `]` or `>` inside them cannot end it early.
  private func doctype(at: Int) throws(ImportError) -> Step {
    let base = window.base
    let end = window.end
    var i = at + 9
    var inSubset = false
    while i < end {
      let c = base[i]
      switch c {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard let hit = memchr(base + i + 1, Int32(c), end - i - 1) else { return .incomplete }
        i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
        continue
      case UInt8(ascii: "["):
        inSubset = true
      case UInt8(ascii: "]"):
        inSubset = false
      case UInt8(ascii: ">") where !inSubset:
        window.start = i + 1
        return .consumed(nil)
      case UInt8(ascii: "<") where inSubset:
        guard has("<!ENTITY", at: i) && has("<!--", at: i) else { return .incomplete }
        if matches("<!ENTITY", at: i) {
          throw ImportError.entityDeclarationRefused(path: window.path, line: window.line(at: i))
        }
        if matches("<!--", at: i) {
          guard let close = find("-->", from: i + 4) else { return .incomplete }
          i = close + 3
          continue
        }
      default:
        break
      }
      i += 1
    }
    return .incomplete
  }

  /// True when the window holds enough bytes after `at` to compare with `literal`.
  private func has(_ literal: StaticString, at: Int) -> Bool {
    at + literal.utf8CodeUnitCount <= window.end || window.atEOF
  }

  private func matches(_ literal: StaticString, at: Int) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard at + n <= window.end else { return false }
    return ByteSpan(window.base + at, n).equals(literal)
  }

  private func find(_ literal: StaticString, from: Int) -> Int? {
    let base = window.base
    let end = window.end
    let n = literal.utf8CodeUnitCount
    let first = Int32(literal.utf8Start[0])
    var i = from
    while i + n <= end, let hit = memchr(base + i, first, end - i) {
      let p = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      if p + n > end { return nil }
      if ByteSpan(base + p, n).equals(literal) { return p }
      i = p + 1
    }
    return nil
  }
}
