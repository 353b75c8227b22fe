import LiquidusModel

/// The canvas a chart is drawn on: the report's wide one, or a narrow one for a phone.
///
/// A chart is text and marks on a canvas of fixed pixels that the viewer scales to the width
/// it has: the report's 900 pixels shown 358 wide on a phone turn 13-pixel labels into 5-pixel
/// ones. The phone canvas is about as wide as a phone shows it, so its labels read at their
/// own size, and its legend goes under the plot, where a narrow canvas has room.
public enum ChartCanvas: String, Sendable, Hashable, CaseIterable {
  /// 900 pixels wide: a laptop window or an A4 page at 100%.
  case report
  /// 360 pixels wide, for a phone's column (a 390-pixel screen less its margins).
  case phone

  /// Whether the legend goes under the plot, and the axes show fewer labels.
  var isNarrow: Bool { self == .phone }

  /// The canvas in pixels for a chart of `kind` over a `period`.
  public func size(of kind: ChartKind, for period: PeriodKind) -> (width: Int, height: Int) {
    switch self {
    case .report: kind.size(for: period)
    case .phone:
      switch kind {
      case .share: (360, 420)
      case .calendar: (360, period == .year ? 240 : 300)
      case .bars, .daily, .caffeine: (360, 400)
      }
    }
  }

  /// How many legend entries a row under the plot holds.
  static let legendColumns = 2
  /// A legend row's height, in pixels.
  static let legendRowHeight = 20.0
}
