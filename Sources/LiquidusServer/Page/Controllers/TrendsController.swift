import Hummingbird
import LiquidusUseCases

/// Trends: a period's report (charts, words, audio) and its summary as CSV or JSON.
struct TrendsController {
  let runner: CallRunner
  let screen: TrendsScreen
  /// Reports and summaries of any period wait their turn here.
  let heavy: HeavyWork

  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    routes.add(middleware: SignedInMiddleware())
    routes.add(middleware: HeavyWorkMiddleware(heavy: heavy))
    routes.get("trends", use: trends)
    routes.get("trends/files/:name", use: file)
    routes.get("trends/summary.csv") { request, _ in try await summary(request, format: "csv") }
    routes.get("trends/summary.json") { request, _ in try await summary(request, format: "json") }
    return routes
  }

  @Sendable func trends(_ request: Request, context: APIRequestContext) async throws -> Response {
    let (kind, offset) = try TrendsScreen.selection(request.uri.queryParameters)
    let view = try await screen.view(kind: kind, offset: offset)
    return try PageResponse.screen("Trends", "trends", view, session: context.session)
  }

  /// A chart, the words or the audio graph of a period, for the screen's images and links.
  @Sendable func file(_ request: Request, context: APIRequestContext) async throws -> Response {
    let name = try context.parameters.require("name")
    let expression = request.uri.queryParameters.get("period") ?? "week"
    guard let file = try await screen.files(expression).first(where: { $0.name == name }) else {
      throw Problem(.notFound, "There is no such chart for that period.")
    }
    let type =
      name.hasSuffix(".svg")
      ? "image/svg+xml" : name.hasSuffix(".wav") ? "audio/wav" : "text/plain; charset=utf-8"
    return Response(
      status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=30"],
      body: .init(byteBuffer: ByteBuffer(bytes: file.contents)))
  }

  private func summary(_ request: Request, format: String) async throws -> Response {
    let expression = request.uri.queryParameters.get("period") ?? "week"
    let query = PeriodQuery(period: PeriodSelection(expression: expression, default: "week"))
    // Laid out and written off the cooperative threads: a long period is long work.
    let text = try await runner.withContext { call in
      let report = try ShowSummary().run(query, in: call)
      return format == "csv" ? report.csv() : try report.jsonText()
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: format == "csv" ? "text/csv; charset=utf-8" : "application/json",
        .contentDisposition: "attachment; filename=\"liquidus-\(expression).\(format)\"",
      ],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
