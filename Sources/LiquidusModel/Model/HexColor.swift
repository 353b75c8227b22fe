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

  /// A colour-blind-safe palette (Okabe & Ito 2008, with a brown for coffee), handed out in
  /// order to types created without a colour.
  public static let palette: [HexColor] = [
    "#0072B2", "#8C510A", "#CC79A7", "#E69F00", "#009E73", "#56B4E9", "#D55E00", "#F0E442",
    "#000000",
  ].map { HexColor($0)! }

  /// The first palette colour none of `used` has, or the palette's start when all are taken.
  public static func nextUnused(after used: some Sequence<HexColor>) -> HexColor {
    let taken = Set(used)
    return palette.first { !taken.contains($0) } ?? palette[0]
  }
}
