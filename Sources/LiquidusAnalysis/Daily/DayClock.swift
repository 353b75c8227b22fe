import Foundation
import LiquidusModel

/// The wall clock of one local day: which minute of the day an instant reads, without asking
/// the time zone once per entry.
///
/// Most days have one offset from start to end; then an instant's wall time is the instant
/// plus that offset. A day with a change (23 or 25 hours, a zone that moved its standard
/// time) asks the zone for each instant instead: there are a few such days a year.
struct DayClock {
  /// The day's first instant, in milliseconds since 1970.
  let start: Int64
  let end: Int64
  /// The offset at the day's start, in seconds.
  let startOffset: Int
  /// The wall-clock second (since 1970, as if UTC) of the local midnight the day's date has.
  private let midnight: Int64
  /// The offset of every instant of the day; nil when it changes within the day.
  private let constantOffset: Int?
  private let zone: TimeZone

  init(_ day: DateInterval, zone: TimeZone) {
    self.zone = zone
    start = day.start.millisecondsSince1970
    end = day.end.millisecondsSince1970
    startOffset = zone.secondsFromGMT(for: day.start)
    // A day may begin at 01:00 where clocks skip midnight; its date's midnight is still 00:00.
    let wallStart = Int64(day.start.timeIntervalSince1970.rounded(.down)) + Int64(startOffset)
    midnight = wallStart - Self.floorMod(wallStart, 86_400)
    let unchanged =
      zone.secondsFromGMT(for: day.end - 1) == startOffset
      && (zone.nextDaylightSavingTimeTransition(after: day.start) ?? .distantFuture) >= day.end
    constantOffset = unchanged ? startOffset : nil
  }

  /// Seconds since the day's local midnight that the wall clock reads at `milliseconds`; past
  /// 86,400 for an instant of a later day (read with that day's offset).
  func wallSecond(_ milliseconds: Int64) -> Int64 {
    let within = start <= milliseconds && milliseconds < end
    let offset =
      (within ? constantOffset : nil)
      ?? zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    return Self.floorDiv(milliseconds, 1000) + Int64(offset) - midnight
  }

  /// The wall-clock minute of the day at `milliseconds` (0-1439 within the day).
  func minute(_ milliseconds: Int64) -> Int {
    Int(Self.floorDiv(wallSecond(milliseconds), 60))
  }

  /// The day's length in hours: 24, 23 or 25 on a daylight-saving change, 23.5 or 24.5 where
  /// the change is half an hour.
  var hours: Double { Double(end - start) / 3_600_000 }

  static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  static func floorMod(_ value: Int64, _ divisor: Int64) -> Int64 {
    value - floorDiv(value, divisor) * divisor
  }
}
