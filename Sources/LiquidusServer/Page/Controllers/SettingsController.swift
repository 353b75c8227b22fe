import Hummingbird

/// Settings: goal and limit, servings, drinks, reminders, units and clock, caffeine; one posted
/// change at a time, shown again with what was done (and an undo), or why it was refused,
/// next to the field it concerns.
struct SettingsController {
  let runner: CallRunner
  let undo: PageUndo

  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    routes.add(middleware: SignedInMiddleware())
    routes.get("settings") { _, context in
      let session = try context.requireSession()
      return try await screen(session, status: .ok, done: await undo.notice(for: session.id))
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
      let applied = try await runner.withContext { call in try Self.apply(form, call) }
      if let step = applied.undo {
        await undo.record(step, for: session.id)
      } else {
        await undo.forget(for: session.id)
      }
      return try await screen(session, status: .ok, done: applied.done, posted: form)
    } catch let problem as CaffeineOrColorProblem {
      return try await screen(
        session, status: .unprocessableContent, refused: problem.text, posted: form)
    } catch let error where Problem(error).status.code < 500 {
      return try await screen(
        session, status: .unprocessableContent, refused: Problem(error).detail, posted: form)
    }
  }

  private func screen(
    _ session: Sessions.Session, status: HTTPResponse.Status, refused: String? = nil,
    done: String? = nil, posted: PageForm? = nil
  ) async throws -> Response {
    var view = try await runner.withContext { call in
      try SettingsScreen.view(call, csrf: session.csrf)
    }
    if let posted {
      if let refused { view.refuse(refused, posted: posted) } else { view.opening(posted) }
    }
    view.done = done
    view.undo = await undo.last(for: session.id)?.said
    return try PageResponse.screen("Settings", "settings", view, session: session, status: status)
  }
}
