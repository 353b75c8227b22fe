import Foundation
import Testing

@testable import LiquidusModel

/// The types' palette stays visible on light and dark pages and distinct for people who see
/// red and green alike, computed here from the colours themselves.
///
/// Threshold: 3:1, WCAG 2.2 success criterion 1.4.11 (non-text contrast) for the graphical
/// objects a chart's bars, slices and points are; 4.5:1 is for text, which the palette never
/// colours. The dark page is #121212 (Material's dark surface; GitHub's #0D1117 is darker, so
/// it passes too, and is checked as well).
@Suite struct PaletteTests {
  static let pages = ["#FFFFFF", "#121212", "#0D1117"]

  @Test func sixteenDistinctColours() {
    #expect(HexColor.palette.count >= 16)
    #expect(Set(HexColor.palette).count == HexColor.palette.count)
  }

  @Test(arguments: pages)
  func everyColourHasAtLeastThreeToOneAgainst(page: String) {
    for color in HexColor.palette {
      let ratio = Self.contrast(color.hex, page)
      #expect(ratio >= 3, "\(color.hex) on \(page): \(ratio):1")
    }
  }

  @Test func anyTwoStayApartAsTrichromatsProtanopesAndDeuteranopesSeeThem() {
    for vision in Vision.allCases {
      for (index, first) in HexColor.palette.enumerated() {
        for second in HexColor.palette[(index + 1)...] {
          let distance = Self.distance(first.hex, second.hex, as: vision)
          #expect(distance >= 12, "\(first.hex) and \(second.hex), \(vision): \(distance)")
        }
      }
    }
  }

  @Test func afterSixteenTypesTheColoursGoRoundInsteadOfAllTakingWatersBlue() {
    var used = Array(HexColor.palette)
    #expect(HexColor.nextUnused(after: used) == HexColor.palette[0])
    used.append(HexColor.palette[0])
    #expect(HexColor.nextUnused(after: used) == HexColor.palette[1])
    #expect(HexColor.nextUnused(after: used.prefix(8)) == HexColor.palette[8])
  }

  // MARK: - WCAG 2 relative luminance and contrast

  static func linear(_ hex: String) -> [Double] {
    let digits = Array(hex.dropFirst())
    return [0, 2, 4].map { offset in
      let value = Double(Int(String(digits[offset..<offset + 2]), radix: 16)!) / 255
      return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
  }

  static func luminance(_ hex: String) -> Double {
    let rgb = linear(hex)
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
  }

  static func contrast(_ first: String, _ second: String) -> Double {
    let (light, dark) = (
      max(luminance(first), luminance(second)), min(luminance(first), luminance(second))
    )
    return (light + 0.05) / (dark + 0.05)
  }

  // MARK: - Colour vision (Viénot, Brettel & Mollon 1999) and CIE76 distance in L*a*b*

  enum Vision: CaseIterable { case trichromat, protanope, deuteranope }

  static func seen(_ rgb: [Double], as vision: Vision) -> [Double] {
    let matrix: [[Double]]
    switch vision {
    case .trichromat: return rgb
    case .protanope:
      matrix = [[0.11238, 0.88762, 0], [0.11238, 0.88762, 0], [0.00401, -0.00401, 1]]
    case .deuteranope:
      matrix = [[0.29275, 0.70725, 0], [0.29275, 0.70725, 0], [-0.02234, 0.02234, 1]]
    }
    return matrix.map { row in min(1, max(0, zip(row, rgb).map(*).reduce(0, +))) }
  }

  static func lab(_ rgb: [Double]) -> [Double] {
    let x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047
    let y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    let z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883
    func f(_ t: Double) -> Double { t > 216 / 24389 ? cbrt(t) : (24389 / 27 * t + 16) / 116 }
    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
  }

  static func distance(_ first: String, _ second: String, as vision: Vision) -> Double {
    let a = lab(seen(linear(first), as: vision))
    let b = lab(seen(linear(second), as: vision))
    return sqrt(zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
  }
}
