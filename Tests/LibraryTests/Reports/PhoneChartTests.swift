import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The charts drawn for a phone: a canvas about as wide as a phone shows it, so that their
/// text reads at 12 CSS pixels or more in a 358-pixel column, and their dark colours.
@Suite struct PhoneChartTests {
  /// The column a 390-pixel phone gives a chart (the page's margins taken off).
  static let column = 358.0

  @Test(arguments: ["week", "month", "half-year", "year"])
  func everyLabelReadsAtTwelvePixelsInAPhonesColumn(expression: String) throws {
    let fixture = try ReportFixture.shared()
    let report = try fixture.report(expression)
    let files = try fixture.renderer.render(report, formats: [.svg], canvas: .phone)
    #expect(files.count >= 2)
    for file in files {
      let text = String(decoding: file.contents, as: UTF8.self)
      let width = try #require(
        text.firstMatch(of: /viewBox="0 0 (\d+) \d+"/).flatMap { Double($0.output.1) })
      let sizes = text.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.output.1) }
      let smallest = try #require(sizes.min(), "\(file.name) has text")
      #expect(
        smallest * Self.column / width >= 12,
        "\(file.name): \(smallest) px on \(width) shown at \(Self.column) is under 12")
      // Every label starts inside the canvas: the legend is under the plot, not beside it.
      for match in text.matches(of: /<text[^>]*x="([0-9.]+)"/) {
        #expect((Double(match.output.1) ?? 0) < width, "\(file.name): text at x \(match.output.1)")
      }
    }
  }

  @Test func theWideCanvasIsTheReportsAsBefore() throws {
    let fixture = try ReportFixture.shared()
    let report = try fixture.report("week")
    let wide = try fixture.renderer.render(report, formats: [.svg])
    let standard = try fixture.renderer.render(report, formats: [.svg], canvas: .report)
    #expect(wide == standard)
    #expect(String(decoding: wide[0].contents, as: UTF8.self).contains("viewBox=\"0 0 900 500\""))
  }

  @Test func theDarkThemeSwapsPaperInkAndGridAndKeepsTheDrinksColours() throws {
    let fixture = try ReportFixture.shared()
    let report = try fixture.report("week")
    let file = try #require(try fixture.renderer.render(report, formats: [.svg]).first)
    let light = String(decoding: file.contents, as: UTF8.self)
    let dark = ChartTheme.dark.apply(toSVG: light)
    #expect(ChartTheme.light.apply(toSVG: light) == light)
    for white in ["rgb(255, 255, 255)", "rgb(255,255,255)", "#FFFFFF", "#ffffff"] {
      #expect(!dark.contains(white), "\(white) is still in the dark chart")
    }
    #expect(dark.contains(ChartTheme.darkPaper) && dark.contains(ChartTheme.darkInk))
    // Only the neutrals change: each data colour of the light chart is in the dark one.
    let neutral = ["255, 255, 255", "255,255,255", "34,34,34", " 34,  34,  34", "208, 208, 208"]
    let colours = Set(light.matches(of: /rgb\(([0-9, ]+)\)/).map { String($0.output.1) })
      .filter { !neutral.contains($0) }
    #expect(!colours.isEmpty)
    for colour in colours { #expect(dark.contains("rgb(\(colour))"), "rgb(\(colour)) is gone") }
  }
}
