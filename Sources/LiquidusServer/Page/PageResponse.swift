import Hummingbird

/// How every page answer is sent: a screen inside the layout with the page's security
/// headers, or a redirect after a post.
enum PageResponse {
  /// A screen rendered with its template inside the layout.
  static func screen(
    _ title: String, _ template: String, _ view: Any, session: Sessions.Session?,
    status: HTTPResponse.Status = .ok
  ) throws -> Response {
    try page(
      PageView(
        title: title, signedIn: session != nil, csrf: session?.csrf ?? "",
        body: try PageTemplates.render(view, template)),
      status: status)
  }

  /// The layout around an already rendered body: never cached, no inline script (the
  /// Content-Security-Policy allows only the page's own files), never framed.
  static func page(_ view: PageView, status: HTTPResponse.Status = .ok) throws -> Response {
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

  /// `303 See Other` to `location` (Today by default), setting a cookie when given one.
  static func redirect(_ location: String = "/", cookie: String? = nil) -> Response {
    var headers: HTTPFields = [.location: location]
    if let cookie { headers[.setCookie] = cookie }
    return Response(status: .seeOther, headers: headers)
  }
}
