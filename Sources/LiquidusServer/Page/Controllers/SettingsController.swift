import Hummingbird

/// Settings: the goal, the unit, the week, every drink; one posted change at a time, shown
/// again with what was done or why it was refused.
struct SettingsController {
  let runner: CallRunner

  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    routes.add(middleware: SignedInMiddleware())
    routes.get("settings") { _, context in
      try await screen(try context.requireSession(), status: .ok)
    }
    routes.add(middleware: CSRFMiddleware())
    routes.post("settings", use: change)
    return routes
  }

  @Sendable func change(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    var request = request
    let form = try await context.postedForm(&request)
    do {
      let done = try await runner.withContext { call in try SettingsScreen.apply(form, call) }
      return try await screen(session, status: .ok, done: done)
    } catch let problem as CaffeineOrColorProblem {
      return try await screen(session, status: .unprocessableContent, error: problem.text)
    } catch let error where Problem(error).status.code < 500 {
      return try await screen(session, status: .unprocessableContent, error: Problem(error).detail)
    }
  }

  private func screen(
    _ session: Sessions.Session, status: HTTPResponse.Status, error: String? = nil,
    done: String? = nil
  ) async throws -> Response {
    var view = try await runner.withContext { call in
      try SettingsScreen.view(call, csrf: session.csrf)
    }
    view.error = error
    view.done = done
    return try PageResponse.screen("Settings", "settings", view, session: session, status: status)
  }
}
