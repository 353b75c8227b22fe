import Foundation

extension PeriodLabel {
  /// `Sun Nov 15`: a day as a table row names it.
  static func shortDay(_ start: Date, _ context: CalendarContext) -> String {
    FormatterCache.shared.string(from: start, template: "EEEMMMd", in: context)
      .replacingOccurrences(of: ",", with: "")
  }

  /// `Sunday, Nov 15th`: a day as a data point is read aloud.
  static func spokenWeekdayDay(_ start: Date, _ context: CalendarContext) -> String {
    let weekday = FormatterCache.shared.string(from: start, template: "EEEE", in: context)
    guard context.locale.language.languageCode?.identifier == "en" else {
      return
        "\(weekday), \(FormatterCache.shared.string(from: start, template: "MMMd", in: context))"
    }
    let month = FormatterCache.shared.string(from: start, template: "MMM", in: context)
    let day = FormatterCache.shared.ordinal(
      context.localDate(of: start).day, locale: context.locale)
    return "\(weekday), \(month) \(day)"
  }
}

extension Period {
  /// A compact label for a bucket in a table or on a chart axis: `3 PM`, `Sun Nov 15`,
  /// `Nov 1-6, 2021`, `Apr 2022`.
  public var shortLabel: String {
    switch self {
    case .day(let day): PeriodLabel.shortDay(day.interval.start, day.context)
    default: description
    }
  }

  /// A bucket's label for the ear: `3 PM`, `Sunday, Nov 15th`, `Nov 1st to 6th, 2021`,
  /// `April 2022`.
  public var spokenBucketLabel: String {
    switch self {
    case .day(let day): PeriodLabel.spokenWeekdayDay(day.interval.start, day.context)
    default: accessibilityDescription
    }
  }
}
