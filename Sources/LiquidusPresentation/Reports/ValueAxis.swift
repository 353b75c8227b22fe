import Foundation
import LiquidusModel

/// The value axis of a volume chart: round steps labelled as people write numbers (`2,500`,
/// `2.500` in German), and litres once a millilitre axis would pass 10 L (`80` L rather than
/// `80000` mL), so a year's bars read at a glance.
///
/// Positions stay in the data's unit (the display unit); only the labels and the axis name
/// change, so the data files and the goal line are the same either way.
struct ValueAxis {
  /// The display unit the data is in.
  var unit: VolumeUnit
  /// The top of the axis, in `unit`.
  var top: Double
  var locale: Locale

  /// Whether the labels count litres although the data is in millilitres.
  var inLitres: Bool { unit == .milliliters && top > 10_000 }

  /// `Milliliters consumed (mL)`, or `Liters consumed (L)` past 10 L.
  var name: String { BarChart.valueAxisName(inLitres ? .liters : unit) }

  /// A step of 1, 2, 2.5 or 5 times a power of ten that gives at most seven steps to `top`.
  var step: Double {
    guard top > 0, top.isFinite else { return 1 }
    let rough = top / 7
    let power = pow(10, floor(log10(rough)))
    let factor = [1, 2, 2.5, 5, 10].first { $0 * power >= rough } ?? 10
    return factor * power
  }

  /// `set ytics ("0" 0, "2,500" 2500, ...)`.
  func ticsCommand() -> String {
    let divisor = inLitres ? 1000.0 : 1
    var tics: [String] = []
    var value = 0.0
    // At most the eight ticks `step` gives: a stored sum that overflows to infinity (a
    // hand-edited 1e308 mL) has a step of 1 and would otherwise never reach the top.
    while value <= top + step / 1000, tics.count < 8 {
      let label = (value / divisor).formatted(
        .number.locale(locale).grouping(.automatic).precision(.fractionLength(0...2)))
      tics.append("\(Markup.gnuplotString(label)) \(GnuplotScript.number(value))")
      value += step
    }
    return "set ytics (\(tics.joined(separator: ", ")))"
  }
}
