import Foundation
import LiquidusAnalysis
import LiquidusModel

/// The stacked bar chart: one bar per bucket, one layer per drink type, the goal as a dashed
/// line where it applies. Under a limit the line is the limit, and a bar past it carries the
/// word "over" above it, so the mark does not depend on colour.
///
/// Bars are drawn as boxes from precomputed bottoms and tops rather than with gnuplot's
/// histogram style, so each layer can be painted twice (colour, then hatch) and the goal can
/// follow buckets of different lengths (a 28-day February beside a 31-day March).
struct BarChart {
  /// The report to draw.
  var report: TrendReport
  /// The canvas it is drawn on.
  var canvas: ChartCanvas = .report

  /// The chart's spec.
  func spec() -> ChartSpec {
    let axis = BucketAxis(period: report.period, narrow: canvas.isNarrow)
    let unit = report.settings.displayUnit
    // The picture carries the whole title: on the page it is the chart's only one.
    let title = "Intake by drink, \(report.period.description)"
    var script = GnuplotScript(
      title: title, canvas: canvas, size: canvas.size(of: .bars, for: report.period.kind))
    let description = describe(axis)
    guard report.total.milliliters > 0 else {
      script.emptyMessage("No entries in \(report.period.description)")
      return ChartSpec(
        kind: .bars, title: title, description: description, script: script.text, data: [:])
    }

    var rows: [String] = []
    var highest = 0.0
    var overLimit: [(index: Int, top: Double)] = []
    for (index, bucket) in report.buckets.enumerated() {
      var columns = [String(index)]
      var bottom = 0.0
      for type in report.types {
        let top = bottom + (bucket.byType[type.id]?.converted(to: unit) ?? 0)
        columns += [GnuplotScript.number(bottom), GnuplotScript.number(top)]
        bottom = top
      }
      let goal = bucket.goal.map { $0.converted(to: unit) }
      columns.append(GnuplotScript.number(goal ?? .nan))
      highest = max(highest, bottom, goal ?? 0)
      if bucket.goalKind == .limit, let goal, bottom > goal, !bucket.isFuture {
        overLimit.append((index, bottom))
      }
      rows.append(columns.joined(separator: " "))
    }

    let count = report.buckets.count
    script.add("set xrange [-0.6:\(GnuplotScript.number(Double(count) - 0.4))]")
    script.add("set yrange [0:\(GnuplotScript.number(highest * 1.12))]")
    let values = ValueAxis(unit: unit, top: highest * 1.12, locale: report.period.context.locale)
    script.add(axis.ticsCommand())
    // Two-line tic labels (weekday over date, month over year) need the axis title lower.
    let twoLines = axis.labels().contains { $0?.contains("\n") ?? false }
    script.add(
      "set xlabel \(Markup.gnuplotString(axis.name)) noenhanced\(twoLines ? " offset 0,-0.8" : "")")
    script.add("set ylabel \(Markup.gnuplotString(values.name)) noenhanced")
    script.add("set grid ytics lc rgb '\(ChartStyle.grid)' dt 1")
    script.add(values.ticsCommand())
    for (number, bar) in overLimit.enumerated() {
      script.add(
        "set label \(900 + number) 'over' at \(bar.index),\(GnuplotScript.number(bar.top)) "
          + "center offset 0,0.7 front tc rgb '\(ChartStyle.ink)' noenhanced")
    }

    var plots: [String] = []
    var legend: [GnuplotScript.LegendEntry] = []
    let half = count > 20 ? 0.42 : 0.36
    for (index, type) in report.types.enumerated() {
      let low = 2 + index * 2
      let using =
        "using 1:(($\(low)+$\(low + 1))/2):($1-\(half)):($1+\(half)):\(low):\(low + 1)"
      plots.append(
        "'bars.dat' \(using) with boxxyerror fs solid 1 border lc rgb '#FFFFFF' "
          + "fc rgb '\(type.color.hex)' title \(Markup.gnuplotString(type.name)) noenhanced")
      let pattern = ChartStyle.pattern(at: index)
      if pattern != 0 {
        plots.append(
          "'bars.dat' \(using) with boxxyerror fs transparent pattern \(pattern) noborder "
            + "lc rgb '\(ChartStyle.hatchInk(on: type.color))' notitle")
      }
      legend.append(.init(name: type.name, sample: .box(type.color, pattern: pattern)))
    }
    var data = ["bars.dat": rows.joined(separator: "\n") + "\n"]
    if report.buckets.contains(where: { $0.goal != nil }) {
      let goalColumn = 2 + report.types.count * 2
      let goalStyle =
        "dt \(ChartStyle.goalDash) lw 2.5 lc rgb '\(ChartStyle.ink)' "
        + "title '\(report.isLimit ? "Limit" : "Goal")'"
      if let steps = goalSteps() {
        // Weeks and months: one line that steps from bar to bar (each bar's goal is the sum of
        // its days' own goals), not dashes at scattered heights.
        data["goal.dat"] = steps
        plots.append("'goal.dat' using 1:2 with steps \(goalStyle)")
      } else {
        plots.append(
          "'bars.dat' using ($1-0.5):\(goalColumn):(1):(0) with vectors nohead \(goalStyle)")
      }
      legend.append(
        .init(
          name: report.isLimit
            ? Self.goalName(report.period.kind).replacingOccurrences(of: "goal", with: "limit")
            : Self.goalName(report.period.kind),
          sample: .line(color: ChartStyle.ink, dash: ChartStyle.goalDash, width: 2.5)))
    }
    script.legend(legend, axisSpace: twoLines ? 78 : 60)
    script.add("plot " + plots.joined(separator: ", \\\n     "))
    return ChartSpec(
      kind: .bars, title: title, description: description, script: script.text, data: data)
  }

  /// For a half-year or a year, the goal as the corners of a stepped line: each bar's goal from
  /// its left edge, and the last held to the right edge of the last bar; nil for shorter
  /// periods, whose bars are days and keep a dash each.
  private func goalSteps() -> String? {
    guard [.halfYear, .year].contains(report.period.kind) else { return nil }
    let unit = report.settings.displayUnit
    var rows: [String] = []
    var last = Double.nan
    for (index, bucket) in report.buckets.enumerated() {
      last = bucket.goal?.converted(to: unit) ?? .nan
      rows.append("\(GnuplotScript.number(Double(index) - 0.5)) \(GnuplotScript.number(last))")
    }
    rows.append(
      "\(GnuplotScript.number(Double(report.buckets.count) - 0.5)) \(GnuplotScript.number(last))")
    return rows.joined(separator: "\n") + "\n"
  }

  /// The goal's legend entry: the daily goal times the days in each bar, named by the bar.
  static func goalName(_ kind: PeriodKind) -> String {
    switch kind {
    case .halfYear: "Weekly goal"
    case .year: "Monthly goal"
    default: "Daily goal"
    }
  }

  /// "Milliliters consumed (mL)": the value axis in the display unit.
  static func valueAxisName(_ unit: VolumeUnit) -> String {
    "\(unit.spokenName(for: 2).capitalized) consumed (\(unit.symbol(for: 2)))"
  }

  /// "Bar chart, Days in week, Milliliters consumed, 7 bars: Sunday, Nov 15th 1.8 liters; ..."
  private func describe(_ axis: BucketAxis) -> String {
    let unit = report.settings.displayUnit
    let locale = report.period.context.locale
    let count = report.buckets.count
    var text =
      "Bar chart, \(axis.name), \(unit.spokenName(for: 2).capitalized) consumed, "
      + "\(SpokenSummary.count(count, "bar"))"
    guard report.total.milliliters > 0 else {
      return text + ": no entries in \(report.period.accessibilityDescription)."
    }
    let bars = report.buckets.map { bucket in
      bucket.isFuture
        ? "\(bucket.period.spokenBucketLabel) still to come"
        : bucket.isBeforeStart
          ? "\(bucket.period.spokenBucketLabel) before the first entry"
          : "\(bucket.period.spokenBucketLabel) "
            + SpokenVolume.text(bucket.total, unit: unit, locale: locale)
    }
    text += ": " + bars.joined(separator: "; ") + "."
    if report.types.count > 1 {
      text += " Stacked by drink: " + report.types.map(\.name).joined(separator: ", ") + "."
    }
    if report.buckets.contains(where: { $0.goal != nil }) {
      let goal = report.goalsInForce.map { SpokenVolume.text($0, unit: unit, locale: locale) }
        .joined(separator: ", then ")
      text += " A dashed line marks the \(report.isLimit ? "limit" : "goal") of \(goal) a day"
      text += report.buckets.count == report.days.count ? "." : ", times the days in each bar."
      let over = report.buckets.filter { bucket in
        bucket.goalKind == .limit && !bucket.isFuture
          && bucket.goal.map { bucket.total > $0 } ?? false
      }
      if !over.isEmpty {
        text +=
          " Marked over the limit: "
          + over.map(\.period.spokenBucketLabel).joined(separator: ", ") + "."
      }
    }
    return text
  }
}
