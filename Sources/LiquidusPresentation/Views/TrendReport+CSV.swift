import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusSources

extension TrendReport {
  /// One row per bucket and type, ready for a spreadsheet: the bucket's start, end and label,
  /// the type, its amount (millilitres to 0.01 mL), its share of the bucket, the bucket's total and
  /// whether a day bucket reached the goal.
  public func csv() -> String {
    let formatter = MachineVolume()
    let zone = period.context.timeZone
    var lines = [
      CSVField.line([
        "bucket_start", "bucket_end", "bucket", "drink", "amount", "unit", "share_of_bucket",
        "bucket_total", "goal_met",
      ])
    ]
    for bucket in buckets {
      for type in types {
        let amount = bucket.byType[type.id] ?? .zero
        lines.append(
          CSVField.line([
            ClockText.iso8601(bucket.period.interval.start, timeZone: zone),
            ClockText.iso8601(bucket.period.interval.end, timeZone: zone),
            bucket.period.description, type.name,
            EntryListing.plain(formatter.value(amount)), MachineVolume.unit,
            EntryListing.plain(Self.percent(bucket.share(of: type.id))),
            EntryListing.plain(formatter.value(bucket.total)),
            bucket.goalMet.map { $0 ? "yes" : "no" } ?? "",
          ]))
      }
    }
    return lines.joined(separator: "\n")
  }
}
