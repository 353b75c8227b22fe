import Foundation
import Hummingbird
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

/// The page at `/`: sign in with a token, then one tap per drink. Plain forms that work without
/// JavaScript (post, then redirect), CSRF tokens on every form, a strict Content-Security-
/// Policy, and the same use cases as the API and the command line.
struct PageRoutes {
  let runner: CallRunner
  let store: DrinkStore
  let sessions: Sessions
  let throttle: Throttle
  let events: ChangeEvents
  let status: @Sendable () async throws -> String
  /// The largest export the Import screen takes, in bytes.
  let uploadLimit: Int64

  func add(to router: Router<APIRequestContext>) {
    router.get("/") { request, _ in try await home(request) }
    router.get("signin") { request, context in try await signInWithLink(request, context) }
    router.post("signin") { request, context in try await signIn(request, context) }
    router.post("signout") { request, _ in try await signOut(request) }
    router.post("log") { request, _ in try await log(request) }
    router.post("undo") { request, _ in try await undo(request) }
    router.post("entries/:uid/delete") { request, context in
      try await delete(request, uid: try context.parameters.require("uid"))
    }
    addEntryEditing(to: router)
    let trends = TrendsScreen(runner: runner, cache: RenderedReports())
    router.get("trends") { request, _ in
      let token = try await signedIn(request)
      let (kind, offset) = try TrendsScreen.selection(request.uri.queryParameters)
      let view = try await trends.view(kind: kind, offset: offset)
      let csrf = try await currentSession(request)?.1.csrf ?? ""
      _ = token
      return try page(
        PageView(
          title: "Trends", signedIn: true, csrf: csrf,
          body: try PageTemplates.render(view, "trends")))
    }
    router.get("trends/files/:name") { request, context in
      _ = try await signedIn(request)
      let name = try context.parameters.require("name")
      let expression = request.uri.queryParameters.get("period") ?? "week"
      guard let file = try await trends.files(expression).first(where: { $0.name == name }) else {
        throw Problem(.notFound, "There is no such chart for that period.")
      }
      let type =
        name.hasSuffix(".svg")
        ? "image/svg+xml" : name.hasSuffix(".wav") ? "audio/wav" : "text/plain; charset=utf-8"
      return Response(
        status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=30"],
        body: .init(byteBuffer: ByteBuffer(bytes: file.contents)))
    }
    for format in ["csv", "json"] {
      router.get(RouterPath("trends/summary.\(format)")) { request, _ in
        _ = try await signedIn(request)
        let expression = request.uri.queryParameters.get("period") ?? "week"
        let report = try await runner.run(
          ShowSummary(),
          PeriodQuery(period: PeriodSelection(expression: expression, default: "week")))
        let text = format == "csv" ? report.csv() : try report.jsonText()
        return Response(
          status: .ok,
          headers: [
            .contentType: format == "csv" ? "text/csv; charset=utf-8" : "application/json",
            .contentDisposition: "attachment; filename=\"liquidus-\(expression).\(format)\"",
          ],
          body: .init(byteBuffer: ByteBuffer(string: text)))
      }
    }
    router.get("settings") { request, _ in try await settings(request, status: .ok) }
    router.post("settings") { request, _ in
      var request = request
      let (form, session, _) = try await checkedForm(&request)
      do {
        let done = try await runner.withContext { call in try SettingsScreen.apply(form, call) }
        return try await settings(request, status: .ok, csrf: session.csrf, done: done)
      } catch let problem as CaffeineOrColorProblem {
        return try await settings(
          request, status: .unprocessableContent, csrf: session.csrf, error: problem.text)
      } catch let error where Problem(error).status.code < 500 {
        return try await settings(
          request, status: .unprocessableContent, csrf: session.csrf, error: Problem(error).detail)
      }
    }
    let importer = ImportScreen(runner: runner, limit: uploadLimit)
    router.get("import") { request, _ in
      guard let (_, session) = try await currentSession(request) else {
        throw Problem(.unauthorized, "Sign in first.")
      }
      return try page(
        PageView(
          title: "Import", signedIn: true, csrf: session.csrf,
          body: try PageTemplates.render(importer.view(csrf: session.csrf), "import")))
    }
    router.post("import") { request, _ in
      // The session first: a request without one is refused before its body is read.
      guard let (_, session) = try await currentSession(request) else {
        throw Problem(.unauthorized, "Sign in first.")
      }
      func screen(_ status: HTTPResponse.Status, error: String? = nil, report: String? = nil)
        throws -> Response
      {
        try page(
          PageView(
            title: "Import", signedIn: true, csrf: session.csrf,
            body: try PageTemplates.render(
              importer.view(csrf: session.csrf, error: error, report: report), "import")),
          status: status)
      }
      let upload: MultipartUpload
      do {
        upload = try await MultipartUpload.read(request, limit: importer.limit)
      } catch is MultipartUpload.TooLarge {
        return try screen(.contentTooLarge, error: "The file is larger than this server takes.")
      } catch is MultipartUpload.Malformed {
        return try screen(.badRequest, error: "Choose an export file and send the form again.")
      }
      guard TokenGuard.constantTimeEqual(Array(upload.csrf.utf8), Array(session.csrf.utf8)) else {
        upload.remove()
        throw Problem(.forbidden, "This form is out of date; reload the page and try again.")
      }
      return try screen(.ok, report: try await importer.importing(upload))
    }
    router.get("events") { request, _ in
      _ = try await signedIn(request)
      return try events.response(status: status)
    }
    asset(router, "static/app.css", "text/css; charset=utf-8", PageAssets.css)
    asset(router, "static/app.js", "text/javascript; charset=utf-8", PageAssets.javascript)
    asset(router, "static/icon.svg", "image/svg+xml", PageAssets.icon)
    asset(router, "manifest.webmanifest", "application/manifest+json", PageAssets.manifest)
    // Served fresh every time (a service worker's script is checked for updates) from the
    // root, so that it may control the whole page.
    router.get("sw.js") { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
        body: .init(byteBuffer: ByteBuffer(string: ServiceWorkerScript.text)))
    }
  }

  private func asset(
    _ router: Router<APIRequestContext>, _ path: String, _ type: String, _ text: String
  ) {
    router.get(RouterPath(path)) { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
        body: .init(byteBuffer: ByteBuffer(string: text)))
    }
  }

  // MARK: Screens

  private func home(_ request: Request) async throws -> Response {
    guard let (token, session) = try await currentSession(request) else {
      return try page(
        PageView(
          title: "Sign in", signedIn: false, csrf: "",
          body: try PageTemplates.render(SignInView(), "signin")))
    }
    return try await today(token: token, csrf: session.csrf, status: .ok)
  }

  private func today(
    token: APIToken, csrf: String, status: HTTPResponse.Status, error: String? = nil,
    typed: String? = nil
  ) async throws -> Response {
    var view = try await runner.withContext { call in try TodayView.make(call, csrf: csrf) }
    view.error = error
    view.typedAmount = typed
    return try page(
      PageView(
        title: "Today", signedIn: true, csrf: csrf, body: try PageTemplates.render(view, "today")),
      status: status)
  }

  func page(_ view: PageView, status: HTTPResponse.Status = .ok) throws -> Response {
    Response(
      status: status,
      headers: [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        .contentSecurityPolicy:
          "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; "
          + "connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; "
          + "frame-ancestors 'none'",
        .init("X-Content-Type-Options")!: "nosniff", .init("Referrer-Policy")!: "same-origin",
      ],
      body: .init(byteBuffer: ByteBuffer(string: try PageTemplates.render(view, "layout"))))
  }

  static func redirect(_ location: String = "/", cookie: String? = nil) -> Response {
    var headers: HTTPFields = [.location: location]
    if let cookie { headers[.setCookie] = cookie }
    return Response(status: .seeOther, headers: headers)
  }

  private func settings(
    _ request: Request, status: HTTPResponse.Status, csrf: String? = nil, error: String? = nil,
    done: String? = nil
  ) async throws -> Response {
    guard let (_, session) = try await currentSession(request) else {
      throw Problem(.unauthorized, "Sign in first.")
    }
    let csrf = csrf ?? session.csrf
    var view = try await runner.withContext { call in try SettingsScreen.view(call, csrf: csrf) }
    view.error = error
    view.done = done
    return try page(
      PageView(
        title: "Settings", signedIn: true, csrf: csrf,
        body: try PageTemplates.render(view, "settings")),
      status: status)
  }

  // MARK: Sign-in

  private func signIn(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let client = context.remoteAddress?.ipAddress ?? "unknown"
    let now = runner.clock()
    var request = request
    let form = try await PageForm.read(&request)
    let secret = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let token =
      throttle.isBlocked(client, at: now) ? nil : try await TokenGuard.find(secret, in: store)
    guard let token else {
      throttle.recordFailure(client, at: now)
      let body = try PageTemplates.render(
        SignInView(error: "That token is not known here; make one with the command shown."),
        "signin")
      return try page(
        PageView(title: "Sign in", signedIn: false, csrf: "", body: body), status: .unauthorized)
    }
    let id = try await sessions.open(for: token, now: now)
    return Self.redirect(cookie: sessions.cookie(id))
  }

  private func signOut(_ request: Request) async throws -> Response {
    var request = request
    let (_, session, id) = try await checkedForm(&request)
    _ = session
    try await sessions.close(id)
    return Self.redirect(cookie: sessions.cookie(nil))
  }

  /// The session and its token, when the cookie names a live session of a token that exists.
  func currentSession(_ request: Request) async throws -> (APIToken, Sessions.Session)? {
    guard let (_, session) = try await sessions.session(for: request, now: runner.clock()) else {
      return nil
    }
    return (session.token, session)
  }

  private func signedIn(_ request: Request) async throws -> APIToken {
    guard let (token, _) = try await currentSession(request) else {
      throw Problem(.unauthorized, "Sign in first.")
    }
    return token
  }

  /// A posted form of a signed-in page, with its CSRF token checked.
  func checkedForm(_ request: inout Request) async throws -> (
    PageForm, Sessions.Session, String
  ) {
    guard let (id, session) = try await sessions.session(for: request, now: runner.clock()) else {
      throw Problem(.unauthorized, "Sign in first.")
    }
    let form = try await PageForm.read(&request)
    guard let sent = form["csrf"],
      TokenGuard.constantTimeEqual(Array(sent.utf8), Array(session.csrf.utf8))
    else { throw Problem(.forbidden, "This form is out of date; reload the page and try again.") }
    return (form, session, id)
  }

  // MARK: Changes

  private func log(_ request: Request) async throws -> Response {
    var request = request
    let key = try IdempotencyKey.read(request.headers)
    let (form, session, _) = try await checkedForm(&request)
    let drink = form["drink"] ?? ""
    let amount = form["amount"] ?? ""
    let tapped = try QueuedTap.instant(form["at"])
    // The service worker sends a tap with its own key, and again after a lost answer or from
    // its offline queue: the key finds the first entry instead of logging a second one.
    let origin = RequestKey(
      tokenID: session.token.id, key: "page-" + (key ?? APIToken.newSecret()),
      fingerprint: APIToken.digest(of: [drink, amount, form["at"] ?? ""].joined(separator: "\n")))
    if key != nil, try await QueuedTap.wasLogged(origin, store) { return Self.redirect() }
    do {
      _ = try await runner.run(
        LogDrink(),
        .init(
          drink: drink, amount: .text(amount), details: .init(at: tapped.map(TimeInput.instant)),
          origin: origin))
    } catch StoreError.requestKeyReused {
      return Self.redirect()  // the same tap, sent twice at once: the other one logged it
    } catch let error where Problem(error).status == .unprocessableContent {
      // The service worker sending its queue has no use for a page: it wants the server's
      // words, to tell the person which tap was not logged and why.
      if QueuedTap.wantsProblem(request.headers) { throw Problem(error) }
      let token = try await signedIn(request)
      return try await today(
        token: token, csrf: session.csrf, status: .unprocessableContent,
        error: Problem(error).detail, typed: amount)
    }
    return Self.redirect()
  }

  private func undo(_ request: Request) async throws -> Response {
    var request = request
    let (_, session, _) = try await checkedForm(&request)
    _ = try? await runner.run(UndoLast(), .init(loggedBy: session.token.id))
    return Self.redirect()
  }

  private func delete(_ request: Request, uid: String) async throws -> Response {
    var request = request
    _ = try await checkedForm(&request)
    _ = try await runner.run(DeleteEntries(), .init(entries: [.uid(uid)]))
    return Self.redirect()
  }
}
