import Foundation
import LiquidusAnalysis

/// The distribution chart: each drink type's share of the total as a donut, with its percentage
/// on the ring and in a legend sorted largest first.
struct ShareChart {
  /// The report to draw.
  var report: TrendReport
  /// The canvas it is drawn on.
  var canvas: ChartCanvas = .report

  /// The chart's spec.
  func spec() -> ChartSpec {
    let title = "Share by drink, \(report.period.description)"
    var script = GnuplotScript(
      title: title, canvas: canvas, size: canvas.size(of: .share, for: report.period.kind))
    let shares = report.shares.filter { $0.total.milliliters > 0 }
    let description = describe(shares)
    guard report.total.milliliters > 0 else {
      script.emptyMessage("No entries in \(report.period.description)")
      return ChartSpec(
        kind: .share, title: title, description: description, script: script.text, data: [:])
    }

    // Patterns follow the type's place in the report, as in the bar chart, so a type looks the
    // same in both charts.
    let patternIndex = Dictionary(
      report.types.enumerated().map { ($0.element.id, $0.offset) }
    ) { first, _ in first }
    var rows: [String] = []
    var plots: [String] = []
    var legend: [GnuplotScript.LegendEntry] = []
    var start = 0.0
    for (row, share) in shares.enumerated() {
      let end = start + share.share
      // gnuplot draws arcs counter-clockwise from 3 o'clock; slices run clockwise from 12.
      let from = 90 - end * 360
      let to = 90 - start * 360
      rows.append("0 0 1 \(GnuplotScript.number(from)) \(GnuplotScript.number(to))")
      let pattern = ChartStyle.pattern(at: patternIndex[share.type.id] ?? row)
      let select = "every ::\(row)::\(row)"
      plots.append(
        "'share.dat' \(select) using 1:2:3:4:5 with circles fs solid 1 border lc rgb '#FFFFFF' "
          + "fc rgb '\(share.type.color.hex)' title \(Markup.gnuplotString(share.type.name)) noenhanced"
      )
      if pattern != 0 {
        plots.append(
          "'share.dat' \(select) using 1:2:3:4:5 with circles fs transparent pattern "
            + "\(pattern) noborder lc rgb '\(ChartStyle.hatchInk(on: share.type.color))' notitle")
      }
      let percent = Percent.text(share.share, of: 1)
      legend.append(
        .init(
          name: "\(share.type.name) \(percent)", sample: .box(share.type.color, pattern: pattern)))
      // Slices too thin for a label are named in the legend only, so labels never collide.
      if share.share >= 0.04 {
        let middle = (90 - (start + end) / 2 * 360) * .pi / 180
        let x = GnuplotScript.number(cos(middle) * 1.2)
        let y = GnuplotScript.number(sin(middle) * 1.16)
        script.add(
          "set label \(100 + row) '\(percent)' noenhanced at first \(x),\(y) center front "
            + "textcolor rgb '\(ChartStyle.ink)'")
      }
      start = end
    }
    let formatter = VolumeFormatter(
      unit: report.settings.displayUnit, locale: report.period.context.locale)
    script.add(
      "set label 99 \(GnuplotScript.doubleQuoted("\(formatter.string(report.total))\ntotal")) "
        + "at first 0,0 center front font ',\(ChartStyle.titleFontSize)' "
        + "textcolor rgb '\(ChartStyle.ink)'")
    // The hole: a background-coloured disc over the slices' centres.
    plots.append(
      "'hole.dat' using 1:2:3 with circles fs solid 1 noborder fc rgb '#FFFFFF' notitle")
    script.add("unset border")
    script.add("unset tics")
    script.add("set size ratio -1")
    script.add("set xrange [-1.45:1.45]")
    script.add("set yrange [-1.35:1.35]")
    script.legend(legend, x: 0.70, top: 0.80, axisSpace: 16)
    script.add("plot " + plots.joined(separator: ", \\\n     "))
    return ChartSpec(
      kind: .share, title: title, description: description, script: script.text,
      data: ["share.dat": rows.joined(separator: "\n") + "\n", "hole.dat": "0 0 0.56\n"])
  }

  /// "Donut chart, Share of each drink, 2 slices: Water 75 percent (3 liters); ..."
  private func describe(_ shares: [TypeShare]) -> String {
    let unit = report.settings.displayUnit
    let locale = report.period.context.locale
    var text = "Donut chart, Share of each drink, \(SpokenSummary.count(shares.count, "slice"))"
    guard report.total.milliliters > 0 else {
      return text + ": no entries in \(report.period.accessibilityDescription)."
    }
    let slices = shares.map { share in
      "\(share.type.name) \(Percent.value(share.share, of: 1)) percent ("
        + SpokenVolume.text(share.total, unit: unit, locale: locale) + ")"
    }
    text += ", largest first: " + slices.joined(separator: "; ") + "."
    text += " Total \(SpokenVolume.text(report.total, unit: unit, locale: locale))."
    return text
  }
}
