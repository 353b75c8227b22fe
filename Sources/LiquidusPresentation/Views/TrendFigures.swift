import Foundation
import LiquidusAnalysis
import LiquidusModel

/// A period's headline figures as a few large numbers, each with the words that say what it
/// is: the total, the average a day, the goal days, the current streak and the change from the
/// period before. The page shows them before the sentences of ``SpokenSummary``, which say the
/// same and more.
public struct TrendFigures: Sendable {
  /// One figure: the number, and what it counts (`"1,850 mL"`, `"a day on average"`).
  public struct Figure: Sendable, Hashable {
    public var value: String
    public var label: String
  }

  public var report: TrendReport

  public init(report: TrendReport) {
    self.report = report
  }

  public var figures: [Figure] {
    let volume = VolumeFormatter(
      unit: report.settings.displayUnit, locale: report.period.context.locale)
    let streaks = report.streaks
    var figures = [
      Figure(value: volume.string(report.total), label: "in all"),
      Figure(value: volume.string(report.averages.perDay), label: "a day on average"),
      Figure(
        value: "\(streaks.goalDays) of \(streaks.elapsedDays)",
        label: report.isLimit ? "days within the limit" : "days at the goal"),
      Figure(
        value: streaks.current == 1 ? "1 day" : "\(streaks.current) days",
        label: report.isLimit ? "within the limit in a row" : "at the goal in a row"),
    ]
    if let previous = report.previous, let change = previous.changePercent {
      let rounded = WholeNumber.of(change)
      let target = ComparisonWords.spokenTarget(previous, kind: report.period.kind)
      // A true minus sign, which a screen reader reads as "minus".
      let value = rounded == 0 ? "±0%" : rounded > 0 ? "+\(rounded)%" : "−\(-rounded)%"
      figures.append(Figure(value: value, label: "than \(target)"))
    }
    return figures
  }
}
