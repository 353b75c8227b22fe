import Foundation
import LiquidusAnalysis
import LiquidusModel

/// Caffeine, drawn where a period has some: for a week or longer each day's total as a bar
/// against the daily limit; for one day the amount in the body over the day (first-order
/// decay, projected past now as if nothing more is taken), each intake marked, and the sleep
/// level as a dashed line.
struct CaffeineChart {
  var report: CaffeineReport
  /// The canvas it is drawn on.
  var canvas: ChartCanvas = .report

  /// Minutes between the points of a day's curve: smooth at 900 pixels, and every intake's
  /// own instant is a point too, so no peak is cut off.
  static let step: TimeInterval = 600

  func spec() -> ChartSpec {
    report.period.kind == .day ? dayCurve() : dailyBars()
  }

  private var settings: Settings { report.settings }
  private var context: CalendarContext { report.period.context }

  private func say(_ milligrams: Double) -> String {
    let rounded = WholeNumber.of(milligrams)
    return rounded == 1 ? "1 milligram" : "\(rounded) milligrams"
  }

  /// The crossed hatch that marks a day over the caffeine limit.
  static let overPattern = 2

  private func dailyBars() -> ChartSpec {
    let title = "Caffeine by day, \(report.period.description)"
    let days = report.days
    var script = GnuplotScript(
      title: title, canvas: canvas, size: canvas.size(of: .caffeine, for: report.period.kind))
    let highest = max(settings.caffeineLimitMg, days.map(\.milligrams).max() ?? 0)
    // A third column repeats the days over the limit, which get a hatch of their own: the
    // mark must not rest on colour alone (a 401 mg bar beside a 400 mg line looks the same).
    let rows = days.enumerated().map { index, day in
      let over = !day.isFuture && day.milligrams > settings.caffeineLimitMg
      return "\(index) \(GnuplotScript.number(day.isFuture ? .nan : day.milligrams)) "
        + GnuplotScript.number(over ? day.milligrams : .nan)
    }
    let color = "#8C510A"
    script.add("set xrange [-0.6:\(GnuplotScript.number(Double(days.count) - 0.4))]")
    script.add("set yrange [0:\(GnuplotScript.number(highest * 1.12))]")
    // Days are the buckets of a week, month or range, and get their labels; longer periods
    // (and a range shown by months) label the starts of months, as the daily line does.
    var twoLines = false
    let daysAreBuckets =
      switch report.period {
      case .week, .month: true
      case .range(let range): !range.isShownByMonths
      default: false
      }
    if daysAreBuckets {
      let axis = BucketAxis(period: report.period, narrow: canvas.isNarrow)
      script.add(axis.ticsCommand())
      twoLines = axis.labels().contains { $0?.contains("\n") ?? false }
      script.add(
        "set xlabel \(Markup.gnuplotString(axis.name)) noenhanced"
          + (twoLines ? " offset 0,-0.8" : ""))
    } else {
      script.add(
        DayAxis(days: days.map(\.day), context: context, narrow: canvas.isNarrow).ticsCommand { $0 }
      )
    }
    script.add("set ylabel 'Caffeine (mg)' noenhanced")
    script.add("set grid ytics lc rgb '\(ChartStyle.grid)' dt 1")
    script.add("set format y \"%.0f\"")
    script.add("set datafile missing 'NaN'")
    script.add("set style fill solid 1 border lc rgb '#FFFFFF'")
    script.add("set boxwidth \(days.count > 20 ? 0.84 : 0.72)")
    // Only a period with a day over the limit has the hatched series: gnuplot fails a plot
    // of nothing but missing points.
    let anyOver = report.daysOverLimit > 0
    var legend: [GnuplotScript.LegendEntry] = [
      .init(name: "Caffeine", sample: .box(HexColor(color)!, pattern: 0)),
      .init(
        name: "Daily limit",
        sample: .line(color: ChartStyle.ink, dash: ChartStyle.goalDash, width: 2.5)),
    ]
    if anyOver {
      legend.append(
        .init(name: "Over the limit", sample: .box(HexColor(color)!, pattern: Self.overPattern)))
    }
    script.legend(legend, axisSpace: twoLines ? 78 : 60)
    let overPlot =
      anyOver
      ? "     'caffeine.dat' using 1:3 with boxes fs transparent pattern \(Self.overPattern) "
        + "border lc rgb '#FFFFFF' title 'Over the limit', \\\n" : ""
    script.add(
      "plot 'caffeine.dat' using 1:2 with boxes lc rgb '\(color)' title 'Caffeine', \\\n"
        + overPlot
        + "     \(GnuplotScript.number(settings.caffeineLimitMg)) with lines "
        + "dt \(ChartStyle.goalDash) lw 2.5 lc rgb '\(ChartStyle.ink)' title 'Daily limit'")
    let begun = days.filter { !$0.isFuture }
    let bars = begun.map { "\(Period.day($0.day).spokenBucketLabel) \(say($0.milligrams))" }
    let over = report.daysOverLimit
    let description =
      "Bar chart, Caffeine by day, \(SpokenSummary.count(days.count, "bar")): "
      + bars.joined(separator: "; ") + ". A dashed line marks the daily limit of "
      + "\(say(settings.caffeineLimitMg)); \(over == 0 ? "no day" : SpokenSummary.count(over, "day")) "
      + "went over it."
    return ChartSpec(
      kind: .caffeine, title: title, description: description, script: script.text,
      data: ["caffeine.dat": rows.joined(separator: "\n") + "\n"])
  }

  private func dayCurve() -> ChartSpec {
    let title = "Caffeine in the body, \(report.period.description)"
    let interval = report.period.interval
    let body = CaffeineBody(halfLifeHours: settings.caffeineHalfLifeHours)
    var instants = Array(stride(from: interval.start, through: interval.end, by: Self.step))
    // Each intake is a jump: a point just before it and one at it, so the line rises straight.
    for intake in report.intakes.map(\.instant) where interval.contains(intake) {
      instants += [intake.addingTimeInterval(-1), intake]
    }
    instants.sort()
    func hours(_ instant: Date) -> Double { instant.timeIntervalSince(interval.start) / 3600 }
    let curve = instants.map { instant in
      "\(GnuplotScript.number(hours(instant))) "
        + GnuplotScript.number(body.milligrams(at: instant, intakes: report.intakes))
    }
    let marks = report.intakes.filter { interval.contains($0.instant) }.map { intake in
      "\(GnuplotScript.number(hours(intake.instant))) "
        + GnuplotScript.number(body.milligrams(at: intake.instant, intakes: report.intakes))
    }
    let peak = instants.map { body.milligrams(at: $0, intakes: report.intakes) }.max() ?? 0
    var script = GnuplotScript(
      title: title, canvas: canvas, size: canvas.size(of: .caffeine, for: report.period.kind))
    let length = interval.duration / 3600
    // Tics every three real hours, labelled with the wall clock (a DST day shows the jump).
    let tics = stride(from: 0.0, through: length, by: 3).map { offset in
      let label = ClockText.hour(
        interval.start.addingTimeInterval(offset * 3600), in: context)
      return "\(Markup.gnuplotString(label)) \(GnuplotScript.number(offset))"
    }
    script.add("set xrange [0:\(GnuplotScript.number(length))]")
    script.add("set xtics (\(tics.joined(separator: ", ")))")
    script.add(
      "set yrange [0:\(GnuplotScript.number(max(peak, settings.caffeineSleepLevelMg) * 1.15))]")
    script.add("set ylabel 'Caffeine in the body (mg)' noenhanced")
    script.add("set grid ytics lc rgb '\(ChartStyle.grid)' dt 1")
    script.add("set format y \"%.0f\"")
    let color = "#8C510A"
    script.legend([
      .init(name: "In the body", sample: .line(color: color, dash: 1, width: 3)),
      .init(name: "Intake", sample: .point(color: ChartStyle.ink, type: 9)),
      .init(
        name: "Sleep level",
        sample: .line(color: ChartStyle.ink, dash: ChartStyle.goalDash, width: 2)),
    ])
    var plots = [
      "'caffeine.dat' using 1:2 with lines lw 3 dt 1 lc rgb '\(color)' title 'In the body'"
    ]
    if !marks.isEmpty {
      plots.append(
        "'caffeine-intakes.dat' using 1:2 with points pt 9 ps 1.4 lc rgb '\(ChartStyle.ink)' "
          + "title 'Intake'")
    }
    plots.append(
      "\(GnuplotScript.number(settings.caffeineSleepLevelMg)) with lines dt \(ChartStyle.goalDash) "
        + "lw 2 lc rgb '\(ChartStyle.ink)' title 'Sleep level'")
    script.add("plot " + plots.joined(separator: ", \\\n     "))
    let taken = report.intakes.filter { interval.contains($0.instant) }.map {
      "\(ClockText.time($0.instant, in: context)) \(say($0.milligrams))"
    }
    var description =
      "Line chart, Caffeine in the body over \(report.period.description), "
      + "\(SpokenSummary.count(taken.count, "intake")): \(taken.joined(separator: "; ")). "
      + "The most in the body was \(say(peak)). A dashed line marks the sleep level of "
      + "\(say(settings.caffeineSleepLevelMg))"
    // When it falls below is said for today only: the curve of a past day is history.
    if let below = report.belowSleepLevelAt, interval.contains(report.now) {
      description += "; it falls below it at \(ClockText.describe(below, in: context))."
    } else {
      description += "."
    }
    var data = ["caffeine.dat": curve.joined(separator: "\n") + "\n"]
    if !marks.isEmpty { data["caffeine-intakes.dat"] = marks.joined(separator: "\n") + "\n" }
    return ChartSpec(
      kind: .caffeine, title: title, description: description, script: script.text, data: data)
  }
}
