import Foundation
import LiquidusAnalysis
import LiquidusModel

/// `summary --format table`: one row per bucket, one column per drink type, a total column and a
/// goal mark, then totals, shares, averages, streaks and the change against the previous period.
public struct SummaryTable: Sendable {
  /// The report to print.
  public var report: TrendReport
  /// Whether to use ANSI colour (only on a terminal without `NO_COLOR`).
  public var useColor: Bool

  /// Creates the table for `report`.
  public init(report: TrendReport, useColor: Bool) {
    self.report = report
    self.useColor = useColor
  }

  /// The table and the lines under it.
  public func render() -> String {
    let settings = report.settings
    let formatter = VolumeFormatter(
      unit: settings.displayUnit, locale: report.period.context.locale)
    let bucketName = Self.bucketName(report.period)
    // Where a hydration factor makes them differ, what counts toward the goal has its column.
    // A limit counts every drink whole: a period under limits only has no such column.
    let counted =
      report.hydrationDiffers && !report.targetsInForce.allSatisfy { $0.kind == .limit }
    var table = TextTable(
      header: [bucketName]
        + report.types.map { TerminalText.visible($0.name, keepingLineBreaks: false) }
        + ["Total"] + (counted ? ["Counted"] : []) + ["Goal"],
      alignments: [.left] + report.types.map { _ in .right } + [.right]
        + (counted ? [.right] : []) + [.left])
    for bucket in report.buckets {
      let cells = report.types.map { type in
        bucket.byType[type.id].map(formatter.number) ?? "-"
      }
      // A bucket still to come has no total yet, rather than a misleading zero.
      let total = bucket.isFuture ? "" : formatter.number(bucket.total)
      let countedCell =
        bucket.isFuture
        ? "" : formatter.number(bucket.goalKind == .limit ? bucket.total : bucket.hydration)
      table.rows.append(
        [bucket.period.shortLabel] + cells + [total] + (counted ? [countedCell] : [])
          + [goalMark(bucket)])
    }
    table.rows.append(
      ["Total"]
        + report.types.map { type in
          formatter.number(report.shares.first { $0.type.id == type.id }?.total ?? .zero)
        } + [formatter.number(report.total)]
        + (counted ? [formatter.number(report.hydration)] : []) + [""])
    table.rows.append(
      ["Share"]
        + report.types.map { type in
          Percent.text(report.shares.first { $0.type.id == type.id }?.share ?? 0, of: 1)
        } + ["", ""] + (counted ? [""] : []))

    var lines = [
      bold("\(report.period.description)") + "  (amounts in \(settings.displayUnit.rawValue))", "",
      table.render(), "",
    ]
    lines.append(contentsOf: footer(formatter).map { TerminalText.visible($0) })
    return lines.joined(separator: "\n")
  }

  private func footer(_ formatter: VolumeFormatter) -> [String] {
    let averages = report.averages
    let streaks = report.streaks
    var lines: [String] = []
    var average = "Average: \(formatter.string(averages.perDay)) a day"
    if let active = averages.perActiveDay, active != averages.perDay {
      average += ", \(formatter.string(active)) on days with entries"
    }
    let bucketsAreDays = report.buckets.count == report.days.count
    if ![.hour, .day].contains(report.period.kind) && !bucketsAreDays {
      let bucket = Self.bucketName(report.period).lowercased()
      average += ", \(formatter.string(averages.perBucket)) a \(bucket)"
    }
    lines.append(average)
    if !report.days.isEmpty {
      lines.append(
        "\(Self.targetWords(report.targetsInForce, formatter)) on \(streaks.goalDays) of "
          + "\(streaks.elapsedDays) days · "
          // The running streak is today's; it belongs only to a period that holds today.
          + Self.streakWords(streaks, current: report.period.isCurrent))
      // Over several days the goal named is the one set: say that exercise raised some.
      let raised = report.elapsedDays.filter { ($0.exercise?.extra.milliliters ?? 0) > 0 }
      if report.period.kind != .day, !raised.isEmpty {
        let extra = raised.reduce(0) { $0 + ($1.exercise?.extra.milliliters ?? 0) }
        lines.append(
          "Exercise raised the goal on \(SpokenSummary.count(raised.count, "day")) "
            + "(\(formatter.string(Volume(milliliters: extra))) in all)")
      }
    }
    if report.caffeine > 0 {
      let days = max(1, report.streaks.elapsedDays)
      lines.append(
        "Caffeine: \(CaffeineText.milligrams(report.caffeine, locale: report.period.context.locale))"
          + (days > 1
            ? ", \(CaffeineText.milligrams(report.caffeine / Double(days), locale: report.period.context.locale))"
              + " a day" : "")
          + " (limit \(CaffeineText.milligrams(report.settings.caffeineLimitMg, locale: report.period.context.locale))"
          + " a day)")
    }
    if let previous = report.previous {
      let nothing =
        previous.comparedUntil.map {
          "no entries \(ComparisonWords.yesterdayUntil($0, previous.period))"
        } ?? "no entries then"
      let change = previous.changePercent.map { Self.signedPercent($0) } ?? nothing
      let against =
        previous.changePercent == nil
        ? nil : ComparisonWords.qualifier(previous, formatter)
      lines.append(
        "Previous: \(previous.period.description) \(formatter.string(previous.total)) · change \(change)"
          + (against.map { " \($0)" } ?? ""))
    }
    if let trend = report.trend {
      let slope = VolumeFormatter(unit: formatter.unit, locale: report.period.context.locale)
        .string(Volume(milliliters: abs(trend.slopePerWeek.milliliters)))
      let sign = trend.slopePerWeek.milliliters < 0 ? "-" : "+"
      lines.append("Trend: \(trend.direction.rawValue) (\(sign)\(slope) a day per week)")
    }
    return lines
  }

  private func goalMark(_ bucket: BucketTotals) -> String {
    if !bucket.counts { return "" }
    if let met = bucket.goalMet, bucket.goalKind == .limit { return met ? green("✓") : "over" }
    if let met = bucket.goalMet { return met ? green("✓") : "" }
    if let goalDays = bucket.goalDays, let days = bucket.dayCount, days > 0 {
      return "\(goalDays)/\(days)"
    }
    return ""
  }

  /// `Goal 2,000 mL reached`, `Goal 2,000 mL then 2,500 mL reached`, `Limit 1,500 mL kept`,
  /// `Goal 2,000 mL then limit 1,500 mL met`.
  static func targetWords(_ targets: [DailyTarget], _ formatter: VolumeFormatter) -> String {
    let kinds = Set(targets.map(\.kind))
    let verb = kinds == [.limit] ? "kept" : kinds == [.goal] ? "reached" : "met"
    let text = targetList(targets, formatter) + " " + verb
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  /// `goal 2,000 mL then 2,500 mL`, `goal 2,000 mL then limit 1,500 mL`.
  static func targetList(_ targets: [DailyTarget], _ formatter: VolumeFormatter) -> String {
    var words: [String] = []
    for (index, target) in targets.enumerated() {
      // A day its exercise raised: `3,000 mL (2,500 + 500 mL for 60 min of running)`.
      let raised = WorkoutWords.raisedGoal(target, formatter).map { " (\($0))" } ?? ""
      let amount = formatter.string(target.amount) + raised
      let sameKind = index > 0 && targets[index - 1].kind == target.kind
      words.append(sameKind ? amount : "\(target.kind.rawValue) \(amount)")
    }
    return words.joined(separator: " then ")
  }

  /// What a period's buckets are called in the first column.
  static func bucketName(_ period: Period) -> String {
    switch period {
    case .hour, .day: "Hour"
    case .range(let range) where range.isShownByMonths: "Month"
    case .week, .month, .range: "Day"
    case .halfYear: "Week"
    case .year: "Month"
    }
  }

  static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

  /// `streak 3 days, longest here 4 days`; a running streak that began before the period is
  /// longer than any run inside it, so then its part inside is said instead (`streak 3 days,
  /// 2 of them here`) rather than a "longest" shorter than the streak. A past period has no
  /// running streak.
  static func streakWords(_ streaks: Streaks, current: Bool) -> String {
    guard current else { return "longest here \(days(streaks.longest))" }
    if streaks.current > streaks.longest {
      return "streak \(days(streaks.current)), \(streaks.longest) of them here"
    }
    return "streak \(days(streaks.current)), longest here \(days(streaks.longest))"
  }

  static func signedPercent(_ value: Double) -> String {
    let rounded = WholeNumber.of(value)
    return rounded > 0 ? "+\(rounded)%" : "\(rounded)%"
  }

  private func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  private func green(_ text: String) -> String { useColor ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
}
