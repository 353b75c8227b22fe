import Foundation
import LiquidusModel

extension TrendLine {
  /// Fits a least-squares line through daily totals (one value per day, in order).
  ///
  /// The direction is steady when the fitted change across the whole span is within 5% of the
  /// average day: a line that moves less than that is noise to a person, not a trend.
  /// - Returns: nil for fewer than two days.
  static func fit(dailyTotals: [Double]) -> TrendLine? {
    let count = Double(dailyTotals.count)
    guard dailyTotals.count >= 2 else { return nil }
    let meanX = (count - 1) / 2
    let meanY = dailyTotals.reduce(0, +) / count
    var covariance = 0.0
    var variance = 0.0
    for (index, value) in dailyTotals.enumerated() {
      let dx = Double(index) - meanX
      covariance += dx * (value - meanY)
      variance += dx * dx
    }
    let slopePerDay = covariance / variance
    let fittedChange = slopePerDay * (count - 1)
    let direction: Direction =
      abs(fittedChange) <= 0.05 * meanY ? .steady : fittedChange > 0 ? .up : .down
    return TrendLine(slopePerWeek: Volume(milliliters: slopePerDay * 7), direction: direction)
  }
}
