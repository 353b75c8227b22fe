import Foundation
import Hummingbird
import LiquidusModel
import LiquidusStore
import LiquidusUseCases

/// Today: the ring, one button per drink, the day's entries; logging (a tap, or one queued by
/// the service worker while offline), undo and delete; and `/events`, which tells an open page
/// that something changed.
struct TodayController {
  let runner: CallRunner
  let events: ChangeEvents
  let status: @Sendable () async throws -> String
  let sessions: Sessions
  let clock: @Sendable () -> Date
  let undo: PageUndo

  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    routes.get("/", use: home)
    routes.add(middleware: SignedInMiddleware())
    routes.get("events", use: changes)
    routes.add(middleware: CSRFMiddleware())
    routes.post("log", use: log)
    routes.post("undo", use: undo)
    routes.post("entries/:uid/delete", use: delete)
    return routes
  }

  @Sendable func home(_ request: Request, context: APIRequestContext) async throws -> Response {
    guard let session = context.session else { return try SignInController.screen() }
    return try await today(session)
  }

  private func today(
    _ session: Sessions.Session, status: HTTPResponse.Status = .ok, error: String? = nil,
    typed: String? = nil
  ) async throws -> Response {
    var view = try await runner.withContext { call in try TodayView.make(call, csrf: session.csrf) }
    view.error = error
    view.typedAmount = typed
    view.notice = await undo.notice(for: session.id)
    view.lastChange = await undo.last(for: session.id)?.said
    return try PageResponse.screen("Today", "today", view, session: session, status: status)
  }

  @Sendable func changes(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    // Signing out (or revoking the session's token) ends the stream, not only later requests.
    return try events.response(status: status) { [sessions, clock] in
      try await sessions.isOpen(session, now: clock())
    }
  }

  @Sendable func log(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    var request = request
    let key = try IdempotencyKey.read(request.headers)
    let form = try await context.postedForm(&request)
    let drink = form["drink"] ?? ""
    let amount = form["amount"] ?? ""
    // The service worker sends a tap with its own key, and again after a lost answer or from
    // its offline queue: the key finds the first entry instead of logging a second one.
    let caller = LogDrink.Caller(
      tokenID: session.token.id, key: key.map { "page-" + $0 },
      fingerprint: APIToken.digest(of: [drink, amount, form["at"] ?? ""].joined(separator: "\n")))
    let tap = LogDrink.Request(
      drink: drink, amount: .text(amount),
      details: .init(at: try QueuedTap.instant(form["at"]).map(TimeInput.instant)),
      caller: caller)
    do {
      let step = try await runner.writing { call in
        try LogDrink().run(tap, in: call).receipt.flatMap {
          EntryUndo.logged($0.drink, $0.type.name, call)
        }
      }
      if let step { await undo.record(step, for: session.id) }
    } catch StoreError.requestKeyReused {
      return PageResponse.redirect()  // the key came before: nothing more is logged
    } catch let error where Problem(error).status == .unprocessableContent {
      // The service worker sending its queue has no use for a page: it wants the server's
      // words, to tell the person which tap was not logged and why.
      if QueuedTap.wantsProblem(request.headers) { throw Problem(error) }
      return try await today(
        session, status: .unprocessableContent, error: Problem(error).detail, typed: amount)
    }
    return PageResponse.redirect()
  }

  /// Takes back the last change this browser made from the page (a tap, a delete, an edit, a
  /// setting), else the last drink its token logged (a tap the service worker sent), and says
  /// what it did on the next screen.
  @Sendable func undo(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    var request = request
    let form = try await context.postedForm(&request)
    let said: String
    do {
      if let step = await undo.take(for: session.id) {
        said = "Undone. " + (try await runner.writing(step.reverse))
      } else {
        said = try await runner.writing { [token = session.token.id] call in
          let removed = try UndoLast().run(.init(loggedBy: token), in: call)
          return "Undone. Removed "
            + EntryUndo.words(removed.drink, removed.typeName ?? "?", call) + "."
        }
      }
    } catch StoreError.nothingToUndo {
      said = "Nothing to undo: no change made from this page is left to take back."
    } catch let error where Problem(error).status.code < 500 {
      said = "Could not undo: " + Problem(error).detail
    }
    await undo.say(said, to: session.id)
    return PageResponse.redirect(form["back"] == "/settings" ? "/settings" : "/")
  }

  @Sendable func delete(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    let uid = try context.parameters.require("uid")
    let steps = try await runner.writing { call in
      try DeleteEntries().run(.init(entries: [.uid(uid)]), in: call).removed.map {
        EntryUndo.deleted($0, call)
      }
    }
    if let step = steps.first {
      await undo.record(step, for: session.id)
      await undo.say(step.said + " Undo brings it back.", to: session.id)
    }
    return PageResponse.redirect()
  }
}
