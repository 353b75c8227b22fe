import Hummingbird
import LiquidusUseCases

/// `GET` and `POST /entries/:uid/edit`: one of today's entries, changed through `EditEntry`;
/// a refused value shows the form again as typed, with the use case's words.
struct EntryEditController {
  let screen: EntryEditScreen
  let undo: PageUndo

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
      await undo.record(try await apply(uid, typed), for: session.id)
    } catch let error where Problem(error).status == .unprocessableContent {
      let view = try await screen.view(
        uid, csrf: session.csrf, typed: typed, error: Problem(error).detail)
      return try respond(view, session, status: .unprocessableContent)
    }
    return PageResponse.redirect()
  }

  /// Changes what the form changed, through `EditEntry`, and returns what takes it back;
  /// throws its error for a refused value. A time typed on either clock (`7:30 PM`, `19:30`)
  /// reads the same.
  private func apply(_ uid: String, _ typed: EntryEditScreen.Shown) async throws
    -> PageUndo.Step
  {
    let (current, _, _, before) = try await screen.shown(uid)
    let request = EditEntry.Request(
      entry: .uid(uid), drink: typed.drink == current.drink ? nil : typed.drink,
      amount: typed.amount == current.amount ? nil : .text(typed.amount),
      details: EntryDetails(
        at: typed.time == current.time ? nil : .text(PageClock.twentyFourHour(typed.time)),
        note: typed.note == current.note ? nil : typed.note))
    return try await screen.runner.writing { call in
      _ = try EditEntry().run(request, in: call)
      return EntryUndo.edited(uid: uid, from: before, current.drink, call)
    }
  }

  private func respond(
    _ view: EntryEditScreen.View, _ session: Sessions.Session, status: HTTPResponse.Status
  ) throws -> Response {
    try PageResponse.screen("Edit an entry", "edit", view, session: session, status: status)
  }
}
