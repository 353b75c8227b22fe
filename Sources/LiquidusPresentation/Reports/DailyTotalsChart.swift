import Foundation
import LiquidusAnalysis
import LiquidusModel

/// The daily line: each day's total as a point, the 7-day moving average as a line, and the goal
/// as a dashed line that steps where the goal changed (each day is judged against its own).
///
/// The average starts on the seventh day that counts: an average of fewer days would swing
/// at the start and look like a trend that is not there.
struct DailyTotalsChart {
  /// The report to draw.
  var report: TrendReport
  /// The canvas it is drawn on.
  var canvas: ChartCanvas = .report

  /// Days in the moving average.
  static let window = 7

  /// The chart's spec.
  func spec() -> ChartSpec {
    let title = "Daily totals, \(report.period.description)"
    let axis = DayAxis(
      days: report.days.map(\.day), context: report.period.context, narrow: canvas.isNarrow)
    var script = GnuplotScript(
      title: title, canvas: canvas, size: canvas.size(of: .daily, for: report.period.kind))
    let averages = movingAverages()
    let description = describe(averages)
    guard report.total.milliliters > 0 else {
      script.emptyMessage("No entries in \(report.period.description)")
      return ChartSpec(
        kind: .daily, title: title, description: description, script: script.text, data: [:])
    }

    let unit = report.settings.displayUnit
    var highest = report.days.map { $0.goal.converted(to: unit) }.max() ?? 0
    let rows = report.days.enumerated().map { index, day in
      // Days to come and days before the first entry are no points, not zeros.
      let total = day.counts ? day.total.converted(to: unit) : Double.nan
      let average = averages[index].map { $0.converted(to: unit) } ?? .nan
      if total.isFinite { highest = max(highest, total) }
      return "\(index) \(GnuplotScript.number(total)) \(GnuplotScript.number(average)) "
        + GnuplotScript.number(day.goal.converted(to: unit))
    }
    script.add("set xrange [-1:\(report.days.count)]")
    script.add("set yrange [0:\(GnuplotScript.number(highest * 1.1))]")
    script.add(axis.ticsCommand { $0 })
    let values = ValueAxis(unit: unit, top: highest * 1.1, locale: report.period.context.locale)
    script.add("set ylabel \(Markup.gnuplotString(values.name)) noenhanced")
    script.add("set grid ytics lc rgb '\(ChartStyle.grid)' dt 1")
    script.add(values.ticsCommand())
    script.add("set datafile missing 'NaN'")
    let pointColor = ChartStyle.progressPalette[3]
    let averageColor = "#D55E00"
    // The 7-day line only once it has a point (a week after the first entry): gnuplot warns
    // about a series without one, which fails the report, as in a new person's first week.
    let hasAverage = averages.contains { $0 != nil }
    var legend: [GnuplotScript.LegendEntry] = [
      .init(name: "Daily total", sample: .point(color: pointColor, type: 7))
    ]
    if hasAverage {
      legend.append(
        .init(name: "7-day average", sample: .line(color: averageColor, dash: 1, width: 3)))
    }
    legend.append(
      .init(
        name: report.isLimit ? "Daily limit" : "Daily goal",
        sample: .line(color: ChartStyle.ink, dash: ChartStyle.goalDash, width: 2)))
    script.legend(legend, axisSpace: 40)
    var plots = [
      "'daily.dat' using 1:2 with points pt 7 ps 1.2 lc rgb '\(pointColor)' title 'Daily total'"
    ]
    if hasAverage {
      plots.append(
        "'daily.dat' using 1:3 with lines lw 3 dt 1 lc rgb '\(averageColor)' title '7-day average'")
    }
    plots.append(
      "'daily.dat' using 1:4 with steps dt \(ChartStyle.goalDash) lw 2 "
        + "lc rgb '\(ChartStyle.ink)' title '\(report.isLimit ? "Limit" : "Goal")'")
    script.add("plot " + plots.joined(separator: ", \\\n     "))
    return ChartSpec(
      kind: .daily, title: title, description: description, script: script.text,
      data: ["daily.dat": rows.joined(separator: "\n") + "\n"])
  }

  /// The trailing 7-day average at each day, nil before the seventh day since the first entry
  /// (or the period's start) and for future days: days before the person started are not
  /// zeros that would drag the line up from nothing.
  func movingAverages() -> [Volume?] {
    var result: [Volume?] = []
    var window: [Double] = []
    for day in report.days {
      guard day.counts else {
        result.append(nil)
        continue
      }
      window.append(day.total.milliliters)
      if window.count > Self.window { window.removeFirst() }
      result.append(
        window.count == Self.window
          ? Volume(milliliters: window.reduce(0, +) / Double(Self.window)) : nil)
    }
    return result
  }

  /// "Line chart, Daily totals with 7-day moving average, 30 days: ..."
  private func describe(_ averages: [Volume?]) -> String {
    let unit = report.settings.displayUnit
    let locale = report.period.context.locale
    func say(_ volume: Volume) -> String { SpokenVolume.text(volume, unit: unit, locale: locale) }
    var text =
      "Line chart, Daily totals with 7-day moving average, "
      + SpokenSummary.count(report.days.count, "day")
    let elapsed = report.elapsedDays
    guard report.total.milliliters > 0,
      let highest = elapsed.max(by: { $0.total < $1.total }),
      let lowest = elapsed.min(by: { $0.total < $1.total })
    else {
      return text + ": no entries in \(report.period.accessibilityDescription)."
    }
    text +=
      ": \(say(report.averages.perDay)) a day on average; highest "
      + "\(say(highest.total)) on \(Period.day(highest.day).spokenBucketLabel), lowest "
      + "\(say(lowest.total)) on \(Period.day(lowest.day).spokenBucketLabel)."
    if let start = ComparisonWords.startSentence(report) { text += " " + start }
    let known = averages.compactMap { $0 }
    if let first = known.first, let last = known.last {
      text += " The 7-day average went from \(say(first)) to \(say(last))."
    }
    text +=
      " A dashed line marks the \(report.isLimit ? "limit" : "goal") of "
      + report.goalsInForce.map(say).joined(separator: ", then ") + " a day."
    return text
  }
}
