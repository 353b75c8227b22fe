/// The page's own files, plain CSS and JavaScript with no build step (in `Resources/`).
enum PageFiles {
  /// The style sheet: light and dark, large targets, no framework.
  static let css = EmbeddedFile(PackageResources.app_css, "text/css; charset=utf-8")
  /// Keeps the figures and the list current when anything is logged anywhere (the server's
  /// events), by fetching the page again and swapping its live sections in place: no reload,
  /// and a form being typed in is left alone. Where the page is a secure context it runs the
  /// service worker, says which drinks wait in its queue (and when they wait for a new
  /// sign-in), which it could not log and why, and asks it to send them.
  static let javascript = EmbeddedFile(PackageResources.app_js, "text/javascript; charset=utf-8")
  /// The service worker (`/sw.js`). Where the page is a secure context (loopback, or TLS) it
  /// keeps the page's shell so the page opens without the server, and queues a drink tapped
  /// while the server cannot be reached, in IndexedDB, with the instant it was tapped and an
  /// `Idempotency-Key`. A queued drink leaves the queue only once the server has answered for
  /// it, and the key makes a second sending log nothing: never lost, never doubled. A drink the
  /// server refuses for good (a 4xx problem) is kept aside with the server's reason until the
  /// person dismisses it; one that needs a new sign-in (401, 403) stays queued, and goes with
  /// the page's current CSRF token once the person has signed in.
  static let serviceWorker = EmbeddedFile(
    PackageResources.sw_js, "text/javascript; charset=utf-8")
  static let manifest = EmbeddedFile(
    PackageResources.manifest_webmanifest, "application/manifest+json")
  static let icon = EmbeddedFile(PackageResources.icon_svg, "image/svg+xml")
  /// The icons a phone puts on its home screen: PNGs at 192 and 512 pixels, one with room
  /// around the drop for a launcher's mask, and Apple's 180-pixel one.
  static let icon192 = EmbeddedFile(PackageResources.icon_192_png, "image/png")
  static let icon512 = EmbeddedFile(PackageResources.icon_512_png, "image/png")
  static let iconMaskable = EmbeddedFile(PackageResources.icon_maskable_512_png, "image/png")
  static let appleTouchIcon = EmbeddedFile(PackageResources.apple_touch_icon_png, "image/png")
  /// What the service worker shows for Trends, Settings or Import while the server cannot be
  /// reached: the page's own words instead of the browser's error.
  static let offline = EmbeddedFile(PackageResources.offline_html, "text/html; charset=utf-8")

  /// The API described as OpenAPI 3.1, served at `GET /api/openapi.json`; the contract tests
  /// check the server's real answers against it, and schemathesis the server.
  ///
  /// Written by hand rather than generated: the routes call the same use cases as the command
  /// line, and the document says what a client may rely on.
  static let openAPI = EmbeddedFile(PackageResources.openapi_json, "application/json")
}
