import Foundation

/// A process-wide cache of the formatters period labels need.
///
/// Formatters are expensive to create and not `Sendable`, so each is made once per
/// (locale, time zone, template) and only ever used while holding the lock.
package final class FormatterCache: @unchecked Sendable {
  /// The shared cache.
  package static let shared = FormatterCache()

  private struct Key: Hashable {
    package var locale: String
    package var timeZone: String
    package var template: String
  }

  private let lock = NSLock()
  private var dateFormatters: [Key: DateFormatter] = [:]
  private var intervalFormatters: [Key: DateIntervalFormatter] = [:]
  private var ordinalFormatters: [String: NumberFormatter] = [:]

  /// Formats `instant` with the locale's pattern for a skeleton `template` such as `yMMMd`.
  package func string(from instant: Date, template: String, in context: CalendarContext) -> String {
    let key = Key(
      locale: context.locale.identifier, timeZone: context.timeZone.identifier,
      template: template)
    return lock.withLock {
      let formatter =
        dateFormatters[key]
        ?? {
          let formatter = DateFormatter()
          formatter.calendar = context.calendar
          formatter.locale = context.locale
          formatter.timeZone = context.timeZone
          formatter.setLocalizedDateFormatFromTemplate(template)
          dateFormatters[key] = formatter
          return formatter
        }()
      return Self.plainSpaces(formatter.string(from: instant))
    }
  }

  /// ICU 72+ puts a narrow no-break space before AM/PM (`3\u{202F}PM`); terminals, CSV readers
  /// and gnuplot render it inconsistently, so labels use a plain space.
  private static func plainSpaces(_ label: String) -> String {
    label.replacingOccurrences(of: "\u{202F}", with: " ")
  }

  /// Formats a span of dates the locale's way, for locales without a hand-built form.
  package func string(
    from start: Date, to end: Date, template: String, in context: CalendarContext
  ) -> String {
    let key = Key(
      locale: context.locale.identifier, timeZone: context.timeZone.identifier,
      template: template)
    return lock.withLock {
      let formatter =
        intervalFormatters[key]
        ?? {
          let formatter = DateIntervalFormatter()
          formatter.calendar = context.calendar
          formatter.locale = context.locale
          formatter.timeZone = context.timeZone
          formatter.dateTemplate = template
          intervalFormatters[key] = formatter
          return formatter
        }()
      return Self.plainSpaces(formatter.string(from: start, to: end))
    }
  }

  /// The locale's ordinal for `number`, e.g. `3rd` in en_US.
  package func ordinal(_ number: Int, locale: Locale) -> String {
    lock.withLock {
      let formatter =
        ordinalFormatters[locale.identifier]
        ?? {
          let formatter = NumberFormatter()
          formatter.locale = locale
          formatter.numberStyle = .ordinal
          ordinalFormatters[locale.identifier] = formatter
          return formatter
        }()
      return formatter.string(from: NSNumber(value: number)) ?? String(number)
    }
  }
}
