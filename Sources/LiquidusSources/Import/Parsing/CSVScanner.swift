import Foundation

/// Splits a byte stream into RFC 4180 rows: quoted fields, doubled quotes, commas and line
/// breaks inside quotes, LF or CRLF row ends.
///
/// Fields are spans into the window, valid until the next ``nextRow()``; quoted fields are
/// unquoted in place, so no row costs an allocation. Blank lines are skipped. Lenient where
/// real files are sloppy: text after a closing quote is kept, a quote inside an unquoted field
/// is just a character.
final class CSVScanner {
  let window: ByteWindow
  // Field offsets and lengths in manually managed storage: array appends per field (with
  // their uniqueness and runtime exclusivity checks) cost more than the scanning itself.
  // `@exclusivity(unchecked)`: only this class's own non-reentrant methods touch them.
  @exclusivity(unchecked) private var starts: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) private var counts: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) private var fieldCapacity = 64
  @exclusivity(unchecked) private(set) var fieldCount = 0
  @exclusivity(unchecked) private var quotedFields = 0
  /// The 1-based line where the current row starts.
  @exclusivity(unchecked) private(set) var rowLine = 0

  init(source: ByteSource) {
    window = ByteWindow(source: source)
    starts = .allocate(capacity: fieldCapacity)
    counts = .allocate(capacity: fieldCapacity)
  }

  deinit {
    starts.deallocate()
    counts.deallocate()
  }

  func field(_ index: Int) -> ByteSpan {
    ByteSpan(window.base + starts[index], counts[index])
  }

  /// The field, or an empty span past the end of a short row.
  func fieldOrEmpty(_ index: Int?) -> ByteSpan? {
    guard let index, index < fieldCount else { return nil }
    return field(index)
  }

  /// The most fields one row may have. The widest real layout (Health Auto Export with every
  /// metric) has a few hundred columns; a row of millions of empty fields would otherwise cost
  /// 16 bytes of bookkeeping each, and a header of them a string each.
  static let maxFields = 4096

  /// Advances to the next non-blank row; false at the end of the file.
  /// - Throws: ``ImportError/tooManyFields(path:line:limit:)`` for a row wider than
  ///   ``maxFields``, and the window's errors (a row larger than its token limit).
  func nextRow() throws(ImportError) -> Bool {
    while true {
      switch scanRow() {
      case .incomplete:
        if try !window.refill() && window.start >= window.end { return false }
      case .blank:
        continue
      case .row:
        return true
      case .tooWide:
        throw .tooManyFields(
          path: window.path, line: window.line(at: window.start), limit: Self.maxFields)
      }
    }
  }

  private enum Scan { case incomplete, blank, row, tooWide }

  private func scanRow() -> Scan {
    let b = window.base
    let end = window.end
    let eof = window.atEOF
    fieldCount = 0
    quotedFields = 0
    let rowStart = window.start
    var i = rowStart
    if i >= end { return .incomplete }
    while true {
      let fieldStart = i
      var isQuoted = false
      if i < end && b[i] == UInt8(ascii: "\"") {
        isQuoted = true
        var j = i + 1
        while true {
          guard let hit = memchr(b + j, 0x22, end - j) else {
            if !eof { return .incomplete }
            j = end  // unterminated quote at the end of the file: keep what is there
            break
          }
          let q = b.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if q + 1 >= end && !eof { return .incomplete }
          if q + 1 < end && b[q + 1] == 0x22 {
            j = q + 2
            continue
          }
          j = q + 1
          break
        }
        i = j
      }
      while i < end {
        let c = b[i]
        if c == 0x2C || c == 0x0A || c == 0x0D { break }
        i += 1
      }
      if fieldCount == Self.maxFields { return .tooWide }
      if fieldCount == fieldCapacity { growFields() }
      starts[fieldCount] = fieldStart
      // A quoted field is marked by a negative length until it is unquoted below.
      counts[fieldCount] = isQuoted ? -(i - fieldStart) - 1 : i - fieldStart
      fieldCount += 1
      if isQuoted { quotedFields += 1 }
      if i >= end {
        if !eof { return .incomplete }
        break
      }
      let c = b[i]
      if c == 0x2C {
        i += 1
        continue
      }
      if c == 0x0D {
        if i + 1 < end {
          i += b[i + 1] == 0x0A ? 2 : 1
        } else if eof {
          i += 1
        } else {
          return .incomplete
        }
      } else {
        i += 1
      }
      break
    }
    window.start = i
    if fieldCount == 1 && counts[0] == 0 { return .blank }
    rowLine = window.line(at: rowStart)
    if quotedFields > 0 {
      // Count this row's line breaks before unquoting shifts bytes around.
      _ = window.line(at: i)
      for index in 0..<fieldCount where counts[index] < 0 { unquote(index) }
    }
    return .row
  }

  private func growFields() {
    let bigger = fieldCapacity * 2
    let newStarts = UnsafeMutablePointer<Int>.allocate(capacity: bigger)
    let newCounts = UnsafeMutablePointer<Int>.allocate(capacity: bigger)
    newStarts.update(from: starts, count: fieldCount)
    newCounts.update(from: counts, count: fieldCount)
    starts.deallocate()
    counts.deallocate()
    starts = newStarts
    counts = newCounts
    fieldCapacity = bigger
  }

  private func unquote(_ index: Int) {
    let b = window.base
    let start = starts[index]
    let end = start - counts[index] - 1
    var read = start + 1
    var write = start
    while read < end {
      let c = b[read]
      if c == 0x22 {
        if read + 1 < end && b[read + 1] == 0x22 {
          b[write] = 0x22
          write += 1
          read += 2
        } else {
          read += 1  // the closing quote
        }
      } else {
        b[write] = c
        write += 1
        read += 1
      }
    }
    counts[index] = write - start
  }
}
