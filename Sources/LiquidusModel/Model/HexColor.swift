import Foundation

/// A colour written as `#RRGGBB`, the form gnuplot, SVG and HTML all accept.
public struct HexColor: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The normalised form, upper case with a leading `#`.
  public let hex: String

  /// Reads `#RRGGBB` or `RRGGBB` in any case, or a CSS colour name (`blue`, `DarkOrange`,
  /// `dark orange`); nil for anything else.
  public init?(_ text: String) {
    var digits = text.trimmingCharacters(in: .whitespaces)
    let name = digits.lowercased().filter { !$0.isWhitespace && $0 != "-" }
    if let named = CSSColorNames.hexByName[name] { digits = named }
    if digits.hasPrefix("#") { digits.removeFirst() }
    guard digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
    hex = "#" + digits.uppercased()
  }

  public var description: String { hex }

  /// Sixteen colours handed out in order to types created without one. Each keeps a contrast
  /// of at least 3:1 (WCAG 1.4.11, graphical objects) against a white page and a dark one
  /// (#121212), so no type vanishes on either, and any two stay apart (CIE76 distance of 12 or
  /// more) in normal vision and as protanopes and deuteranopes see them. Water, Soda and Tea
  /// keep Okabe & Ito's blue, pink and green and Coffee a brown dark enough for a white page;
  /// the rest were chosen by farthest-point search within those bounds. `PaletteTests` holds all of it.
  public static let palette: [HexColor] = [
    "#0072B2", "#A6611A", "#CC79A7", "#D27800", "#009E73", "#3C4BFF", "#2D87FF", "#FF3C69",
    "#E100B4", "#F01EF0", "#69693C", "#B42D78", "#D2003C", "#964BD2", "#D2784B", "#4B6987",
  ].map { HexColor($0)! }

  /// The palette colour fewest of `used` have, the earliest on a tie: a new type takes an
  /// unused colour while there is one, and after sixteen types the colours go round again
  /// rather than every new type taking Water's blue.
  public static func nextUnused(after used: some Sequence<HexColor>) -> HexColor {
    var uses: [HexColor: Int] = [:]
    for color in used { uses[color, default: 0] += 1 }
    return palette.min { uses[$0, default: 0] < uses[$1, default: 0] } ?? palette[0]
  }
}
