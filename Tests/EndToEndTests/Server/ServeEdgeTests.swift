import Foundation
import Testing

/// The server's smaller edges, against the real binary: charts in any locale, `HEAD`, and
/// what a trusted proxy's `X-Forwarded-Proto: https` changes (the cookie's `__Host-` prefix
/// and the origin the page's forms must come from).
@Suite(.serialized) struct ServeEdgeTests {
  func liveCLI() throws -> CLI {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    return cli
  }

  /// Signs in with curl (with `headers`) and returns the session cookie's `Set-Cookie` line.
  func signIn(_ server: RunningServer, headers: [String] = []) throws -> String {
    let answer = try server.curl(
      ["-D", "-", "-o", "/dev/null", "-d", "token=\(server.token)"]
        + headers.flatMap { ["-H", $0] } + [server.base + "/signin"])
    return answer.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
      .map(String.init) ?? ""
  }

  @Test func theTrendsPageDrawsItsChartsUnderLangC() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "250ml").status == 0)
    let server = try RunningServer(cli: cli, environment: ["LANG": "C", "LC_ALL": "C"])
    let jar = cli.folder.appendingPathComponent("jar").path
    _ = try server.curl(["-c", jar, "-d", "token=\(server.token)", server.base + "/signin"])
    let page = try server.curl(["-b", jar, "-w", "\n%{http_code}", server.base + "/trends"])
    #expect(page.hasSuffix("\n200"), "\(page.suffix(600))")
    let source = try #require(
      page.range(of: "<img src=\"").map { String(page[$0.upperBound...].prefix { $0 != "\"" }) },
      "\(page.suffix(600))")
    let chart = try server.curl([
      "-b", jar,
      server.base
        + source.replacingOccurrences(
          of: "&amp;", with: "&"),
    ])
    #expect(chart.contains("<svg"), "\(chart.prefix(300))")
  }

  @Test func headIsAnsweredAsGetWithoutABody() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let head = try server.curl([
      "-I", "-H", "Authorization: Bearer \(server.token)", server.base + "/api/status",
    ])
    #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
    #expect(head.lowercased().contains("content-type: application/json"), "\(head)")
    // The connection stays usable: a GET after a HEAD on it is answered whole.
    let both = try server.curl([
      "-H", "Authorization: Bearer \(server.token)", "-I", server.base + "/healthz",
      "--next", "-H", "Authorization: Bearer \(server.token)", server.base + "/healthz",
    ])
    #expect(both.hasSuffix("ok\n"), "\(both)")
  }

  @Test func behindATrustedProxyThatSaysHTTPSTheCookieTakesTheHostPrefix() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli, arguments: ["--trusted-proxy", "127.0.0.1"])
    let https = "X-Forwarded-Proto: https"
    let cookie = try signIn(server, headers: [https])
    #expect(cookie.lowercased().hasPrefix("set-cookie: __host-liquidus_session="), "\(cookie)")
    #expect(cookie.hasSuffix("; Secure"), "\(cookie)")
    let pair = String(cookie.dropFirst("set-cookie: ".count).prefix { $0 != ";" })
    let today = try server.curl(["-H", https, "-H", "Cookie: \(pair)", server.base + "/"])
    // Today's heading (the sign-in screen's is "Sign in").
    let todayHeading = "<h1 id=\"day-title\""
    #expect(today.contains(todayHeading), "\(today.prefix(300))")
    // Over plain HTTP the __Host- cookie is not read, and no such cookie is set.
    let plain = try server.curl(["-H", "Cookie: \(pair)", server.base + "/"])
    #expect(!plain.contains(todayHeading) && plain.contains("<h1>Sign in</h1>"))
    #expect(try signIn(server).lowercased().hasPrefix("set-cookie: liquidus_session="))
    // The page's origin is the one the browser used: https, as the proxy says.
    let marker = try #require(today.range(of: "name=\"csrf\" value=\""))
    let csrf = String(today[marker.upperBound...].prefix { $0 != "\"" })
    func post(origin: String) throws -> String {
      try server.curl([
        "-w", "%{http_code}", "-o", "/dev/null", "-H", https, "-H", "Cookie: \(pair)",
        "-H", "Origin: \(origin)", "-d", "csrf=\(csrf)&drink=Water&amount=250ml",
        server.base + "/log",
      ])
    }
    #expect(try post(origin: "http://127.0.0.1:\(server.port)") == "403")
    #expect(try post(origin: "https://127.0.0.1:\(server.port)") == "303")
  }

  @Test func withoutATrustedProxyItsHeadersChangeNothing() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let cookie = try signIn(server, headers: ["X-Forwarded-Proto: https"])
    #expect(cookie.lowercased().hasPrefix("set-cookie: liquidus_session="), "\(cookie)")
    #expect(!cookie.contains("Secure"), "\(cookie)")
  }
}
