import Foundation
import LiquidusAnalysis
import LiquidusModel

/// What a change is measured against, in the same words in the table, the spoken summary and
/// the words beside the charts: a period in progress is compared with the same part of the
/// previous one (a day with yesterday until the same time), and a start within the compared
/// days makes it a comparison a day.
enum ComparisonWords {
  /// `against its first 3 days (1.9 L)`, `against yesterday until 10:00 (1.2 L)`, `a day,
  /// counted from the first entry`, or nil when the whole previous period is compared total
  /// for total.
  static func qualifier(_ previous: PreviousPeriod, _ formatter: VolumeFormatter) -> String? {
    var parts: [String] = []
    let total = previous.comparedTotal.map { " (\(formatter.string($0)))" } ?? ""
    if let days = previous.comparedDays {
      parts.append("against its first \(SummaryTable.days(days))\(total)")
    }
    if let until = previous.comparedUntil {
      parts.append("against \(yesterdayUntil(until, previous.period))\(total)")
    }
    if previous.isPerDay { parts.append("a day, counted from the first entry") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// `the first 3 days of the previous week`, `yesterday until 10:00`, or `the previous week`
  /// when all of it is compared.
  static func spokenTarget(_ previous: PreviousPeriod, kind: PeriodKind) -> String {
    if let until = previous.comparedUntil { return yesterdayUntil(until, previous.period) }
    let name = "the previous \(SpokenSummary.kindName(kind))"
    guard let days = previous.comparedDays else { return name }
    return "the first \(SpokenSummary.count(days, "day")) of \(name)"
  }

  /// `yesterday until 10:00` (or `10:00 AM`), the time as the clock style writes times.
  static func yesterdayUntil(_ until: Date, _ yesterday: Period) -> String {
    "yesterday until \(ClockText.time(until, in: yesterday.context))"
  }

  /// `Counted from the first entry on Thursday, Nov 12th.` when the person started inside the
  /// period, so that a reader knows the days before it are not zeros; nil otherwise.
  static func startSentence(_ report: TrendReport) -> String? {
    guard let first = report.firstDay, report.period.contains(first.interval.start),
      report.days.first.map({ $0.day != first }) ?? false
    else { return nil }
    return "Counted from the first entry on \(Period.day(first).spokenBucketLabel)."
  }
}
