import Foundation

/// Turns wall-clock readings without an offset into instants in one time zone.
///
/// Rules at DST changes: a repeated hour (fall back) maps to its first occurrence; a skipped
/// hour (spring forward) moves forward by the gap, as `Calendar` does. The offset of each
/// local day is cached when it does not change within the day, so most rows cost a dictionary
/// lookup instead of time-zone database queries.
final class LocalTimeConverter {
  let timeZone: TimeZone
  private var dayOffsets: [Int64: Int] = [:]

  init(timeZone: TimeZone) { self.timeZone = timeZone }

  func instant(localSeconds: Int64, fraction: Double = 0) -> Date {
    let day = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
    if let offset = dayOffsets[day] {
      return Date(timeIntervalSince1970: Double(localSeconds - Int64(offset)) + fraction)
    }
    if let offset = constantOffset(localDay: day) {
      dayOffsets[day] = offset
      return Date(timeIntervalSince1970: Double(localSeconds - Int64(offset)) + fraction)
    }
    return Date(timeIntervalSince1970: Double(resolve(localSeconds)) + fraction)
  }

  private func offset(at seconds: Int64) -> Int {
    timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
  }

  /// The offset if it holds for every instant that some wall-clock time of the day can be.
  private func constantOffset(localDay: Int64) -> Int? {
    // Offsets lie within ±18 h, so the day's instants lie in this window.
    let from = localDay * 86_400 - 18 * 3600
    let to = (localDay + 1) * 86_400 + 18 * 3600
    let first = offset(at: from)
    guard offset(at: to) == first else { return nil }
    let start = Date(timeIntervalSince1970: Double(from))
    if let change = timeZone.nextDaylightSavingTimeTransition(after: start),
      change.timeIntervalSince1970 < Double(to)
    {
      return nil
    }
    return first
  }

  /// A transition day: try the offsets of the day before and after; of the readings that
  /// exist, take the earlier instant; if none exists (the gap), keep the earlier offset.
  private func resolve(_ local: Int64) -> Int64 {
    let before = Int64(offset(at: local - 86_400))
    let after = Int64(offset(at: local + 86_400))
    var best: Int64?
    for candidateOffset in [before, after] {
      let candidate = local - candidateOffset
      if Int64(offset(at: candidate)) == candidateOffset {
        best = min(best ?? candidate, candidate)
      }
    }
    return best ?? local - before
  }
}
