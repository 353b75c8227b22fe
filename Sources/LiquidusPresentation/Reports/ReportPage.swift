import Foundation
import LiquidusAnalysis

/// The `html` file of a report: one self-contained page with the summary, every chart as inline
/// SVG, and the numbers as a table.
///
/// Nothing is fetched: styles are inline and there is no script. The page is well-formed XHTML
/// served as HTML, which browsers read as HTML5 and tests can parse as XML.
struct ReportPage {
  /// The report.
  var report: TrendReport
  /// The charts, each with its accessible SVG.
  var charts: [(spec: ChartSpec, svg: SVGDocument)]
  /// The audio graph and its WAV, embedded so the page stays one file.
  var audio: (graph: AudioGraph, wav: Data)? = nil

  /// The page.
  func render() -> String {
    let label = Markup.escape(report.period.description)
    var html: [String] = [
      "<!DOCTYPE html>",
      "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"\(language)\">",
      "<head>",
      "<meta charset=\"utf-8\" />",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />",
      "<title>Liquidus report: \(label)</title>",
      "<style>\(Self.style)</style>",
      "</head>",
      "<body>",
      "<main>",
      "<h1>Intake report: \(label)</h1>",
    ]
    // The headline figures first, then the words, then the charts.
    html += ReportHeadline(report: report).html()
    html += [
      "<p class=\"summary\">\(Markup.escape(SpokenSummary(report: report).paragraph()))</p>",
      "<h2>Charts</h2>",
    ]
    for (index, chart) in charts.enumerated() {
      let prefix = "c\(index + 1)-"
      html += [
        // The picture carries the chart's one title, drawn and as its SVG title, which labels
        // the figure: a heading above it said the same words a second time.
        "<figure aria-labelledby=\"\(prefix)chart-title\">",
        chart.svg.inline(idPrefix: prefix),
        "<figcaption>\(Markup.escape(chart.spec.description))</figcaption>",
        "</figure>",
      ]
    }
    if let audio { html += sound(audio.graph, wav: audio.wav) }
    html += table()
    let points = SpokenSummary(report: report).dataPoints()
    if !points.isEmpty {
      html.append("<h2>In words</h2>")
      html.append("<ul class=\"points\">")
      html += points.map { "<li>\(Markup.escape($0))</li>" }
      html.append("</ul>")
    }
    html += [
      "<footer><p>Written by Liquidus. Amounts in \(Markup.escape(unitName)).</p></footer>",
      "</main>", "</body>", "</html>",
    ]
    return html.joined(separator: "\n") + "\n"
  }

  /// The audio graph as a player with its label and its description.
  private func sound(_ audio: AudioGraph, wav: Data) -> [String] {
    [
      "<h2 id=\"audio-heading\">Audio graph</h2>",
      "<p id=\"audio-description\">\(Markup.escape(audio.describe()))</p>",
      "<audio controls=\"controls\" preload=\"none\" aria-labelledby=\"audio-heading\" "
        + "aria-describedby=\"audio-description\" "
        + "src=\"data:audio/wav;base64,\(wav.base64EncodedString())\">"
        + "This browser cannot play the audio graph; the table below holds the same numbers."
        + "</audio>",
    ]
  }

  private var language: String {
    report.period.context.locale.language.languageCode?.identifier ?? "en"
  }

  private var unitName: String { report.settings.displayUnit.spokenName(for: 2) }

  /// The data table: a row per bucket, a column per type, total and goal, then the totals.
  private func table() -> [String] {
    let formatter = VolumeFormatter(
      unit: report.settings.displayUnit, locale: report.period.context.locale)
    let bucketName = SummaryTable.bucketName(report.period)
    let headers = [bucketName] + report.types.map(\.name) + ["Total", "Goal"]
    var rows = [
      "<h2>Data</h2>",
      "<div class=\"scroll\" role=\"region\" aria-labelledby=\"data-caption\" tabindex=\"0\">",
      "<table>",
      "<caption id=\"data-caption\">\(Markup.escape(report.period.description)), amounts in "
        + "\(Markup.escape(report.settings.displayUnit.rawValue)) by "
        + "\(Markup.escape(bucketName.lowercased())) and drink</caption>",
      "<thead><tr>"
        + headers.map { "<th scope=\"col\">\(Markup.escape($0))</th>" }.joined() + "</tr></thead>",
      "<tbody>",
    ]
    for bucket in report.buckets {
      let amounts = report.types.map { type in
        bucket.byType[type.id].map(formatter.number) ?? "0"
      }
      let total = bucket.isFuture ? "" : formatter.number(bucket.total)
      let cells = (amounts + [total]).map { "<td>\(Markup.escape($0))</td>" }.joined()
      rows.append(
        "<tr><th scope=\"row\">\(Markup.escape(bucket.period.shortLabel))</th>\(cells)"
          + "<td class=\"goal\">\(Markup.escape(goalText(bucket)))</td></tr>")
    }
    rows.append("</tbody>")
    let totals = report.types.map { type in
      formatter.number(report.shares.first { $0.type.id == type.id }?.total ?? .zero)
    }
    let totalCells = (totals + [formatter.number(report.total)]).map {
      "<td>\(Markup.escape($0))</td>"
    }
    rows += [
      "<tfoot><tr><th scope=\"row\">Total</th>\(totalCells.joined())<td></td></tr></tfoot>",
      "</table>",
      "</div>",
    ]
    return rows
  }

  /// The goal column in words, so it does not depend on a colour or a symbol.
  private func goalText(_ bucket: BucketTotals) -> String {
    if bucket.isFuture { return "" }
    if let met = bucket.goalMet, bucket.goalKind == .limit {
      return met ? "Within the limit" : "Over the limit"
    }
    if let met = bucket.goalMet { return met ? "Reached" : "Not reached" }
    if let goalDays = bucket.goalDays, let days = bucket.dayCount, days > 0 {
      return "\(goalDays) of \(days) days"
    }
    return ""
  }

  /// The page's styles: readable at phone width, charts scale to the column, and print without
  /// scroll boxes or split figures.
  static let style = """

    :root { color: #1d1d1f; background: #ffffff; font-family: system-ui, sans-serif; }
    body { margin: 0; line-height: 1.5; }
    main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.6rem; margin: 0.5rem 0; }
    h2 { font-size: 1.3rem; margin-top: 2rem; }
    h3 { font-size: 1.1rem; margin: 0 0 0.5rem; }
    .headline { display: grid; grid-template-rows: auto auto; grid-auto-flow: column;
      justify-content: start; gap: 0 2rem; margin: 1rem 0; }
    .headline dt { font-size: 0.9rem; color: #3a3a3c; }
    .headline dd { margin: 0; font-size: 1.4rem; font-weight: 600; }
    figure { margin: 1.5rem 0; }
    figure svg { display: block; width: 100%; height: auto; }
    figcaption { font-size: 0.95rem; color: #3a3a3c; margin-top: 0.5rem; }
    .scroll { overflow-x: auto; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; }
    th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid #d0d0d0; }
    td { text-align: right; }
    td.goal { text-align: left; }
    thead th { text-align: right; border-bottom: 2px solid #1d1d1f; }
    thead th:first-child, tbody th, tfoot th { text-align: left; font-weight: normal; }
    tfoot th, tfoot td { font-weight: 600; border-top: 2px solid #1d1d1f; }
    @media print {
      main { max-width: none; padding: 0; }
      .scroll { overflow: visible; }
      figure, table { break-inside: avoid; }
      h2, h3 { break-after: avoid; }
    }

    """
}
