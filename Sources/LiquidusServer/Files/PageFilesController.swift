import Hummingbird

/// The page's own files, open to anyone (they hold nothing of the person's): the style sheet,
/// script and icon kept an hour and revalidated by their ETag after, the manifest likewise,
/// and the service worker checked on every load, as browsers expect of one, from the root so
/// that it may control the whole page.
struct PageFilesController {
  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    for (path, file) in [
      ("static/app.css", PageFiles.css), ("static/app.js", PageFiles.javascript),
      ("static/icon.svg", PageFiles.icon), ("manifest.webmanifest", PageFiles.manifest),
      ("static/icon-192.png", PageFiles.icon192), ("static/icon-512.png", PageFiles.icon512),
      ("static/icon-maskable-512.png", PageFiles.iconMaskable),
      ("apple-touch-icon.png", PageFiles.appleTouchIcon),
      ("static/offline.html", PageFiles.offline),
    ] {
      routes.get(RouterPath(path)) { request, _ in
        file.response(to: request, cacheControl: "public, max-age=3600")
      }
    }
    routes.get("sw.js") { request, _ in
      PageFiles.serviceWorker.response(to: request, cacheControl: "no-cache")
    }
    routes.get("api/openapi.json") { request, _ in
      PageFiles.openAPI.response(to: request, cacheControl: "no-cache")
    }
    return routes
  }
}
