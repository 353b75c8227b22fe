import LiquidusAnalysis

/// The `txt` file of a report: the spoken summary, then each chart put into words, so the text
/// alone tells everything the pictures do.
struct ReportText {
  /// The report.
  var report: TrendReport
  /// The charts drawn beside it.
  var charts: [ChartSpec]
  /// The audio graph written beside it, if any.
  var audio: AudioGraph? = nil

  /// The whole text, ending with a newline.
  func render() -> String {
    var lines = [SpokenSummary(report: report).render(), "", "Charts"]
    for chart in charts {
      lines += ["", "\(chart.title).", chart.description]
    }
    if let audio { lines += ["", "Sound.", audio.describe()] }
    return lines.joined(separator: "\n") + "\n"
  }
}
