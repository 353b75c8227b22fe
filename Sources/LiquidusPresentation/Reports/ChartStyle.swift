import Foundation
import LiquidusModel

/// The look every chart shares: fonts, fill patterns, the progress palette, neutral inks.
///
/// Colour is never the only cue: each drink type also gets a fill pattern (by its place in the
/// report), lines differ by dash and point shape, and the calendar marks goal days with a dot.
enum ChartStyle {
  /// The base font in points (SVG pixels): at 900 pixels wide this reads at 100% zoom.
  static let fontSize = 13
  /// The title's font size.
  static let titleFontSize = 16
  /// The terminal's font specification.
  static var font: String { "sans,\(fontSize)" }

  /// gnuplot fill patterns in the order types receive them: none first (the largest series
  /// stays calm), then hatches that differ in direction and density.
  static let patterns = [0, 5, 1, 4, 2, 7, 6]

  /// The pattern for the type at `index` in the report's type list.
  static func pattern(at index: Int) -> Int { patterns[index % patterns.count] }

  /// Text, axes and the goal line.
  static let ink = "#222222"
  /// Grid lines: visible, but quieter than the data.
  static let grid = "#D0D0D0"
  /// The goal line's dash type: dashed, unlike every data series.
  static let goalDash = 2

  /// The sequential palette for goal progress, light to dark blue: readable for every common
  /// colour-vision deficiency because it varies in lightness, not in hue.
  static let progressPalette = ["#F1F6FB", "#C6DBEF", "#6BAED6", "#2171B5", "#08306B"]

  /// The hatch colour that contrasts with `fill`: white on dark colours, near-black on light.
  static func hatchInk(on fill: HexColor) -> String {
    relativeLuminance(fill) > 0.4 ? "#222222" : "#FFFFFF"
  }

  /// WCAG relative luminance, 0 (black) to 1 (white).
  static func relativeLuminance(_ color: HexColor) -> Double {
    let digits = Array(color.hex.dropFirst())
    func channel(_ offset: Int) -> Double {
      let value = Double(Int(String(digits[offset..<offset + 2]), radix: 16) ?? 0) / 255
      return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
  }
}
