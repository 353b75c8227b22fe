import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusStore

/// Charts a person reads at a glance: grouped numbers, litres for long periods, every series
/// named, and a day over the caffeine limit marked by more than its colour.
@Suite struct ChartsAtAGlanceTests {
  private let us = Locale(identifier: "en_US")

  @Test func millilitreTicksAreGroupedInTheLocalesWay() {
    // 3,300 / 7 = 471: the next round step is 500.
    let axis = ValueAxis(unit: .milliliters, top: 3300, locale: us)
    #expect(axis.step == 500)
    #expect(axis.ticsCommand().contains("'1,000' 1000") && axis.name.hasSuffix("(mL)"))
    let german = ValueAxis(unit: .milliliters, top: 3300, locale: Locale(identifier: "de_DE"))
    #expect(german.ticsCommand().contains("'2.500' 2500"), "\(german.ticsCommand())")
  }

  @Test func pastTenLitresTheAxisCountsLitres() {
    // A year's months near 80 L: 80,000 / 7 = 11,429, so steps of 20,000 mL labelled 20 L.
    let axis = ValueAxis(unit: .milliliters, top: 80_000, locale: us)
    #expect(axis.inLitres && axis.name == "Liters consumed (L)")
    #expect(
      axis.ticsCommand()
        == "set ytics ('0' 0, '20' 20000, '40' 40000, '60' 60000, '80' 80000)")
    #expect(!ValueAxis(unit: .milliliters, top: 9_999, locale: us).inLitres)
  }

  @Test func aHatchWithoutAKeyEntryTakesItsSeriesName() {
    let svg = """
      <g id="gnuplot_plot_1" ><title>Water</title>
      <g id="gnuplot_plot_2" ><title>gnuplot_plot_2</title>
      <g id="gnuplot_plot_3" ><title>Coffee</title>
      """
    let named = SVGSeriesTitles.named(svg)
    #expect(!named.contains("<title>gnuplot_plot"))
    #expect(
      named.contains(
        "<title>Water</title>\n<g id=\"gnuplot_plot_2\" ><title>Water (pattern)</title>"))
    #expect(SVGSeriesTitles.named("<title>gnuplot_plot_1</title>x") == "x")
  }

  @Test func aYearsGoalIsOneSteppedLineAndAWeeksADashADay() throws {
    // Twelve months: thirteen corners, the last holding November's 30 x 2,000 = 60,000 mL to
    // the right edge; a week keeps one dash per day.
    let fixture = try TrendFixture()
    try fixture.log("water", 2000, at: "2026-11-16 09:00")
    let year = BarChart(report: try fixture.report("year")).spec()
    let corners = try #require(year.data["goal.dat"]).split(separator: "\n")
    #expect(corners.count == 13)
    #expect(corners.last == "11.5 60000" && corners[11] == "10.5 60000")
    #expect(year.script.contains("'goal.dat' using 1:2 with steps"))
    #expect(BarChart(report: try fixture.report("week")).spec().data["goal.dat"] == nil)
  }

  @Test func thePageOpensWithTheHeadlineFiguresAndEachChartHasOneTitle() throws {
    // Monday 2,000 mL and Wednesday 1,000 mL, now Friday: 3,000 over the 5 days since Monday,
    // 600 a day; the goal reached on 1 of 5 days.
    let fixture = try TrendFixture()
    try fixture.log("water", 2000, at: "2026-11-16 09:00")
    try fixture.log("water", 1000, at: "2026-11-18 09:00")
    let report = try fixture.report("week")
    let svg = SVGDocument(
      gnuplotOutput: "<svg width=\"9\"><title>Gnuplot</title><text>Intake</text></svg>",
      title: "Intake by drink, Nov 15-21, 2026", summary: "Bars.")
    let page = ReportPage(
      report: report,
      charts: [
        (
          ChartSpec(kind: .bars, title: "Intake by drink", description: "", script: "", data: [:]),
          svg
        )
      ]
    ).render()
    let headline = try #require(page.range(of: "<dl class=\"headline\">"))
    let summary = try #require(page.range(of: "<p class=\"summary\">"))
    #expect(headline.lowerBound < summary.lowerBound)
    #expect(page.contains("<dt>Total</dt><dd>3,000 mL</dd>"))
    #expect(page.contains("<dt>A day on average</dt><dd>600 mL</dd>"))
    #expect(page.contains("<dt>Goal reached</dt><dd>1 of 5 days</dd>"))
    #expect(!page.contains("<h3"))
    #expect(page.contains("<figure aria-labelledby=\"c1-chart-title\">"))
    #expect(page.contains("<title id=\"c1-chart-title\">Intake by drink, Nov 15-21, 2026</title>"))
  }
}
