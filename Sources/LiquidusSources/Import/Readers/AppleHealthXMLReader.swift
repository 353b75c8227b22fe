import Foundation
import LiquidusModel

/// Streams an Apple Health `export.xml` (plain or from the zip) into ``ReaderEvent``s.
///
/// A small hand-written scanner instead of `XMLParser`: FoundationXML crashes on the DTD of
/// every real export on Linux, and a byte scanner that looks only at what it needs is several
/// times faster. It reads the document's structure (declaration, DTD, comments, CDATA, start
/// and end tags) but not character data, which Health exports do not use.
///
/// - Records directly inside `<HealthData>` become events; Records nested in a `Correlation`
///   repeat top-level ones (the export's own DTD says so) and are not emitted again. A Food
///   correlation holding both a water and a caffeine record becomes one `.food` event, so that
///   the caffeine is counted as the drink's own rather than as a second intake.
/// - Any `<!ENTITY` in the DTD stops the import: nothing is ever expanded.
final class AppleHealthXMLReader: RecordReader, SkippedRecordCounting {
  let format = ImportFormat.appleHealth
  var bytesRead: Int64 { window.source.bytesRead }
  var totalBytes: Int64? { window.source.totalBytes }

  let window: ByteWindow
  /// Number of open elements; records are emitted at depth 1 (children of the root).
  @exclusivity(unchecked) private var depth = 0  // one thread, no re-entrance: skip checks
  private var sawRoot = false
  private var rootClosed = false
  private let types = StringInterner()
  private let sources = StringInterner()
  var countsSkippedRecords = false
  /// Skipped records by their type (Records, Correlations) and other elements by their name,
  /// while ``countsSkippedRecords``.
  private let skippedTypes = SkippedTypeTally()
  private let skippedElements = SkippedTypeTally()
  /// Inside a Food correlation, its water and caffeine records. A plain flag guards them: the
  /// scanner asks at every tag, and reading the records themselves there would copy them.
  private var inFood = false
  private var foodDrink: ImportedRecord?
  private var foodCaffeine: ImportedRecord?

  init(source: ByteSource) {
    window = ByteWindow(source: source)
  }

  func next() throws(ImportError) -> ReaderEvent? {
    while true {
      let w = window
      let base = w.base
      guard
        let hit = w.start < w.end ? memchr(base + w.start, 0x3C, w.end - w.start) : nil
      else {
        w.start = w.end  // character data between tags: never needed
        if try !w.refill() { return try finish() }
        continue
      }
      let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      w.start = at
      switch try token(at: at) {
      case .incomplete:
        let wasAtEnd = w.atEOF
        if try !w.refill() {
          // A skipped record waits for the next tag (XMLRecordSkip); the data has just ended,
          // so the tag is looked at once more, knowing that, and scanned in full.
          if !wasAtEnd { continue }
          // `refill` moved the unfinished tag to the front: `at` is stale, `start` is the tag.
          throw malformed(at: w.start, "the file ends inside a tag; it is probably truncated")
        }
      case .consumed(let event):
        if let event { return event }
      }
    }
  }

  enum Step {
    case incomplete
    case consumed(ReaderEvent?)
  }

  /// Handles the markup starting with `<` at `at`, advancing `window.start` past it.
  private func token(at: Int) throws(ImportError) -> Step {
    let base = window.base
    let end = window.end
    guard at + 1 < end else { return .incomplete }
    switch base[at + 1] {
    case UInt8(ascii: "?"):
      return skip(from: at, through: "?>")
    case UInt8(ascii: "!"):
      return try declaration(at: at)
    case UInt8(ascii: "/"):
      guard let hit = memchr(base + at, 0x3E, end - at) else { return .incomplete }
      depth -= 1
      if depth < 0 { throw malformed(at: at, "an end tag without a matching start tag") }
      if depth == 0 { rootClosed = true }
      window.start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
      if inFood && depth == 1 {
        inFood = false
        defer { (foodDrink, foodCaffeine) = (nil, nil) }
        if let drink = foodDrink, let caffeine = foodCaffeine {
          return .consumed(.food(drink: drink, caffeine: caffeine))
        }
      }
      return .consumed(nil)
    default:
      if depth == 1 {
        switch XMLRecordSkip.look(
          base, from: at, end: end, atEndOfData: window.atEOF,
          wanted: { IntakeKind(type: $0) != nil })
        {
        case .incomplete:
          return .incomplete
        case .skip(let type, let tagEnd, let selfClosing):
          let event = skippedRecord(type)
          if !selfClosing { depth += 1 }
          window.start = tagEnd
          return .consumed(event)
        case .scanInFull:
          break
        }
      }
      let keep = depth == 1 || (depth == 2 && inFood)
      let scan = XMLStartTag.scan(base, from: at, end: end) { name in
        keep && (name.equals("Record") || name.equals("Correlation") || name.equals("Workout"))
      }
      switch scan {
      case .incomplete:
        return .incomplete
      case .malformed(let reason):
        throw malformed(at: at, reason)
      case .tag(let tag):
        let event = try startTag(tag, at: at)
        if !tag.selfClosing { depth += 1 }
        window.start = tag.end
        return .consumed(event)
      }
    }
  }

  private func startTag(_ tag: XMLStartTag, at: Int) throws(ImportError) -> ReaderEvent? {
    if depth == 0 {
      if rootClosed { throw malformed(at: at, "an element after the end of </HealthData>") }
      guard tag.name.equals("HealthData") else {
        throw .notAHealthExport(path: window.path, rootElement: tag.name.string)
      }
      sawRoot = true
      return nil
    }
    if depth == 2, inFood, tag.name.equals("Record") {
      // A copy of a top-level record: remembered for the link, never emitted itself (nor
      // counted when it is of another type: the top-level one is).
      guard let type = tag.type, IntakeKind(type: type) != nil else { return nil }
      if case .record(let nested) = record(tag, at: at) {
        switch nested.content {
        case .drink: foodDrink = nested
        case .caffeine: foodCaffeine = nested
        case .workout: break
        }
      }
      return nil
    }
    guard depth == 1 else { return nil }
    if tag.name.equals("Record") { return record(tag, at: at) }
    if tag.name.equals("Workout") { return workout(tag, at: at) }
    if tag.name.equals("ExportDate") || tag.name.equals("Me") { return nil }
    if tag.name.equals("Correlation"), let type = tag.type {
      if !tag.selfClosing && type.equals("HKCorrelationTypeIdentifierFood") { inFood = true }
      return skippedRecord(type)
    }
    if countsSkippedRecords {
      skippedElements.count(tag.name) { $0.string }
      return .skipped(recordType: "")
    }
    return .skipped(recordType: types.string(for: tag.name) { $0.string })
  }

  func takeSkippedCounts() -> [String: Int] {
    skippedTypes.take().merging(skippedElements.take(), uniquingKeysWith: +)
  }

  /// A Record or Correlation of `type`, which is not imported.
  private func skippedRecord(_ type: ByteSpan) -> ReaderEvent {
    guard countsSkippedRecords else { return .skipped(recordType: internedType(type)) }
    skippedTypes.count(type) { span in (try? XMLText.decode(span)) ?? span.string }
    return .skipped(recordType: "")
  }

  private func record(_ tag: XMLStartTag, at: Int) -> ReaderEvent {
    guard let type = tag.type else {
      return .rejected(line: window.line(at: at), reason: "Record has no type attribute")
    }
    guard let kind = IntakeKind(type: type) else { return skippedRecord(type) }
    let line = window.line(at: at)
    let source: String?
    do throws(XMLText.Failure) {
      source = try tag.sourceName.map { span throws(XMLText.Failure) in
        try sources.string(for: span) { span throws(XMLText.Failure) in try XMLText.decode(span) }
      }
      return try withDecoded(tag.value) { value throws(XMLText.Failure) in
        try withDecoded(tag.unit) { unit throws(XMLText.Failure) in
          try withDecoded(tag.startDate) { date in
            HealthRecordBuilder.event(
              kind: kind, value: value, unit: unit, startDate: date, sourceName: source,
              line: line)
          }
        }
      }
    } catch {
      return .rejected(line: line, reason: "\(kind.shortName) record: \(error.message)")
    }
  }

  /// A `<Workout>`: its activity, start and minutes (its duration, else its end minus its
  /// start).
  private func workout(_ tag: XMLStartTag, at: Int) -> ReaderEvent {
    let line = window.line(at: at)
    do throws(XMLText.Failure) {
      let source = try tag.sourceName.map { span throws(XMLText.Failure) in
        try sources.string(for: span) { span throws(XMLText.Failure) in try XMLText.decode(span) }
      }
      let activity = try tag.type.map { span throws(XMLText.Failure) in try XMLText.decode(span) }
      let unit = try tag.unit.map { span throws(XMLText.Failure) in try XMLText.decode(span) }
      // Numbers and dates hold no entities; one that does is not a number or a date.
      return WorkoutRecordBuilder.event(
        activity: activity, duration: tag.value, unit: unit, start: tag.startDate,
        end: tag.endDate, sourceName: source, line: line)
    } catch {
      return .rejected(line: line, reason: "Workout: \(error.message)")
    }
  }

  private func internedType(_ span: ByteSpan) -> String {
    types.string(for: span) { span in (try? XMLText.decode(span)) ?? span.string }
  }

  /// Runs `body` on the span, or on its entity-decoded copy in the rare case it has entities.
  private func withDecoded<T>(
    _ span: ByteSpan?, _ body: (ByteSpan?) throws(XMLText.Failure) -> T
  ) throws(XMLText.Failure) -> T {
    guard let span, !XMLText.isPlain(span) else { return try body(span) }
    var bytes = try XMLText.decodeBytes(span)
    bytes.append(0)  // never empty, so the buffer always has a base address
    let result: Result<T, XMLText.Failure> = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return .failure(.undefinedEntity("")) }
      do throws(XMLText.Failure) {
        return .success(try body(ByteSpan(base, buffer.count - 1)))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private func finish() throws(ImportError) -> ReaderEvent? {
    if !sawRoot {
      if window.source.bytesRead == 0 { throw .emptyFile(path: window.path) }
      throw malformed(at: window.end, "no <HealthData> element")
    }
    if depth > 0 {
      throw malformed(
        at: window.end, "the file ends before </HealthData>; it is probably truncated")
    }
    return nil
  }

  func malformed(at offset: Int, _ reason: String) -> ImportError {
    .malformedXML(path: window.path, line: window.line(at: offset), reason: reason)
  }
}
