import Hummingbird

/// `GET` and `POST /entries/:uid/edit`: one of today's entries, changed through `EditEntry`;
/// a refused value shows the form again as typed, with the use case's words.
struct EntryEditController {
  let screen: EntryEditScreen

  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    routes.add(middleware: SignedInMiddleware())
    routes.get("entries/:uid/edit", use: form)
    routes.add(middleware: CSRFMiddleware())
    routes.post("entries/:uid/edit", use: change)
    return routes
  }

  @Sendable func form(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    let uid = try context.parameters.require("uid")
    return try respond(try await screen.view(uid, csrf: session.csrf), session, status: .ok)
  }

  @Sendable func change(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    var request = request
    let uid = try context.parameters.require("uid")
    let typed = EntryEditScreen.typed(try await context.postedForm(&request))
    do {
      try await screen.apply(uid, typed)
    } catch let error where Problem(error).status == .unprocessableContent {
      let view = try await screen.view(
        uid, csrf: session.csrf, typed: typed, error: Problem(error).detail)
      return try respond(view, session, status: .unprocessableContent)
    }
    return PageResponse.redirect()
  }

  private func respond(
    _ view: EntryEditScreen.View, _ session: Sessions.Session, status: HTTPResponse.Status
  ) throws -> Response {
    try PageResponse.screen("Edit an entry", "edit", view, session: session, status: status)
  }
}
