import LiquidusModel

/// The charts a report draws.
public enum ChartKind: String, Sendable, Hashable, CaseIterable {
  /// One bar per bucket, stacked by drink type, with the goal.
  case bars
  /// Each drink type's share of the total, as a donut.
  case share
  /// One cell per day coloured by goal progress, weeks as columns (months and longer).
  case calendar
  /// Daily totals with a 7-day moving average (months and longer).
  case daily
  /// Caffeine: by day against the limit, or for one day the amount in the body over time.
  case caffeine

  /// What follows the period's name in the file name: `week-2026-11-15-share.svg`.
  public var fileSuffix: String {
    switch self {
    case .bars: ""
    case .share: "-share"
    case .calendar: "-calendar"
    case .daily: "-daily"
    case .caffeine: "-caffeine"
    }
  }

  /// The canvas in pixels for a chart of a `period`, the same for SVG and PNG.
  ///
  /// 900 pixels wide fits a laptop window and an A4 page at 100%. The calendar's height follows
  /// its number of week columns, so its cells stay square without a band of empty canvas.
  public func size(for period: PeriodKind) -> (width: Int, height: Int) {
    switch self {
    case .bars, .share: (900, 500)
    case .daily, .caffeine: (900, 450)
    case .calendar:
      switch period {
      case .year: (900, 270)
      case .halfYear: (900, 340)
      default: (900, 400)
      }
    }
  }

  /// The charts drawn for `period`: a calendar and a daily line only where there are enough
  /// days for them to say more than the bars (months, half-years and years).
  public static func kinds(for period: Period) -> [ChartKind] {
    switch period.kind {
    case .month, .halfYear, .year: [.bars, .share, .calendar, .daily]
    case .range where period.days.count >= 28: [.bars, .share, .calendar, .daily]
    default: [.bars, .share]
    }
  }
}
