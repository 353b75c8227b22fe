import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Fixed instants and contexts for period tests; nothing here reads the real clock or zone.
enum Fixture {
  /// The instant an ISO 8601 string with offset names, e.g. `2022-04-06T12:00:00Z`.
  static func instant(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Date
  {
    try #require(
      try? Date(text, strategy: .iso8601), "bad fixture \(text)", sourceLocation: sourceLocation)
  }

  /// A context in `zone` with `now` pinned.
  static func context(
    _ zone: String, now: String = "2026-11-20T14:03:00Z", firstWeekday: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CalendarContext {
    let timeZone = try #require(
      TimeZone(identifier: zone), "unknown zone \(zone)", sourceLocation: sourceLocation)
    return CalendarContext(
      now: try instant(now, sourceLocation: sourceLocation), timeZone: timeZone,
      firstWeekday: firstWeekday)
  }

  /// The zones the property tests draw from: DST, half-hour, 45-minute, skipped-day zones.
  static let zones = [
    "UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe",
    "Pacific/Apia", "Pacific/Chatham", "America/St_Johns",
  ]
}

extension DateInterval {
  /// Length in hours, for readable DST assertions.
  var hours: Double { duration / 3600 }
}
