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
    lock.withLock {
      let formatter = Self.cached(in: &dateFormatters, template, context, DateFormatter()) {
        $0.setLocalizedDateFormatFromTemplate(template)
      }
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
    lock.withLock {
      let formatter = Self.cached(
        in: &intervalFormatters, template, context, DateIntervalFormatter()
      ) { $0.dateTemplate = template }
      return Self.plainSpaces(formatter.string(from: start, to: end))
    }
  }

  /// The formatter for (`context`'s locale and zone, `template`) in `formatters`; the first
  /// time, `make` is set to the context's calendar, locale and zone and then given its
  /// template by `applyTemplate` (which reads the locale). Call it holding the lock.
  private static func cached<Formatter: DateFormatting>(
    in formatters: inout [Key: Formatter], _ template: String, _ context: CalendarContext,
    _ make: @autoclosure () -> Formatter, applyTemplate: (Formatter) -> Void
  ) -> Formatter {
    let key = Key(
      locale: context.locale.identifier, timeZone: context.timeZone.identifier,
      template: template)
    if let formatter = formatters[key] { return formatter }
    let formatter = make()
    formatter.calendar = context.calendar
    formatter.locale = context.locale
    formatter.timeZone = context.timeZone
    applyTemplate(formatter)
    formatters[key] = formatter
    return formatter
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

/// What the two date formatters have in common, for ``FormatterCache``.
private protocol DateFormatting: AnyObject {
  var calendar: Calendar! { get set }
  var locale: Locale! { get set }
  var timeZone: TimeZone! { get set }
}

extension DateFormatter: DateFormatting {}
extension DateIntervalFormatter: DateFormatting {}
