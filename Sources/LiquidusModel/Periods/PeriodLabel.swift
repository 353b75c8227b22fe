import Foundation

/// Builds the visual and spoken labels shared by the period types.
///
/// en_US forms are assembled from locale-aware pieces (`Apr 3-9, 2022`, `Apr 3rd to 9th, 2022`)
/// because no Foundation formatter produces them exactly: `DateIntervalFormatter` writes
/// `Apr 3 – 9, 2022` with an en dash and thin spaces. Other languages use
/// `DateIntervalFormatter`, which follows their own conventions.
enum PeriodLabel {
  private static func format(_ instant: Date, _ template: String, _ context: CalendarContext)
    -> String
  {
    FormatterCache.shared.string(from: instant, template: template, in: context)
  }

  private static func isEnglish(_ context: CalendarContext) -> Bool {
    context.locale.language.languageCode?.identifier == "en"
  }

  /// English that writes the month before the day (`Apr 3`), as the US does; British English
  /// writes `3 Apr` and gets `DateIntervalFormatter`'s `3–9 Apr 2022` like other languages.
  private static func isMonthFirstEnglish(_ context: CalendarContext) -> Bool {
    guard isEnglish(context),
      let pattern = DateFormatter.dateFormat(
        fromTemplate: "MMMd", options: 0, locale: context.locale)
    else { return false }
    return pattern.hasPrefix("MMM")
  }

  private static func ordinal(_ date: LocalDate, _ context: CalendarContext) -> String {
    FormatterCache.shared.ordinal(date.day, locale: context.locale)
  }

  /// `3 PM` or `15:00` (as ``ClockStyle`` says), and `1 AM EDT` when the zone is needed to
  /// tell a repeated hour apart.
  static func hour(_ start: Date, withZone: Bool, _ context: CalendarContext) -> String {
    let hour = ClockText.hour(start, in: context)
    return withZone ? "\(hour) \(format(start, "z", context))" : hour
  }

  /// `Apr 8, 2022`.
  static func day(_ start: Date, _ context: CalendarContext) -> String {
    format(start, "yMMMd", context)
  }

  /// `April 8th, 2022`.
  static func spokenDay(_ start: Date, _ context: CalendarContext) -> String {
    guard isEnglish(context) else { return format(start, "yMMMMd", context) }
    let date = context.localDate(of: start)
    return "\(format(start, "MMMM", context)) \(ordinal(date, context)), \(date.year)"
  }

  /// `Apr 3-9, 2022`, `Mar 27 - Apr 2, 2022` or `Dec 26, 2021 - Jan 1, 2022`.
  static func dayRange(first: Date, last: Date, _ context: CalendarContext) -> String {
    guard isMonthFirstEnglish(context) else {
      return FormatterCache.shared.string(from: first, to: last, template: "yMMMd", in: context)
    }
    let (from, to) = (context.localDate(of: first), context.localDate(of: last))
    if from.year != to.year {
      return "\(day(first, context)) - \(day(last, context))"
    }
    let tail = from.month == to.month ? format(last, "d", context) : format(last, "MMMd", context)
    let separator = from.month == to.month ? "-" : " - "
    return "\(format(first, "MMMd", context))\(separator)\(tail), \(format(last, "y", context))"
  }

  /// `Apr 3rd to 9th, 2022`, `Mar 27th to Apr 2nd, 2022` or `Dec 26th, 2021 to Jan 1st, 2022`.
  static func spokenDayRange(first: Date, last: Date, _ context: CalendarContext) -> String {
    guard isEnglish(context) else {
      return FormatterCache.shared.string(from: first, to: last, template: "yMMMMd", in: context)
    }
    let (from, to) = (context.localDate(of: first), context.localDate(of: last))
    let start = "\(format(first, "MMM", context)) \(ordinal(from, context))"
    let end = "\(format(last, "MMM", context)) \(ordinal(to, context))"
    if from.year != to.year {
      return "\(start), \(format(first, "y", context)) to \(end), \(format(last, "y", context))"
    }
    let tail = from.month == to.month ? ordinal(to, context) : end
    return "\(start) to \(tail), \(format(last, "y", context))"
  }

  /// `Apr 2022`.
  static func month(_ start: Date, _ context: CalendarContext) -> String {
    format(start, "yMMM", context)
  }

  /// `April 2022`.
  static func spokenMonth(_ start: Date, _ context: CalendarContext) -> String {
    format(start, "yMMMM", context)
  }

  /// `Nov 2021 - Apr 2022`, or `Nov 2021 to Apr 2022` when `spoken`.
  static func monthRange(first: Date, last: Date, spoken: Bool, _ context: CalendarContext)
    -> String
  {
    guard isEnglish(context) else {
      return FormatterCache.shared.string(from: first, to: last, template: "yMMM", in: context)
    }
    return "\(month(first, context))\(spoken ? " to " : " - ")\(month(last, context))"
  }
}
