import Foundation
import LiquidusAnalysis
import LiquidusModel

/// The calendar heat map: one cell per day, weeks as columns and weekdays as rows (starting at
/// the first weekday), shaded by goal progress, with a dot on every day that reached the goal.
///
/// The dot makes goal days findable without telling shades apart; days still to come get no
/// cell at all, so they cannot be mistaken for days without entries.
struct CalendarHeatMap {
  /// The report to draw.
  var report: TrendReport
  /// The canvas it is drawn on.
  var canvas: ChartCanvas = .report

  /// The chart's spec.
  func spec() -> ChartSpec {
    let title = "Daily goal progress, \(report.period.description)"
    let axis = DayAxis(
      days: report.days.map(\.day), context: report.period.context, narrow: canvas.isNarrow)
    var script = GnuplotScript(
      title: title, canvas: canvas, size: canvas.size(of: .calendar, for: report.period.kind))
    let description = describe(axis)
    guard report.total.milliliters > 0 else {
      script.emptyMessage("No entries in \(report.period.description)")
      return ChartSpec(
        kind: .calendar, title: title, description: description, script: script.text, data: [:])
    }

    // Each day that counts with its share of the goal, whether it was reached and its day of
    // the month; days to come (and days before the first entry) go to a file of their own and
    // are drawn as empty dashed cells, so a month reads as a whole month.
    var rows: [String] = []
    var toCome: [String] = []
    for (index, day) in report.days.enumerated() {
      let cell = axis.cell(index)
      let number = report.period.context.calendar.component(.day, from: day.day.interval.start)
      guard day.counts else {
        toCome.append("\(cell.column) \(cell.row) \(number)")
        continue
      }
      let percent = min(100, day.progress * 100)
      rows.append(
        "\(cell.column) \(cell.row) \(GnuplotScript.number(percent)) \(day.goalMet ? 1 : 0) \(number)"
      )
    }
    // Day numbers only where a cell is big enough to hold them: a month, not a year's 53 weeks.
    let numbered = report.period.kind == .month
    let stops = ChartStyle.progressPalette.enumerated().map { index, color in
      "\(index * 100 / (ChartStyle.progressPalette.count - 1)) '\(color)'"
    }
    script.add("set palette defined (\(stops.joined(separator: ", ")))")
    script.add("set cbrange [0:100]")
    // The colour scale sits in one line under the grid with its ends labelled, and the dot
    // legend beside it, so the grid gets the full width: a year has 53 week columns.
    script.add("unset cbtics")
    var legend: [GnuplotScript.LegendEntry] = [
      .init(name: "Goal reached", sample: .point(color: ChartStyle.progressPalette.last!, type: 7))
    ]
    if !toCome.isEmpty {
      legend.append(.init(name: "To come", sample: .line(color: "#8A8A8A", dash: 2, width: 1.5)))
    }
    // The grid's bottom, as a screen fraction: above the legend and the month names.
    var gridBottom = 0.28
    if canvas.isNarrow {
      // A phone's canvas: the colour scale in a line of its own at the bottom, the dots'
      // legend in a row above it, the month names above that.
      let height = Double(canvas.size(of: .calendar, for: report.period.kind).height)
      let line = GnuplotScript.number
      script.add(
        "set colorbox horizontal user origin screen 0.5,\(line(8 / height)) "
          + "size screen 0.3,\(line(12 / height))")
      script.add(
        "set label 90 'Share of goal:  0%' noenhanced at screen 0.49,\(line(14 / height)) right "
          + "textcolor rgb '\(ChartStyle.ink)'")
      script.add(
        "set label 91 '100%' noenhanced at screen 0.81,\(line(14 / height)) left "
          + "textcolor rgb '\(ChartStyle.ink)'")
      gridBottom = script.legendBelow(legend, lift: 30) + 26 / height
    } else {
      script.add("set colorbox horizontal user origin screen 0.70,0.06 size screen 0.18,0.045")
      script.add(
        "set label 90 'Share of daily goal:  0%' noenhanced at screen 0.69,0.083 right "
          + "textcolor rgb '\(ChartStyle.ink)'")
      script.add(
        "set label 91 '100%' noenhanced at screen 0.89,0.083 left textcolor rgb '\(ChartStyle.ink)'"
      )
      script.legend(legend, x: 0.08, top: 0.083)
    }
    // The title is placed on the canvas, not over the plot: a month's grid is narrow and a
    // centred title would run off its left edge.
    script.add("unset title")
    script.add(
      "set label 92 \(Markup.gnuplotString(title)) noenhanced at screen 0.5,0.94 center "
        + "font ',\(ChartStyle.titleFontSize)' textcolor rgb '\(ChartStyle.ink)'")
    let grid = gridFrame(columns: axis.columns, bottom: gridBottom)
    script.add("set lmargin at screen \(GnuplotScript.number(grid.left))")
    script.add("set rmargin at screen \(GnuplotScript.number(grid.right))")
    script.add("set tmargin at screen \(GnuplotScript.number(grid.top))")
    script.add("set bmargin at screen \(GnuplotScript.number(grid.bottom))")
    script.add("set xrange [-0.6:\(GnuplotScript.number(Double(axis.columns) - 0.4))]")
    script.add("set yrange [6.6:-0.6]")
    script.add("unset border")
    script.add(axis.ticsCommand(monthsOnly: true) { axis.cell($0).column })
    // Weekday names need about 20 pixels a row; smaller cells get every other name, as on
    // GitHub's contribution calendar.
    let everyOther = grid.cell < 20
    let names = axis.weekdayNames.enumerated().compactMap { row, name -> String? in
      everyOther && row % 2 == 0 ? nil : "\(GnuplotScript.ticLabel(name)) \(row)"
    }
    script.add("set ytics (\(names.joined(separator: ", "))) scale 0 noenhanced")
    // A plot clause is written only when it has a point to draw: gnuplot 5.4 warns about a
    // clause without one (which fails the report) and crashes on `with labels` without one,
    // as in a new person's first month, where one day counts and every cell is light.
    let counted = report.days.filter(\.counts)
    var plots: [String] = []
    if !counted.isEmpty {
      plots.append(
        "'calendar.dat' using 1:2:($1-0.45):($1+0.45):($2-0.45):($2+0.45):3 "
          + "with boxxyerror fs solid 1 border lc rgb '#B0B0B0' fc palette title 'Daily progress'")
    }
    if counted.contains(where: \.goalMet) {
      // With a number in the cell the goal dot moves to its lower right corner.
      plots.append(
        "'calendar.dat' using ($1\(numbered ? "+0.27" : "")):($4>0?$2\(numbered ? "+0.27" : ""):1/0) "
          + "with points pt 7 ps \(numbered ? "0.45" : "0.55") lc rgb '#FFFFFF' title 'Goal reached'"
      )
    }
    if !toCome.isEmpty {
      plots.append(
        "'to-come.dat' using 1:2:($1-0.45):($1+0.45):($2-0.45):($2+0.45) with boxxyerror "
          + "fs empty border lc rgb '#8A8A8A' dt 2 title 'To come'")
    }
    if numbered {
      // Dark cells (past 60% of the goal) take white numbers, light ones the ink.
      if counted.contains(where: { $0.progress < 0.6 }) {
        plots.append(
          "'calendar.dat' using 1:($3<60?$2:1/0):5 with labels tc rgb '\(ChartStyle.ink)' "
            + "title 'Day of the month'")
      }
      if counted.contains(where: { $0.progress >= 0.6 }) {
        plots.append(
          "'calendar.dat' using 1:($3>=60?$2:1/0):5 with labels tc rgb '#FFFFFF' "
            + "title 'Day of the month'")
      }
      if !toCome.isEmpty {
        plots.append(
          "'to-come.dat' using 1:2:3 with labels tc rgb '#6A6A6A' title 'Day to come'")
      }
    }
    script.add("plot " + plots.joined(separator: ", \\\n     "))
    var data = ["calendar.dat": rows.joined(separator: "\n") + "\n"]
    if !toCome.isEmpty { data["to-come.dat"] = toCome.joined(separator: "\n") + "\n" }
    return ChartSpec(
      kind: .calendar, title: title, description: description, script: script.text, data: data)
  }

  /// Where the grid goes on the canvas (screen fractions) and its cell size in pixels: square
  /// cells as large as fit between the title and the legend, the grid centred.
  private func gridFrame(columns: Int, bottom: Double) -> (
    left: Double, right: Double, top: Double, bottom: Double, cell: Double
  ) {
    let size = canvas.size(of: .calendar, for: report.period.kind)
    let (width, height) = (Double(size.width), Double(size.height))
    let top = canvas.isNarrow ? 0.84 : 0.86
    // Each axis spans its cells plus a fifth of a cell of padding (the ranges are -0.6...n-0.4).
    let span = Double(max(columns, 1)) + 0.2
    let cell = min((top - bottom) * height / 7.2, 0.86 * width / span)
    let gridWidth = cell * span / width
    let gridHeight = cell * 7.2 / height
    let left = max(canvas.isNarrow ? 0.12 : 0.07, 0.5 - gridWidth / 2)
    return (left, left + gridWidth, bottom + gridHeight, bottom, cell)
  }

  /// "Calendar heat map, Daily goal progress, 30 days in 5 weeks: goal reached on 12 of 20 days..."
  private func describe(_ axis: DayAxis) -> String {
    let days = report.days.count
    var text =
      "Calendar heat map, Daily goal progress, \(SpokenSummary.count(days, "day")) in "
      + "\(SpokenSummary.count(axis.columns, "week")), weeks left to right, weekdays top to "
      + "bottom from \(axis.firstWeekdayName)"
    guard report.total.milliliters > 0 else {
      return text + ": no entries in \(report.period.accessibilityDescription)."
    }
    let elapsed = report.elapsedDays
    let empty = elapsed.filter { $0.total.milliliters == 0 }.count
    text +=
      ": goal reached on \(report.streaks.goalDays) of \(SpokenSummary.count(elapsed.count, "day"))"
      + ", \(SpokenSummary.count(empty, "day")) without entries, longest run of goal days "
      + "\(SpokenSummary.count(report.streaks.longest, "day"))."
    if report.period.kind == .halfYear || report.period.kind == .year {
      let context = report.period.context
      var months: [(name: String, met: Int, count: Int)] = []
      for day in elapsed {
        let name = FormatterCache.shared.string(
          from: day.day.interval.start, template: "MMMMy", in: context)
        if months.last?.name != name { months.append((name, 0, 0)) }
        months[months.count - 1].count += 1
        if day.goalMet { months[months.count - 1].met += 1 }
      }
      text +=
        " By month: "
        + months.map { "\($0.name) \($0.met) of \($0.count)" }.joined(separator: "; ") + "."
    }
    return text
  }
}
