import Hummingbird

/// Import: a health export uploaded from the phone, streamed to a private file and imported
/// by the same use case as `liquidus import`. The form carries its CSRF token in its address,
/// so a forged upload is refused before a byte of it is read.
struct ImportController {
  let screen: ImportScreen
  let undo: PageUndo

  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    routes.add(middleware: SignedInMiddleware())
    routes.get("import") { _, context in try respond(try context.requireSession()) }
    routes.add(middleware: CSRFMiddleware())
    routes.post("import", use: upload)
    return routes
  }

  @Sendable func upload(_ request: Request, context: APIRequestContext) async throws -> Response {
    let session = try context.requireSession()
    let upload: MultipartUpload
    do {
      upload = try await MultipartUpload.read(request, limit: screen.limit)
    } catch is MultipartUpload.TooLarge {
      return try respond(
        session, .contentTooLarge, error: "The file is larger than this server takes.")
    } catch is MultipartUpload.Malformed {
      return try respond(
        session, .badRequest, error: "Choose an export file and send the form again.")
    }
    let summary = try await screen.importing(upload)
    // An import is not taken back by Undo (it may add a year of entries); so that Undo does
    // not reach past it to the change before, which the person may no longer have in mind.
    await undo.forget(for: session.id)
    return try respond(session, .ok, summary: summary)
  }

  private func respond(
    _ session: Sessions.Session, _ status: HTTPResponse.Status = .ok, error: String? = nil,
    summary: ImportSummary? = nil
  ) throws -> Response {
    try PageResponse.screen(
      "Import", "import", screen.view(csrf: session.csrf, error: error, summary: summary),
      session: session, status: status)
  }
}
