import Foundation
import LiquidusModel

/// The x axis of a bucket chart: what the buckets are called and which of them get a label.
///
/// Labels are thinned or shortened so that none overlaps at 900 pixels: every third hour of a
/// day, day numbers (every other one) for a month, every other week of a half-year, turned 45°.
struct BucketAxis {
  /// The period whose buckets lie along the axis.
  var period: Period
  /// A phone's canvas: fewer, shorter labels, so that they do not run into each other.
  var narrow = false

  /// "Days in week", "Weeks in half-year": the axis title and the start of a chart description.
  var name: String {
    switch period {
    case .hour, .day: "Hours in day"
    case .week: "Days in week"
    case .month: "Days in month"
    case .range(let range) where range.isShownByMonths: "Months in range"
    case .range: "Days in range"
    case .halfYear: "Weeks in half-year"
    case .year: "Months in year"
    }
  }

  /// The label under each bucket, or nil where it is left out to make room.
  func labels() -> [String?] {
    let buckets = period.buckets.isEmpty ? [period] : period.buckets
    let context = period.context
    let count = buckets.count
    return buckets.enumerated().map { index, bucket -> String? in
      let start = bucket.interval.start
      switch bucket.kind {
      case .hour:
        return index % (narrow ? 6 : 3) == 0 ? bucket.description : nil
      case .day where count <= 10 && narrow:
        // "Sun" over "15": a week's seven labels in 300 pixels.
        let weekday = FormatterCache.shared.string(from: start, template: "EEE", in: context)
        let date = FormatterCache.shared.string(from: start, template: "d", in: context)
        return "\(weekday)\n\(date)"
      case .day where period.kind == .month && narrow:
        return index % 7 == 0
          ? FormatterCache.shared.string(from: start, template: "MMMd", in: context) : nil
      case .day where count <= 10:
        // "Sun" over "Nov 15": two short lines instead of one long one.
        let weekday = FormatterCache.shared.string(from: start, template: "EEE", in: context)
        let date = FormatterCache.shared.string(from: start, template: "MMMd", in: context)
        return "\(weekday)\n\(date)"
      case .day where period.kind == .month:
        return count <= 16 || index % 2 == 0
          ? FormatterCache.shared.string(from: start, template: "d", in: context) : nil
      case .day:
        let every = max(1, Int((Double(count) / (narrow ? 5 : 14)).rounded(.up)))
        return index % every == 0
          ? FormatterCache.shared.string(from: start, template: "MMMd", in: context) : nil
      case .week:
        let every = narrow ? 4 : count > 14 ? 2 : 1
        return index % every == 0
          ? FormatterCache.shared.string(from: start, template: "MMMd", in: context) : nil
      case .month:
        let month = FormatterCache.shared.string(from: start, template: "MMM", in: context)
        let isJanuary = context.calendar.component(.month, from: start) == 1
        if narrow && index % 2 != 0 { return nil }
        guard index == 0 || isJanuary else { return month }
        let year = FormatterCache.shared.string(from: start, template: "y", in: context)
        return "\(month)\n\(year)"
      default:
        return bucket.shortLabel
      }
    }
  }

  /// Whether labels are turned 45°: only for weeks, whose dates are too wide to sit side by side.
  var rotatesLabels: Bool { period.kind == .halfYear }

  /// The `set xtics` command for the labels, at positions 0, 1, 2...
  func ticsCommand() -> String {
    let pairs = labels().enumerated().compactMap { index, label in
      label.map { "\(GnuplotScript.ticLabel($0)) \(index)" }
    }
    let rotation = rotatesLabels ? " rotate by 45 right" : ""
    return "set xtics (\(pairs.joined(separator: ", "))) scale 0 noenhanced\(rotation)"
  }
}
