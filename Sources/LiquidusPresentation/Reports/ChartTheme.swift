/// The colours of a drawn chart: the report's light ones, or dark ones for a page in dark mode.
///
/// gnuplot draws every chart on white with near-black text; the dark theme swaps those
/// neutrals (paper, ink, grid) in the finished SVG and leaves the data's colours as they are,
/// so a drink keeps its colour and pattern in both. Done on the SVG's text rather than by a
/// second gnuplot run: it costs microseconds, and the layout cannot differ between the two.
public enum ChartTheme: String, Sendable, Hashable, CaseIterable {
  case light
  case dark

  /// The paper, the ink and the grid lines of the dark theme: the page's own dark colours.
  static let darkPaper = "#121417"
  static let darkInk = "#EDEDED"
  static let darkGrid = "#3A3F47"

  /// `svg` (gnuplot's output, as ``ReportRenderer`` writes it) in this theme's colours.
  public func apply(toSVG svg: String) -> String {
    guard self == .dark else { return svg }
    // gnuplot writes one colour several ways: `rgb(34,34,34)`, `rgb( 34,  34,  34)`, `#222222`.
    let swaps: [(spellings: [String], to: String)] = [
      (["rgb(255, 255, 255)", "rgb(255,255,255)", "#FFFFFF", "#ffffff"], Self.darkPaper),
      (["rgb( 34,  34,  34)", "rgb(34,34,34)", "#222222"], Self.darkInk),
      (["rgb(208, 208, 208)", "rgb(208,208,208)", "#D0D0D0"], Self.darkGrid),
    ]
    var text = svg
    // Text gnuplot draws in its default colour (an axis's label) is written by name.
    for attribute in ["color", "fill", "stroke"] {
      text = text.replacingOccurrences(
        of: "\(attribute)=\"black\"", with: "\(attribute)=\"\(Self.darkInk)\"")
    }
    for swap in swaps {
      for spelling in swap.spellings {
        text = text.replacingOccurrences(of: spelling, with: swap.to)
      }
    }
    return text
  }
}
