import Foundation
import LiquidusModel

/// A drink's colour as a button's background, with the text colour that reads on it: black or
/// white, whichever contrasts more, and where neither reaches WCAG's 4.5:1 the colour is
/// darkened (or lightened) step by step until one does. The hue stays the drink's.
struct ReadableColors {
  /// The background, `#RRGGBB`.
  let background: String
  /// The text colour on it.
  let ink: String

  static let minimumContrast = 4.5

  init(background color: HexColor) {
    var channels = Self.channels(color.hex)
    while true {
      let luminance = Self.luminance(channels)
      let onWhite = 1.05 / (luminance + 0.05)
      let onBlack = (luminance + 0.05) / 0.05
      if onBlack >= Self.minimumContrast || onWhite >= Self.minimumContrast {
        background = Self.hex(channels)
        ink = onBlack >= onWhite ? "#000000" : "#FFFFFF"
        return
      }
      // Toward whichever end is nearer: light colours lighter, dark ones darker.
      let lighter = onBlack > onWhite
      channels = channels.map { lighter ? $0 + (1 - $0) * 0.1 : $0 * 0.9 }
    }
  }

  /// `#RRGGBB` as three channels from 0 to 1.
  static func channels(_ hex: String) -> [Double] {
    let digits = Array(hex.dropFirst())
    return stride(from: 0, to: 6, by: 2).map { offset in
      Double(Int(String(digits[offset..<offset + 2]), radix: 16) ?? 0) / 255
    }
  }

  static func hex(_ channels: [Double]) -> String {
    "#" + channels.map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
  }

  /// WCAG's relative luminance.
  static func luminance(_ channels: [Double]) -> Double {
    let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
  }

  /// The contrast ratio of two colours, 1 to 21.
  static func contrast(_ first: String, _ second: String) -> Double {
    let (a, b) = (luminance(channels(first)), luminance(channels(second)))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
