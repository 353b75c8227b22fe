import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// What one call of a use case runs against: the store, and this moment's clock, calendar and
/// settings.
///
/// The store is opened once per process; a context is made for every call, so a server that
/// runs for days sees the clock move and a changed setting (a new goal, another first weekday)
/// in its next answer. A command makes one context, for its one call.
public struct CallContext: Sendable {
  /// Where the entries live, shared by every call of the process.
  public let store: DrinkStore
  /// "Now", the time zone, the first weekday and the locale of this call.
  public let calendar: CalendarContext
  /// The stored settings as they were when the call began.
  public let settings: Settings

  /// Reads the settings and makes the context of a call that begins at `now`.
  ///
  /// - Parameters:
  ///   - now: the call's "now"; a front end reads its clock (or a pinned one) once per call.
  ///   - timeZone: the zone days are measured in; one per process, so the day cache keeps one.
  ///   - locale: how numbers and dates are read and written for this caller.
  public static func make(store: DrinkStore, now: Date, timeZone: TimeZone, locale: Locale)
    throws -> CallContext
  {
    let settings = try store.settings()
    let calendar = CalendarContext(
      now: now, timeZone: timeZone, firstWeekday: settings.firstWeekday, locale: locale,
      clock: settings.clock)
    return CallContext(store: store, calendar: calendar, settings: settings)
  }

  /// The journal of this call: the store seen from its calendar.
  public var journal: Journal { Journal(store: store, context: calendar) }
}
