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
    let report = try report(fixture, expression)
    let files = try fixture.renderer.render(report, formats: Set(ReportFormat.allCases))
    let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
    let base = ReportRenderer.baseName(for: report.period)
    let kinds = ChartKind.kinds(for: report.period)
    let summary = SpokenSummary(report: report).paragraph()
    let typeNames = report.types.map(\.name)
    #expect(typeNames.count == 3, "water, coffee and tea are in every fixture period")

    for kind in kinds {
      // The SVG: well-formed, our title and the summary as its description.
      let svgData = try #require(byName[base + kind.fileSuffix + ".svg"], "\(kind) svg")
      let svg = try ChartFiles.xml(svgData)
      let root = try #require(svg.rootElement())
      #expect(ChartFiles.attribute("role", of: root) == "img")
      let title = try #require(ChartFiles.elements("title", in: root).first?.stringValue)
      #expect(title.contains(report.period.description), "\(kind): \(title)")
      let desc = try #require(ChartFiles.elements("desc", in: root).first?.stringValue)
      #expect(desc.hasPrefix(summary), "\(kind) desc")
      #expect(!String(decoding: svgData, as: UTF8.self).contains("Produced by GNUPLOT"))

      let series = ChartFiles.seriesTitles(svg)
      switch kind {
      case .bars:
        for name in typeNames {
          #expect(series.filter { $0 == name }.count == 1, "\(kind) has one \(name) series")
        }
        #expect(series.contains("Goal") == (report.period.kind != .day), "\(kind) goal line")
      case .share:
        #expect(Set(series.filter(typeNames.contains)) == Set(typeNames))
      case .calendar:
        #expect(series.contains("Daily progress") && series.contains("Goal reached"))
      case .daily:
        #expect(series.contains("7-day average") && series.contains("Goal"))
      case .caffeine:
        #expect(series.contains("Sleep level") || series.contains("Daily limit"))
      }

      // The PNG: a real PNG of the promised size.
      let png = try #require(byName[base + kind.fileSuffix + ".png"], "\(kind) png")
      let size = try #require(ChartFiles.pngSize(png), "\(kind) is a PNG")
      #expect(size.width == kind.size(for: report.period.kind).width)
      #expect(size.height == kind.size(for: report.period.kind).height)
    }

    // The HTML page: well-formed, every chart inline, the table with headers.
    let html = try ChartFiles.xml(try #require(byName[base + ".html"]))
    let svgs = ChartFiles.elements("svg", in: html)
    #expect(svgs.count == kinds.count)
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
    #expect(rowHeaders.count == report.buckets.count + 1, "a row per bucket and the totals")
    #expect(ChartFiles.elements("h1", in: html).count == 1)
    let page = String(decoding: byName[base + ".html"]!, as: UTF8.self)
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
