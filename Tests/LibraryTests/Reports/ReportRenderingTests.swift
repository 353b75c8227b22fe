import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every chart kind for every period kind, drawn by the real gnuplot and read back.
@Suite struct ReportRenderingTests {
  static let periods = ["today", "week", "month", "half-year", "year", "2026-11-02..2026-11-30"]

  /// A PNG's canvas in pixels.
  struct PixelSize: Equatable {
    var width: Int
    var height: Int
  }

  // The PNG canvas sizes, read once from `ChartKind.size(for:)` in
  // Sources/LiquidusPresentation/Reports/ChartKind.swift and written out here so that a change
  // of size is deliberate: change it there and here together.
  static let barsPNG = PixelSize(width: 900, height: 500)
  static let sharePNG = PixelSize(width: 900, height: 500)
  static let dailyPNG = PixelSize(width: 900, height: 450)
  static let monthCalendarPNG = PixelSize(width: 900, height: 400)
  static let halfYearCalendarPNG = PixelSize(width: 900, height: 340)
  static let yearCalendarPNG = PixelSize(width: 900, height: 270)

  /// One chart as the fixture's report should draw it: its file stem, its title and PNG size.
  struct Chart {
    var stem: String
    var title: String
    var size: PixelSize
  }

  /// What one period of the shared fixture (now 2026-11-20 19:00 in Berlin, weeks from Sunday)
  /// should produce, written by hand from the README's "Reports" section: every period gets bars
  /// and a share donut; months, half-years, years and ranges of 28 days or more also get a
  /// calendar and a daily line.
  struct Expected {
    /// Every file, in the renderer's order, for all formats.
    var files: [String]
    var charts: [Chart]
    /// How the spoken summary, and so every chart's `<desc>`, begins.
    var opening: String
    /// Rows of the HTML table besides the totals: one per hour, day, week or month.
    var buckets: Int
  }

  static let expected: [String: Expected] = [
    "today": Expected(
      files: [
        "day-2026-11-20.svg", "day-2026-11-20.png", "day-2026-11-20-share.svg",
        "day-2026-11-20-share.png", "day-2026-11-20.txt", "day-2026-11-20.html",
        "day-2026-11-20.wav",
      ],
      charts: [
        Chart(stem: "day-2026-11-20", title: "Intake by drink, Nov 20, 2026", size: barsPNG),
        Chart(stem: "day-2026-11-20-share", title: "Share by drink, Nov 20, 2026", size: sharePNG),
      ],
      opening: "Today. You drank ", buckets: 24),
    "week": Expected(
      files: [
        "week-2026-11-15.svg", "week-2026-11-15.png", "week-2026-11-15-share.svg",
        "week-2026-11-15-share.png", "week-2026-11-15.txt", "week-2026-11-15.html",
        "week-2026-11-15.wav",
      ],
      charts: [
        Chart(stem: "week-2026-11-15", title: "Intake by drink, Nov 15-21, 2026", size: barsPNG),
        Chart(
          stem: "week-2026-11-15-share", title: "Share by drink, Nov 15-21, 2026", size: sharePNG),
      ],
      opening: "Nov 15th to 21st, 2026. You drank ", buckets: 7),
    "month": Expected(
      files: [
        "month-2026-11-01.svg", "month-2026-11-01.png", "month-2026-11-01-share.svg",
        "month-2026-11-01-share.png", "month-2026-11-01-calendar.svg",
        "month-2026-11-01-calendar.png", "month-2026-11-01-daily.svg",
        "month-2026-11-01-daily.png", "month-2026-11-01.txt", "month-2026-11-01.html",
        "month-2026-11-01.wav",
      ],
      charts: [
        Chart(stem: "month-2026-11-01", title: "Intake by drink, Nov 2026", size: barsPNG),
        Chart(stem: "month-2026-11-01-share", title: "Share by drink, Nov 2026", size: sharePNG),
        Chart(
          stem: "month-2026-11-01-calendar", title: "Daily goal progress, Nov 2026",
          size: monthCalendarPNG),
        Chart(stem: "month-2026-11-01-daily", title: "Daily totals, Nov 2026", size: dailyPNG),
      ],
      opening: "November 2026. You drank ", buckets: 30),
    "half-year": Expected(
      files: [
        "half-year-2026-06-01.svg", "half-year-2026-06-01.png", "half-year-2026-06-01-share.svg",
        "half-year-2026-06-01-share.png", "half-year-2026-06-01-calendar.svg",
        "half-year-2026-06-01-calendar.png", "half-year-2026-06-01-daily.svg",
        "half-year-2026-06-01-daily.png", "half-year-2026-06-01.txt",
        "half-year-2026-06-01.html", "half-year-2026-06-01.wav",
      ],
      charts: [
        Chart(
          stem: "half-year-2026-06-01", title: "Intake by drink, Jun 2026 - Nov 2026", size: barsPNG
        ),
        Chart(
          stem: "half-year-2026-06-01-share", title: "Share by drink, Jun 2026 - Nov 2026",
          size: sharePNG),
        Chart(
          stem: "half-year-2026-06-01-calendar", title: "Daily goal progress, Jun 2026 - Nov 2026",
          size: halfYearCalendarPNG),
        Chart(
          stem: "half-year-2026-06-01-daily", title: "Daily totals, Jun 2026 - Nov 2026",
          size: dailyPNG),
      ],
      // Jun 1st (a Monday) to 6th, then 25 whole weeks from Sunday, Jun 7th, then Nov 29th-30th.
      opening: "Jun 2026 to Nov 2026. You drank ", buckets: 27),
    "year": Expected(
      files: [
        "year-2025-12-01.svg", "year-2025-12-01.png", "year-2025-12-01-share.svg",
        "year-2025-12-01-share.png", "year-2025-12-01-calendar.svg",
        "year-2025-12-01-calendar.png", "year-2025-12-01-daily.svg",
        "year-2025-12-01-daily.png", "year-2025-12-01.txt", "year-2025-12-01.html",
        "year-2025-12-01.wav",
      ],
      charts: [
        Chart(
          stem: "year-2025-12-01", title: "Intake by drink, Dec 2025 - Nov 2026", size: barsPNG),
        Chart(
          stem: "year-2025-12-01-share", title: "Share by drink, Dec 2025 - Nov 2026",
          size: sharePNG),
        Chart(
          stem: "year-2025-12-01-calendar", title: "Daily goal progress, Dec 2025 - Nov 2026",
          size: yearCalendarPNG),
        Chart(
          stem: "year-2025-12-01-daily", title: "Daily totals, Dec 2025 - Nov 2026",
          size: dailyPNG),
      ],
      opening: "Dec 2025 to Nov 2026. You drank ", buckets: 12),
    // 29 days: enough for the calendar and the daily line, which start at 28.
    "2026-11-02..2026-11-30": Expected(
      files: [
        "range-2026-11-02-to-2026-11-30.svg", "range-2026-11-02-to-2026-11-30.png",
        "range-2026-11-02-to-2026-11-30-share.svg", "range-2026-11-02-to-2026-11-30-share.png",
        "range-2026-11-02-to-2026-11-30-calendar.svg",
        "range-2026-11-02-to-2026-11-30-calendar.png",
        "range-2026-11-02-to-2026-11-30-daily.svg", "range-2026-11-02-to-2026-11-30-daily.png",
        "range-2026-11-02-to-2026-11-30.txt", "range-2026-11-02-to-2026-11-30.html",
        "range-2026-11-02-to-2026-11-30.wav",
      ],
      charts: [
        Chart(
          stem: "range-2026-11-02-to-2026-11-30", title: "Intake by drink, Nov 2-30, 2026",
          size: barsPNG),
        Chart(
          stem: "range-2026-11-02-to-2026-11-30-share", title: "Share by drink, Nov 2-30, 2026",
          size: sharePNG),
        Chart(
          stem: "range-2026-11-02-to-2026-11-30-calendar",
          title: "Daily goal progress, Nov 2-30, 2026", size: monthCalendarPNG),
        Chart(
          stem: "range-2026-11-02-to-2026-11-30-daily", title: "Daily totals, Nov 2-30, 2026",
          size: dailyPNG),
      ],
      opening: "Nov 2nd to 30th, 2026. You drank ", buckets: 29),
  ]

  private func report(_ fixture: ReportFixture, _ expression: String) throws -> TrendReport {
    let parts = expression.components(separatedBy: "..")
    guard parts.count == 2 else { return try fixture.report(expression) }
    let period = try PeriodExpression.range(
      from: parts[0], to: parts[1], in: fixture.trends.context)
    return try TrendEngine(store: fixture.trends.store).report(for: period)
  }

  @Test(arguments: periods)
  func everyChartIsAccessibleSVGAndSizedPNG(expression: String) throws {
    let fixture = try ReportFixture.shared()
    let expected = try #require(Self.expected[expression])
    let report = try report(fixture, expression)
    let files = try fixture.renderer.render(report, formats: Set(ReportFormat.allCases))
    #expect(files.map(\.name) == expected.files)
    let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
    let typeNames = ["Water", "Coffee", "Tea"]
    #expect(report.types.map(\.name) == typeNames, "in every fixture period, by position")

    for chart in expected.charts {
      // The SVG: well-formed, our title and the summary, then the chart in words, as its
      // description.
      let svgData = try #require(byName[chart.stem + ".svg"], "\(chart.stem).svg")
      let svg = try ChartFiles.xml(svgData)
      let root = try #require(svg.rootElement())
      #expect(ChartFiles.attribute("role", of: root) == "img")
      let title = try #require(ChartFiles.elements("title", in: root).first?.stringValue)
      #expect(title == chart.title)
      let desc = try #require(ChartFiles.elements("desc", in: root).first?.stringValue)
      #expect(desc.hasPrefix(expected.opening), "\(chart.stem): \(desc)")
      #expect(!String(decoding: svgData, as: UTF8.self).contains("Produced by GNUPLOT"))

      let series = ChartFiles.seriesTitles(svg)
      switch chart.stem.components(separatedBy: "-").last {
      case "share":
        #expect(desc.contains(". Donut chart, Share of each drink, 3 slices, largest first: "))
        #expect(Set(series.filter(typeNames.contains)) == Set(typeNames))
      case "calendar":
        #expect(desc.contains(". Calendar heat map, Daily goal progress, "))
        #expect(series.contains("Daily progress") && series.contains("Goal reached"))
      case "daily":
        #expect(desc.contains(". Line chart, Daily totals with 7-day moving average, "))
        #expect(series.contains("7-day average") && series.contains("Goal"))
      default:
        #expect(desc.contains(". Bar chart, "))
        for name in typeNames {
          #expect(series.filter { $0 == name }.count == 1, "\(chart.stem) has one \(name) series")
        }
        // A day's bars are its hours, which have no goal of their own.
        #expect(series.contains("Goal") == (expression != "today"), "\(chart.stem) goal line")
      }

      // The PNG: a real PNG of the promised size.
      let png = try #require(byName[chart.stem + ".png"], "\(chart.stem).png")
      let size = try #require(ChartFiles.pngSize(png), "\(chart.stem) is a PNG")
      #expect(PixelSize(width: size.width, height: size.height) == chart.size, "\(chart.stem)")
    }

    // The HTML page: well-formed, every chart inline, the table with headers.
    let htmlName = try #require(expected.files.first { $0.hasSuffix(".html") })
    let html = try ChartFiles.xml(try #require(byName[htmlName]))
    let svgs = ChartFiles.elements("svg", in: html)
    #expect(svgs.count == expected.charts.count)
    let allIDs = ChartFiles.elements("g", in: html).compactMap {
      ChartFiles.attribute("id", of: $0)
    }
    #expect(Set(allIDs).count == allIDs.count, "ids are unique across inline charts")
    let tables = ChartFiles.elements("table", in: html)
    #expect(tables.count == 1)
    let headers = ChartFiles.elements("th", in: tables[0])
      .filter { ChartFiles.attribute("scope", of: $0) == "col" }.compactMap(\.stringValue)
    #expect(headers.dropFirst().prefix(typeNames.count).elementsEqual(typeNames))
    let rowHeaders = ChartFiles.elements("th", in: tables[0])
      .filter { ChartFiles.attribute("scope", of: $0) == "row" }
    #expect(rowHeaders.count == expected.buckets + 1, "a row per bucket and the totals")
    #expect(ChartFiles.elements("h1", in: html).count == 1)
    let page = String(decoding: byName[htmlName]!, as: UTF8.self)
    #expect(!page.contains("<script") && !page.contains("<link"))
    // Nothing is fetched: the one source is the audio graph, embedded as a data URI.
    #expect(page.components(separatedBy: "src=").count == 2)
    #expect(
      page.contains(
        "<audio controls=\"controls\" preload=\"none\" aria-labelledby=\"audio-heading\""))
    #expect(page.contains("src=\"data:audio/wav;base64,UklGR"))
  }

  @Test(arguments: ["week", "month", "year"])
  func textNumbersEqualTheJSONSummary(expression: String) throws {
    let fixture = try ReportFixture.shared()
    let report = try fixture.report(expression)
    let files = try fixture.renderer.render(report, formats: [.txt])
    #expect(files.map(\.name) == [ReportRenderer.baseName(for: report.period) + ".txt"])
    let text = String(decoding: files[0].contents, as: UTF8.self)
    let json = try JSONDecoder().decode(TrendReport.JSON.self, from: Data(report.jsonText().utf8))
    #expect(json.unit == "mL")
    func spoken(_ milliliters: Double) -> String {
      SpokenVolume.text(
        Volume(milliliters: milliliters), unit: .milliliters, locale: Locale(identifier: "en_US"))
    }
    #expect(text.contains("You drank \(spoken(json.total))"))
    #expect(text.contains("Total \(spoken(json.total))."), "the donut's description")
    for bucket in json.buckets where bucket.goalMet != nil || bucket.goalDays != nil {
      guard text.contains("\(bucket.spokenLabel) still to come") == false else { continue }
      #expect(
        text.contains("\(bucket.spokenLabel) \(spoken(bucket.total))"),
        "bar for \(bucket.spokenLabel)")
    }
    for share in json.byType {
      // The text says whole percents, the JSON one decimal: they agree to within rounding.
      let slice = try #require(
        text.firstMatch(of: try Regex("\(share.type) ([0-9]+) percent \\(([^)]*)\\)")),
        "slice for \(share.type)")
      let percent = try #require(Double(String(slice.output[1].substring ?? "")))
      #expect(abs(percent - share.share) <= 0.55, "\(share.type): \(percent) vs \(share.share)")
      #expect(slice.output[2].substring.map(String.init) == spoken(share.total))
    }
    #expect(text.contains("goal reached on \(json.streaks.goalDays) of") || expression == "week")
  }

  @Test func anEmptyPeriodSaysSoInsteadOfDrawingAnEmptyAxis() throws {
    let fixture = try ReportFixture.shared()
    let report = try fixture.report("2020-03")
    #expect(report.total.milliliters == 0)
    let files = try fixture.renderer.render(report, formats: [.svg, .txt])
    let svgs = files.filter { $0.name.hasSuffix(".svg") }
    #expect(svgs.count == 4)
    for svg in svgs {
      let text = String(decoding: svg.contents, as: UTF8.self)
      #expect(text.contains("No entries in Mar 2020"), "\(svg.name)")
      #expect(!text.contains("gnuplot_plot_2"), "\(svg.name) draws no series")
      _ = try ChartFiles.xml(svg.contents)
    }
    let text = String(decoding: files.last!.contents, as: UTF8.self)
    #expect(text.contains("Nothing was logged in this period."))
    #expect(text.contains("no entries in March 2020"))
  }

  @Test func userTextIsEscapedInSVGAndHTML() throws {
    let name = #"Tea <Earl & "Grey's">"#
    let fixture = try ReportFixture(extraType: name)
    let report = try fixture.report("week")
    let files = try fixture.renderer.render(report, formats: [.svg, .html])
    for file in files {
      let document = try ChartFiles.xml(file.contents)
      let texts =
        ChartFiles.elements("text", in: document).compactMap(\.stringValue)
        + ChartFiles.elements("th", in: document).compactMap(\.stringValue)
        + ChartFiles.seriesTitles(document)
      #expect(texts.contains { $0.contains(name) }, "\(file.name) names the type")
    }
  }

  @Test func weeksStartOnTheFirstWeekdayInTheCalendar() throws {
    let fixture = try ReportFixture(firstWeekday: 2)
    let report = try fixture.report("month")
    let spec = CalendarHeatMap(report: report).spec()
    #expect(spec.script.contains(#"set ytics ("Mon" 0, "Tue" 1,"#))
    #expect(spec.description.contains("weekdays top to bottom from Monday"))
  }
}
