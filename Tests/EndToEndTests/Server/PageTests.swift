import Foundation
import GRDB
import Testing

/// The page at `/`, over HTTP as a browser sends it (forms, cookies), and in a real browser.
@Suite(.serialized) struct PageTests {
  func liveCLI() throws -> CLI {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    return cli
  }

  /// Signs in with curl and returns the cookie jar and the page's CSRF token.
  func signIn(_ server: RunningServer, _ cli: CLI) throws -> (jar: String, csrf: String) {
    let jar = cli.folder.appendingPathComponent("jar-\(UUID().uuidString)").path
    _ = try server.curl(["-c", jar, "-d", "token=\(server.token)", server.base + "/signin"])
    let page = try server.curl(["-b", jar, server.base + "/"])
    let marker = try #require(page.range(of: "name=\"csrf\" value=\""))
    return (jar, String(page[marker.upperBound...].prefix { $0 != "\"" }))
  }

  func count(_ cli: CLI) throws -> Int {
    try DatabaseQueue(path: cli.databasePath).read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM drink") ?? 0
    }
  }

  @Test func signingInSetsAStrictCookieAndAFormLogsADrink() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let headers = try server.curl([
      "-D", "-", "-o", "/dev/null", "-d", "token=\(server.token)", server.base + "/signin",
    ])
    #expect(headers.contains("HTTP/1.1 303"))
    let cookie = try #require(
      headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") })
    for flag in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=2592000"] {
      #expect(cookie.contains(flag), "\(cookie)")
    }
    let (jar, csrf) = try signIn(server, cli)
    let page = try server.curl(["-D", "-", "-b", jar, server.base + "/"])
    #expect(page.contains("<h1 id=\"day-title\" data-live>Today<span class=\"date\">"))
    #expect(page.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
    #expect(!page.contains("<script>"), "no inline script")
    let logged = try server.curl([
      "-D", "-", "-o", "/dev/null", "-b", jar, "-d", "csrf=\(csrf)&drink=Water&amount=250ml",
      server.base + "/log",
    ])
    #expect(logged.contains("HTTP/1.1 303") && logged.contains("Location: /"))
    #expect(try count(cli) == 1)
  }

  @Test func formsWithoutTheirCSRFTokenOrFromAnotherSiteAreRefused() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let (jar, csrf) = try signIn(server, cli)
    func post(_ arguments: [String]) throws -> String {
      try server.curl(["-w", "%{http_code}", "-o", "/dev/null", "-b", jar] + arguments)
    }
    #expect(try post(["-d", "drink=Water&amount=250ml", server.base + "/log"]) == "403")
    #expect(
      try post(["-d", "csrf=forged&drink=Water&amount=250ml", server.base + "/log"]) == "403")
    #expect(
      try post([
        "-H", "Origin: https://evil.example", "-d", "csrf=\(csrf)&drink=Water&amount=250ml",
        server.base + "/log",
      ]) == "403")
    #expect(try count(cli) == 0)
  }

  @Test func aRevokedTokensSessionIsRefused() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let (jar, csrf) = try signIn(server, cli)
    let name = try #require(
      try cli.run("serve", "token", "list").stdout.split(separator: " ").first.map(String.init))
    #expect(try cli.run("serve", "token", "revoke", name).status == 0)
    #expect(try server.curl(["-b", jar, server.base + "/"]).contains("<h1>Sign in</h1>"))
    let status = try server.curl([
      "-w", "%{http_code}", "-o", "/dev/null", "-b", jar, "-d",
      "csrf=\(csrf)&drink=Water&amount=250ml", server.base + "/log",
    ])
    #expect(status == "401")
    #expect(try count(cli) == 0)
  }

  @Test func markupInNamesAndNotesIsShownAsText() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let name = "<script>x</script>\"]]>"
    #expect(try cli.run("types", "add", name).status == 0)
    #expect(
      try cli.run("log", name, "250ml", "--note", "<img src=x onerror=alert(1)> ']]>").status == 0)
    let server = try RunningServer(cli: cli)
    let (jar, _) = try signIn(server, cli)
    let page = try server.curl(["-b", jar, server.base + "/"])
    #expect(!page.contains("<script>x"))
    #expect(!page.contains("<img src=x"))
    #expect(page.contains("&lt;script&gt;x&lt;/script&gt;&quot;]]&gt;"), "\(page)")
    #expect(page.contains("&lt;img src=x onerror=alert(1)&gt; &#39;]]&gt;"))
  }

  @Test func anEntryIsEditedWithAPlainFormInTheCommandLinesWords() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "250ml").status == 0)
    let before = try DatabaseQueue(path: cli.databasePath).read { db in
      try String.fetchOne(db, sql: "SELECT at_ms || '' FROM drink")
    }
    let server = try RunningServer(cli: cli)
    let (jar, csrf) = try signIn(server, cli)
    let today = try server.curl(["-b", jar, server.base + "/"])
    let link = try #require(today.firstMatch(of: /href="(\/entries\/[^"\/]+\/edit)"/)?.output.1)
    let form = try server.curl(["-b", jar, server.base + link])
    #expect(form.contains("<h1>Edit an entry</h1>") && form.contains("value=\"250 mL\""), "\(form)")
    let time = try #require(form.firstMatch(of: /id="edit-time" name="time" value="([^"]+)"/))
      .output.1
    func post(_ body: String) throws -> String {
      try server.curl(["-w", "\n%{http_code}", "-b", jar, "-d", body, server.base + link])
    }
    #expect(try post("drink=Water&amount=300ml&time=\(time)&note=").hasSuffix("\n403"))
    let refused = try post("csrf=\(csrf)&drink=Water&amount=lots&time=\(time)&note=")
    #expect(refused.hasSuffix("\n422"))
    let cliWords = try cli.run("edit", "1", "--amount", "lots").stderr
    #expect(cliWords.hasPrefix("error: Cannot read the amount 'lots'"), "\(cliWords)")
    #expect(refused.contains("Cannot read the amount &#39;lots&#39;"), "\(refused)")
    #expect(refused.contains("value=\"lots\""), "the typed amount stays in its field")
    let saved = try post("csrf=\(csrf)&drink=Soda&amount=300ml&time=\(time)&note=after+lunch")
    #expect(saved.hasSuffix("\n303"), "\(saved)")
    let row = try DatabaseQueue(path: cli.databasePath).read { db in
      try Row.fetchOne(
        db,
        sql: "SELECT t.name, d.volume_ml, d.note, d.at_ms || '' FROM drink d "
          + "JOIN drink_type t ON t.id = d.type_id")
    }
    #expect(row?[0] == "Soda" && row?[1] == 300.0 && row?[2] == "after lunch")
    #expect(row?[3] == before, "a time sent back unchanged leaves the instant as it was")
    #expect(try cli.run("list").stdout.contains("after lunch"))
  }

  @Test func aBrowserSignsInTapsUndoesAndSeesAnotherProcessLog() throws {
    try AccessibilityChecker.requireInstalled()
    let root = AccessibilityChecker.root
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let walk = try cli.shell(
      "'\(root.path)/Scripts/check-page' '\(server.base)' '\(server.token)' 2>&1")
    #expect(walk.status == 0, "\(walk.stdout)")
    #expect(!walk.stdout.contains("FAIL"), "\(walk.stdout)")
    #expect(
      walk.stdout.contains(
        "ok   desktop, dark: a drink logged with liquidus log appears without a reload (1 new"),
      "\(walk.stdout)")
    // Issue 43's checks ran: the charts' labels on a phone, the buttons, the day's turn.
    for step in [
      "ok   phone, light: the month's chart labels read at",
      "ok   phone, dark: the month is",
      "ok   desktop, light: the week's sentences open from 'In words'",
      "ok   phone, dark: the servings are buttons, the most used first",
      "ok   midnight: at midnight the heading, ring and list turn to Saturday",
    ] {
      #expect(walk.stdout.contains(step), "\(walk.stdout)")
    }
  }

  @Test func aQueuedTapSentTwiceWithItsKeyIsLoggedOnceAtTheMinuteItWasTapped() throws {
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    let (jar, csrf) = try signIn(server, cli)
    let tapped = Date().addingTimeInterval(-600)
    let at = tapped.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
    func send(key: String) throws -> String {
      try server.curl([
        "-w", "%{http_code}", "-o", "/dev/null", "-b", jar, "-H", "Idempotency-Key: \(key)",
        "--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "drink=Water",
        "--data-urlencode", "amount=250ml", "--data-urlencode", "at=\(at)Z", server.base + "/log",
      ])
    }
    #expect(try send(key: "tap-1") == "303")
    #expect(try send(key: "tap-1") == "303", "the retry is answered as the first was")
    #expect(try count(cli) == 1, "the same key logs once")
    let stored = try DatabaseQueue(path: cli.databasePath).read { db in
      try String.fetchOne(
        db,
        sql: "SELECT \(ImportSupport.instantText("at_ms")) FROM drink")
    }
    let minute = tapped.formatted(
      .iso8601.year().month().day().dateTimeSeparator(.space).time(
        includingFractionalSeconds: false))
    #expect(stored?.hasPrefix(String(minute.prefix(16))) == true, "\(stored ?? "") \(minute)")
    #expect(try send(key: "tap-2") == "303")
    #expect(try count(cli) == 2, "another key is another tap")
  }

  @Test func aDrinkTappedWhileTheServerIsStoppedArrivesOnceOrIsToldWhyNot() throws {
    try AccessibilityChecker.requireInstalled()
    let root = AccessibilityChecker.root
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let made = try cli.run("serve", "token", "add", "offline")
    let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    // The script starts and stops the server itself: it must come back on the same port.
    let walk = try cli.shell("'\(root.path)/Scripts/check-page-offline' '\(token)' 2>&1")
    #expect(walk.status == 0, "\(walk.stdout)")
    #expect(!walk.stdout.contains("FAIL"), "\(walk.stdout)")
    #expect(walk.stdout.contains("ok   and it arrived exactly once"), "\(walk.stdout)")
    #expect(walk.stdout.contains("ok   dismissing it takes it away"), "\(walk.stdout)")
    #expect(
      walk.stdout.contains("ok   the queued tap counts in the ring at once and is marked waiting"),
      "\(walk.stdout)")
    #expect(
      walk.stdout.contains("ok   with the server stopped, Trends says it is offline"),
      "\(walk.stdout)")
    #expect(
      walk.stdout.contains("ok   a waiting tap's time is on the person's 24-hour clock"),
      "\(walk.stdout)")
    #expect(
      walk.stdout.contains("ok   once signed in again the queued drink arrives"), "\(walk.stdout)")
    #expect(
      walk.stdout.contains("ok   after signing out, Today no longer opens from the worker's copy"),
      "\(walk.stdout)")
    // The first tap, and the one queued while signed out; the refused amount logs nothing.
    #expect(try count(cli) == 2, "two drinks in the database, not one, not three")
  }

  /// A reminder the server pushed (to the loopback push service, which decrypts it)
  /// is handed to the real service worker; its notification's "Log", dispatched twice, logs
  /// one drink, "Snooze" snoozes, and Settings lists and stops the phones.
  @Test func aPushedReminderLogsOnceFromItsNotificationAndSettingsStopsThePhones() throws {
    try AccessibilityChecker.requireInstalled()
    let root = AccessibilityChecker.root
    let cli = try liveCLI()
    defer { cli.cleanUp() }
    let made = try cli.run("serve", "token", "add", "push")
    let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    // The script starts the server itself, with the loopback push service allowed.
    let walk = try cli.shell("'\(root.path)/Scripts/check-page-push' '\(token)' 2>&1")
    #expect(walk.status == 0, "\(walk.stdout)")
    #expect(!walk.stdout.contains("FAIL"), "\(walk.stdout)")
    for step in [
      "ok   delivered to the worker, it shows one notification, the reminder's",
      "ok   the second as a replay (Idempotent-Replayed: true)",
      "ok   exactly one drink is logged",
      "ok   the server snoozes",
      "ok   one of them marked as this phone",
      "ok   Stop ends the other phone's too",
    ] {
      #expect(walk.stdout.contains(step), "\(walk.stdout)")
    }
    #expect(try count(cli) == 1, "one drink in the database, however often Log was sent")
  }
}

/// The page's Import screen: an export uploaded as a browser sends it, streamed to disk and
/// capped.
@Suite(.serialized) struct PageUploadTests {
  func csrf(_ server: RunningServer, _ jar: String) throws -> String {
    let page = try server.curl(["-b", jar, server.base + "/import"])
    let marker = try #require(page.range(of: "name=\"csrf\" value=\""))
    return String(page[marker.upperBound...].prefix { $0 != "\"" })
  }

  func signIn(_ server: RunningServer, _ cli: CLI) throws -> String {
    let jar = cli.folder.appendingPathComponent("jar").path
    _ = try server.curl(["-c", jar, "-d", "token=\(server.token)", server.base + "/signin"])
    return jar
  }

  @Test func anAppleHealthZipUploadedFromThePageIsImportedAndReported() throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    let xml = try Data(contentsOf: ImportSupport.fixture("export.xml"))
    let zip = try ImportSupport.exportZip(cli, xml: xml)
    let expected = try cli.run("import", zip, "--dry-run").stdout
    let server = try RunningServer(cli: cli)
    let jar = try signIn(server, cli)
    let token = try csrf(server, jar)
    let page = try server.curl([
      "-b", jar, "-F", "file=@\(zip);filename=export.zip",
      server.base + "/import?csrf=\(token)",
    ])
    #expect(page.contains("<h2 id=\"report-title\">What was imported</h2>"), "\(page)")
    // The page reports in the command line's words what the command line's dry run said it
    // would add: the entries by drink, and the caffeine records.
    for line in expected.split(separator: "\n") where line.contains("Would add ") {
      let added = line.replacingOccurrences(of: "Would add", with: "Added")
      #expect(page.contains(added), "the page does not say \(added): \(page)")
    }
    for line in expected.split(separator: "\n") where line.contains("Caffeine records to add") {
      let added = line.replacingOccurrences(of: "to add", with: "added")
      #expect(page.contains(added), "the page does not say \(added): \(page)")
    }
    #expect(expected.contains("Would add ") && expected.contains("Caffeine records to add"))
    let imported = try ImportSupport.drinks(cli)
    #expect(!imported.isEmpty)
    // The same file again adds nothing: the page's import is the command line's.
    let again = try server.curl([
      "-b", jar, "-F", "file=@\(zip);filename=export.zip",
      server.base + "/import?csrf=\(token)",
    ])
    #expect(try ImportSupport.drinks(cli) == imported)
    #expect(again.contains("Added 0 entries"), "\(again)")
  }

  @Test func anUploadOverTheCapIsRefusedAndLeavesNothingOnDisk() throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    cli.environment["TMPDIR"] = cli.folder.appendingPathComponent("tmp").path
    defer { cli.cleanUp() }
    try FileManager.default.createDirectory(
      atPath: cli.environment["TMPDIR"]!, withIntermediateDirectories: true)
    let big = cli.folder.appendingPathComponent("big.csv")
    try Data(repeating: 0x41, count: 3 << 20).write(to: big)
    let server = try RunningServer(
      cli: cli, environment: ["LIQUIDUS_SERVE_UPLOAD_LIMIT": "1000000"])
    let jar = try signIn(server, cli)
    let token = try csrf(server, jar)
    let status = try server.curl([
      "-w", "%{http_code}", "-o", "/dev/null", "-b", jar,
      "-F", "file=@\(big.path);filename=big.csv", server.base + "/import?csrf=\(token)",
    ])
    #expect(status == "413")
    // A forged form (the session's cookie, but not its CSRF token, as another site could
    // send) is refused before its body is read: the form's token travels in its address.
    let forged = try server.curl([
      "-w", "%{http_code}", "-o", "/dev/null", "-b", jar, "-F", "csrf=\(token)",
      "-F", "file=@\(big.path);filename=big.csv", server.base + "/import?csrf=guess",
    ])
    #expect(forged == "403")
    let left = try FileManager.default.contentsOfDirectory(atPath: cli.environment["TMPDIR"]!)
    #expect(left.filter { $0.hasPrefix("liquidus-upload-") }.isEmpty, "\(left)")
    #expect(try ImportSupport.drinks(cli).isEmpty)
    // Without a session the body is not even read.
    let anonymous = try server.curl([
      "-w", "%{http_code}", "-o", "/dev/null", "-F", "file=@\(big.path)", server.base + "/import",
    ])
    #expect(anonymous == "401")
  }
}
