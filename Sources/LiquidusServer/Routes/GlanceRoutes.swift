import Foundation
import Hummingbird
import LiquidusAnalysis
import LiquidusPresentation
import LiquidusUseCases

/// The read-only answers, in the same JSON as the command line's `--format json`:
/// `/api/status`, `/api/due`, `/api/caffeine`, `/api/summary`, `/api/types`.
struct GlanceRoutes {
  let runner: CallRunner

  func add(to group: RouterGroup<APIRequestContext>) {
    group.get("status") { _, _ in try JSONResponse.make(try await status()) }
    group.get("due") { _, _ in
      let due = try await runner.run(ShowDue(), .init())
      return try JSONResponse.make(due.state.json(timeZone: due.calendar.timeZone))
    }
    group.get("caffeine") { request, _ in
      let period = PeriodSelection.from(request.uri.queryParameters, default: "week")
      let report = try await runner.run(ShowCaffeine(), .init(period: period))
      return try JSONResponse.make(report.json())
    }
    group.get("summary") { request, _ in
      let query = PeriodQuery(
        period: PeriodSelection.from(request.uri.queryParameters, default: "week"),
        typeNames: request.uri.queryParameters.getAll("type").map { String($0) })
      return JSONResponse.raw(try await runner.run(ShowSummary(), query).jsonText())
    }
    group.get("types") { _, _ in
      let found = try await runner.run(ListDrinkTypes(), .init())
      return try JSONResponse.make(TypeListing(types: found.types, counts: found.counts).json())
    }
  }

  /// Today at a glance, as `status --format json` prints it.
  func status() async throws -> DaySnapshot.JSON {
    let locale = runner.locale
    let view = try await runner.run(ShowStatus(), .init())
    return view.snapshot.json(locale: locale)
  }
}
