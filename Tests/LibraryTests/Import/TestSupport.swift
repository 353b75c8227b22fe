import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// The hand-written files in `Tests/LibraryTests/Fixtures`.
enum ImportFixture {
  static func url(_ name: String) throws -> URL {
    let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return folder.appendingPathComponent(name)
  }
}

extension ImportOptions {
  /// Pacific time, where the fixtures' offset-less dates were written.
  static let losAngeles = ImportOptions(defaultTimeZone: zone("America/Los_Angeles"))
}

func zone(_ identifier: String) -> TimeZone {
  TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
}

/// Reads every event of `url`.
func readAll(
  _ url: URL, as format: ImportFormat, options: ImportOptions = .losAngeles
) throws(ImportError) -> [ReaderEvent] {
  let reader = try RecordReaders.open(url: url, format: format, options: options)
  var events: [ReaderEvent] = []
  while let event = try reader.next() { events.append(event) }
  return events
}

/// An instant written in ISO 8601 with an offset, e.g. `2025-03-09T07:30:00Z`.
func instant(_ text: String) -> Date {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  if let date = formatter.date(from: text) { return date }
  formatter.formatOptions = [.withInternetDateTime]
  guard let date = formatter.date(from: text) else {
    Issue.record("bad test date \(text)")
    return Date(timeIntervalSince1970: 0)
  }
  return date
}

extension [ReaderEvent] {
  var records: [ImportedRecord] {
    compactMap { if case .record(let record) = $0 { record } else { nil } }
  }
  var rejections: [(line: Int, reason: String)] {
    compactMap { if case .rejected(let line, let reason) = $0 { (line, reason) } else { nil } }
  }
  var skippedTypes: [String] {
    compactMap { if case .skipped(let type) = $0 { type } else { nil } }
  }
}

extension ImportedRecord {
  var milliliters: Double? {
    if case .drink(_, let ml) = content { ml } else { nil }
  }
  var drinkName: String? {
    if case .drink(let name, _) = content { name } else { nil }
  }
  var milligrams: Double? {
    if case .caffeine(let mg) = content { mg } else { nil }
  }
  var workout: (activity: String, minutes: Double)? {
    if case .workout(let activity, let minutes) = content { (activity, minutes) } else { nil }
  }
}

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String, contents: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try Data(contents.utf8).write(to: file)
    return file
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
