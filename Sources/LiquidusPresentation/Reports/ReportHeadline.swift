import Foundation
import LiquidusAnalysis
import LiquidusModel

/// The figures a report page opens with, before any sentence or chart: what was drunk, a day's
/// average, the goal days and the change, each as a term and its value.
struct ReportHeadline {
  var report: TrendReport

  /// The figures in reading order, as (term, value).
  func figures() -> [(term: String, value: String)] {
    let formatter = VolumeFormatter(
      unit: report.settings.displayUnit, locale: report.period.context.locale)
    var figures = [("Total", formatter.string(report.total))]
    if report.streaks.elapsedDays > 1 {
      figures.append(("A day on average", formatter.string(report.averages.perDay)))
    }
    if !report.days.isEmpty {
      let verb = report.isLimit ? "Limit kept" : "Goal reached"
      figures.append(
        (verb, "\(report.streaks.goalDays) of \(SummaryTable.days(report.streaks.elapsedDays))"))
    }
    if let previous = report.previous, let change = previous.changePercent {
      let against = ComparisonWords.qualifier(previous, formatter).map { " \($0)" } ?? ""
      figures.append(("Change", SummaryTable.signedPercent(change) + against))
    }
    return figures
  }

  /// `<dl class="headline">` with the figures.
  func html() -> [String] {
    ["<dl class=\"headline\">"]
      + figures().map {
        // No <div> around a pair: HTML allows it, but the axe-core the tests run (and some
        // screen readers) then no longer find the terms in their list.
        "<dt>\(Markup.escape($0.term))</dt><dd>\(Markup.escape($0.value))</dd>"
      }
      + ["</dl>"]
  }
}
