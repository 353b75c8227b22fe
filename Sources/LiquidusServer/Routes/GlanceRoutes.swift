import Foundation
import Hummingbird
import LiquidusAnalysis
import LiquidusPresentation
import LiquidusUseCases

/// The read-only answers, in the same JSON as the command line's `--format json`:
/// `/api/status`, `/api/due`, `/api/caffeine`, `/api/summary`, `/api/types`.
struct GlanceRoutes {
  let runner: CallRunner
  let version: DatabaseVersion
  /// Where the summary and caffeine views wait their turn.
  let heavy: HeavyWork
  /// Today's status as JSON text, kept until the database changes or a second has passed (the
  /// caffeine in the body and what is due move with the clock): a status bar or page polling
  /// it costs a version check, not a day's sums and an encoding.
  let kept = VersionedValue<String>(lifetime: .seconds(1))

  func add(to group: RouterGroup<APIRequestContext>) {
    group.get("status") { _, context in
      JSONResponse.raw(try await statusText(at: context.databaseVersion))
    }
    group.get("due") { _, _ in
      let due = try await runner.run(ShowDue(), .init())
      return try JSONResponse.make(due.state.json(timeZone: due.calendar.timeZone))
    }
    // A period may be long (a century): these wait for a slot, and are laid out and encoded
    // off the cooperative threads, which the light requests need.
    let heavy = group.group().add(middleware: HeavyWorkMiddleware(heavy: self.heavy))
    heavy.get("caffeine") { request, _ in
      let period = try PeriodSelection.from(request.uri.queryParameters, default: "week")
      return try await runner.withContext { call in
        try JSONResponse.make(try ShowCaffeine().run(.init(period: period), in: call).json())
      }
    }
    heavy.get("summary") { request, _ in
      let query = PeriodQuery(
        period: try PeriodSelection.from(request.uri.queryParameters, default: "week"),
        typeNames: try DrinkRoutes.typeNames(request.uri.queryParameters))
      return JSONResponse.raw(
        try await runner.withContext { call in try ShowSummary().run(query, in: call).jsonText() })
    }
    group.get("types") { _, _ in
      let found = try await runner.run(ListDrinkTypes(), .init())
      return try JSONResponse.make(TypeListing(types: found.types, counts: found.counts).json())
    }
  }

  /// Today at a glance, as `status --format json` prints it (on one line, without its line
  /// break).
  /// - Parameter seen: the database's version as the request found it, when already read.
  func statusText(at seen: Int64? = nil) async throws -> String {
    let locale = runner.locale
    return try await kept.value(at: seen ?? version.current()) {
      let json = try await runner.run(ShowStatus(), .init()).snapshot.json(locale: locale)
      return try JSONText.encode(json, layout: .oneLine)
    }
  }
}
