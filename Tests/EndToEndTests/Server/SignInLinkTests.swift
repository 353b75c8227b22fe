import Foundation
import GRDB
import Testing

/// The one-time sign-in link (as Jupyter prints one): printed by `liquidus serve`, made anew by
/// `liquidus serve link`, spent on first use, expiring, and tied to a token that revoking ends.
@Suite(.serialized) struct SignInLinkTests {
  func liveCLI() throws -> CLI {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    return cli
  }

  /// The link the server printed as it started (it is written just after "Listening on").
  func printedLink(_ server: RunningServer) throws -> String {
    for _ in 0..<200 {
      if let range = server.log.range(of: "within 15 minutes): ") {
        return String(server.log[range.upperBound...].prefix { !$0.isWhitespace })
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("no sign-in link in: \(server.log)")
    return ""
  }

  /// Opens `link` with a fresh cookie jar; returns the jar and the answer's status line and
  /// headers.
  func open(_ link: String, _ server: RunningServer, _ cli: CLI) throws -> (
    jar: String, headers: String
  ) {
    let jar = cli.folder.appendingPathComponent("jar-\(UUID().uuidString)").path
    let headers = try server.curl(["-D", "-", "-o", "/dev/null", "-c", jar, link])
    return (jar, headers)
  }

  func isSignedIn(_ jar: String, _ server: RunningServer) throws -> Bool {
    try server.curl(["-b", jar, server.base + "/"]).contains(
      "<h1 id=\"day-title\" data-live>Today<span class=\"date\">")
  }

  @Test func theLinkPrintedAtStartSignsInOnceAndLeavesTheAddressBar() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let link = try printedLink(server)
    #expect(link.hasPrefix(server.base + "/signin?link="), "\(link)")
    let (jar, headers) = try open(link, server, cli)
    #expect(headers.contains("HTTP/1.1 303"), "\(headers)")
    #expect(headers.contains("Location: /\r\n"), "the secret leaves the address bar")
    #expect(headers.lowercased().contains("set-cookie: liquidus_session="))
    #expect(try isSignedIn(jar, server))
    // Spent: a second browser (or a replay from the history) gets the sign-in page.
    let (again, second) = try open(link, server, cli)
    #expect(second.contains("HTTP/1.1 401"), "\(second)")
    #expect(try !isSignedIn(again, server))
    let page = try server.curl([link])
    #expect(page.contains("That sign-in link has been used or has expired."), "\(page)")
    // Only its digest was stored, and it is gone once spent.
    let links = try DatabaseQueue(path: cli.databasePath).read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM signin_link") ?? -1
    }
    #expect(links == 0)
  }

  @Test func serveLinkMakesANewOneWhoseSessionEndsWithItsToken() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let made = try cli.run("serve", "link", "--url", server.base)
    #expect(made.status == 0, "\(made.stderr)")
    let link = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(made.stderr.contains("signs in as token 'page'"), "\(made.stderr)")
    let stored = try DatabaseQueue(path: cli.databasePath).read { db in
      try String.fetchAll(db, sql: "SELECT digest FROM signin_link")
    }
    #expect(!stored.isEmpty && !stored.contains { link.contains($0) }, "only a digest is kept")
    let (jar, _) = try open(link, server, cli)
    #expect(try isSignedIn(jar, server))
    #expect(try cli.run("serve", "token", "revoke", "page").status == 0)
    #expect(try !isSignedIn(jar, server), "revoking the link's token ends its session")
    // A named token that does not exist is refused in the command line's words.
    let unknown = try cli.run("serve", "link", "--token", "nobody")
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("No token is named 'nobody'."), "\(unknown.stderr)")
  }

  @Test func aLinkOlderThanFifteenMinutesIsRefused() throws {
    var cli = try liveCLI()
    defer { cli.cleanUp() }
    cli.environment["LIQUIDUS_NOW"] = "2026-11-20T14:00:00Z"
    let made = try cli.run("serve", "link")
    let link = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let late = try RunningServer(cli: cli, environment: ["LIQUIDUS_NOW": "2026-11-20T14:16:00Z"])
    let start = try #require(link.range(of: "/signin?")).lowerBound
    let path = String(link[start...])
    let (jar, headers) = try open(late.base + path, late, cli)
    #expect(headers.contains("HTTP/1.1 401"), "\(headers)")
    #expect(try !isSignedIn(jar, late))
  }

  @Test func aSessionOutlivesARestartOfTheServer() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let first = try RunningServer(cli: cli)
    let (jar, _) = try open(try printedLink(first), first, cli)
    #expect(try isSignedIn(jar, first))
    #expect(first.stop() == 0)
    let second = try RunningServer(cli: cli)
    #expect(try isSignedIn(jar, second), "the session is in the database, not the process")
  }
}
