import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

/// What a command runs against: the store, opened once for the process, and the context of
/// its one call (the clock, zone and locale from the environment, the stored settings).
///
/// Built once per process from the real environment; everything below it takes these values
/// rather than reading clocks, zones or variables itself.
package struct LiveEnvironment {
  /// The store and this call's calendar and settings, as every use case takes them.
  let call: CallContext
  /// The database file as opened (absolute: see `DatabaseFile.path`).
  let openedPath: String
  /// The database file without `.` or `..` in its path, for the units `remind install` and
  /// `serve install` write. Worked out when asked: Foundation's URL standardizing cost every
  /// `log` a first-time generic instantiation it never used.
  var databasePath: String { URL(fileURLWithPath: openedPath).standardizedFileURL.path }
  /// `LIQUIDUS_NOW` pins the clock: the context's now stands still for the whole command.
  var clockIsPinned: Bool {
    !(CommandEnvironment.current.variables["LIQUIDUS_NOW"] ?? "").isEmpty
  }

  // No `store` and no `journal`: a command asks a use case, as the server does, so that
  // both front ends share every rule (ArchitectureTests holds every command to it).
  var context: CalendarContext { call.calendar }
  var settings: Settings { call.settings }

  /// Opens the database and reads `LIQUIDUS_NOW`, `TZ` and the locale from the environment.
  ///
  /// The database is `LIQUIDUS_DB` or the default: `Liquidus.run` has already turned every
  /// `--db` on the command line into `LIQUIDUS_DB`, wherever it stood.
  static func open() throws -> LiveEnvironment {
    let environment = CommandEnvironment.current.variables
    let path = DatabaseFile.path(option: nil, environment: environment)
    let store = try DrinkStore.open(at: path)
    let call = try CallContext.make(
      store: store, now: try now(environment), timeZone: timeZone(environment),
      locale: locale(environment))
    return LiveEnvironment(call: call, openedPath: path)
  }

  /// `LIQUIDUS_NOW` when set (an ISO 8601 instant), else the system clock.
  package static func now(_ environment: [String: String]) throws -> Date {
    guard let pinned = environment["LIQUIDUS_NOW"], !pinned.isEmpty else { return Date() }
    // The format styles of FoundationEssentials: ISO8601DateFormatter loads ICU's calendar
    // data first, which cost a pinned `status` a quarter of its time.
    for style in [
      Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true),
    ] {
      if let date = try? style.parse(pinned) { return date }
    }
    throw EnvironmentError.badNow(pinned)
  }

  /// The zone named by `TZ` (with or without a leading colon), else the system's.
  package static func timeZone(_ environment: [String: String]) -> TimeZone {
    if var name = environment["TZ"], !name.isEmpty {
      if name.hasPrefix(":") { name.removeFirst() }
      if let zone = TimeZone(identifier: name) { return zone }
      if name.hasPrefix("/"), let range = name.range(of: "zoneinfo/"),
        let zone = TimeZone(identifier: String(name[range.upperBound...]))
      {
        return zone
      }
      Terminal.warn("TZ=\(name) is not a time zone Liquidus knows; using the system's.")
    }
    return TimeZone.current
  }

  /// The locale from `LC_ALL`, `LC_TIME` or `LANG` (`de_DE.UTF-8` -> de_DE); en_US for C/POSIX.
  package static func locale(_ environment: [String: String]) -> Locale {
    for key in ["LC_ALL", "LC_TIME", "LANG"] {
      guard let value = environment[key], !value.isEmpty else { continue }
      let identifier = String(value.prefix { $0 != "." && $0 != "@" })
      if identifier == "C" || identifier == "POSIX" { break }
      return Locale(identifier: identifier)
    }
    return Locale(identifier: "en_US")
  }
}

/// A variable in the environment that Liquidus cannot use.
enum EnvironmentError: CommandLineFailure {
  case badNow(String)

  var exitStatus: ExitStatus { .usage }
  var message: String {
    switch self {
    case .badNow(let value):
      "LIQUIDUS_NOW=\(value) is not an ISO 8601 instant. Use e.g. 2026-11-20T14:03:00Z, "
        + "or unset it to use the clock."
    }
  }
}
