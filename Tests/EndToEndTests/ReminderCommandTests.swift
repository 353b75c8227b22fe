import Foundation
import Testing

/// `due`, `remind`, `remind tick` with a recording notifier, `remind install` checked by
/// systemd-analyze, and the status bar formats. Berlin, Friday 2026-11-20, 14:00 local.
@Suite struct ReminderCommandTests {
  private func cli(now: String = "2026-11-20T13:00:00Z") throws -> CLI {
    try CLI(now: now, timeZone: "Europe/Berlin")
  }

  /// A notifier that records its arguments, one per line, and answers `answer`.
  private func recorder(_ cli: CLI, answer: String = "", status: Int = 0) throws -> (String, URL) {
    let log = cli.folder.appendingPathComponent("notified.txt")
    let script = cli.folder.appendingPathComponent("notify.sh")
    try Data(
      "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log.path)'\necho '\(answer)'\nexit \(status)\n".utf8
    ).write(to: script)
    chmod(script.path, 0o755)
    return (script.path, log)
  }

  @Test func dueSaysWhenAndWhyInTextAndJSON() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "12:30")
    #expect(try cli.run("due").stdout == "Due now — 30 min overdue · 607 mL behind pace\n")
    let json = try cli.run("due", "--format", "json").stdout
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["now"] as? String == "2026-11-20T14:00:00+01:00")
    #expect(object["lastDrinkAt"] as? String == "2026-11-20T12:30:00+01:00")
    // 60 minutes after the drink, since 250 mL is behind the pace from the window's start.
    #expect(object["nextDueAt"] as? String == "2026-11-20T13:30:00+01:00")
    #expect(object["overdueMinutes"] as? Int == 30)
    #expect(object["intake"] as? Double == 250)
    #expect(object["expected"] as? Double == 857.14)  // 2,000 mL x 6 of 14 hours
    #expect(object["behind"] as? Double == 607.14)
    #expect(object["quiet"] as? Bool == false && object["goalMet"] as? Bool == false)
    #expect(object["snoozedUntil"] is NSNull)
    let quiet = try self.cli(now: "2026-11-20T06:00:00Z")
    defer { quiet.cleanUp() }
    #expect(
      try quiet.run("due").stdout == "Quiet hours until 8:00 AM · next drink due at 9:00 AM\n")
    let nothing = try quiet.run("due", "--format", "json").stdout
    #expect(nothing.contains("\"lastDrinkAt\" : null"))
  }

  @Test func aDrinkJustLoggedMovesTheNextOneAndTheGoalEndsTheDay() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "500ml", "--at", "13:55")
    #expect(
      try cli.run("due").stdout
        == "Next drink due at 2:55 PM (60 min after 500 mL Water at 1:55 PM, sooner because you are"
        + " behind pace) · 357 mL behind pace\n")
    try cli.run("log", "water", "1500ml", "--at", "13:58")
    #expect(
      try cli.run("due").stdout == "Goal reached: 2,000 / 2,000 mL. Nothing more is due today\n")
  }

  @Test func badSettingsAreRefusedAndChangeNothing() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    #expect(try cli.run("remind", "--every", "90m", "--from", "07:00").status == 0)
    let before = try cli.run("remind").stdout
    #expect(before.hasPrefix("Reminders on: every 90m after the last drink"))
    for (arguments, message) in [
      (["--every", "0m"], "The interval '0m' is shorter than a minute."),
      (["--every", "120m-60m"], "The interval '120m-60m' runs backwards."),
      (["--from", "25:00"], "Cannot read the time '25:00'."),
      (["--mode", "sometimes"], "Unknown mode 'sometimes'. Use after-drink or fixed."),
      (["--from", "22:00", "--until", "22:00"], "The waking window starts and ends at 22:00"),
      (["--every", "90m", "--from", "7"], "Cannot read the time '7'."),
    ] {
      let result = try cli.run(["remind"] + arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.hasPrefix("error: \(message)"), "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("Nothing was changed."))
    }
    #expect(try cli.run("remind").stdout == before)
  }

  @Test func tickNotifiesOnceAndItsActionLogsTheDrink() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    let (notifier, log) = try recorder(cli, answer: "log")
    let environment = ["LIQUIDUS_NOTIFY_COMMAND": notifier]
    let first = try cli.run(["remind", "tick"], extraEnvironment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      try String(contentsOf: log, encoding: .utf8)
        == "--app-name=Liquidus\n--urgency=normal\n--expire-time=300000\n"
        + "--action=log=Log 250 mL Water\nTime for a drink\n"
        + "0 of 2,000 mL today (0%) · 857 mL behind pace · 300 min overdue\n")
    #expect(first.stdout.contains("Logged 250 mL of Water from the reminder."))
    #expect(try cli.run("list", "--format", "csv").stdout.contains(",Water,250,mL,"))
    // The drink moved the next due time: nothing to say until it comes.
    let second = try cli.run(["remind", "tick"], extraEnvironment: environment)
    #expect(second.stdout.hasPrefix("No reminder: Next drink due at 3:00 PM"))
    #expect(
      try String(contentsOf: log, encoding: .utf8).components(separatedBy: "Time for").count == 2)
  }

  @Test func oneDueDrinkIsOneNotificationAndASnoozeHoldsIt() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    let (notifier, log) = try recorder(cli)  // the person ignores it
    let environment = ["LIQUIDUS_NOTIFY_COMMAND": notifier]
    #expect(try cli.run(["remind", "tick"], extraEnvironment: environment).status == 0)
    let again = try cli.run(["remind", "tick"], extraEnvironment: environment)
    #expect(again.stdout == "Already reminded for the drink due at 9:00 AM.\n")
    #expect(
      try String(contentsOf: log, encoding: .utf8).components(separatedBy: "Time for").count == 2)
    #expect(try cli.run("remind", "snooze", "30m").stdout == "Reminders snoozed until 2:30 PM.\n")
    let snoozed = try cli.run(["remind", "tick"], extraEnvironment: environment)
    #expect(snoozed.stdout.hasPrefix("No reminder: Next drink due at 2:30 PM (snoozed)"))
  }

  @Test func withoutANotificationServiceTickSaysSoAndTriesAgainNextTime() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    let (failing, _) = try recorder(cli, status: 1)
    let failed = try cli.run(
      ["remind", "tick"], extraEnvironment: ["LIQUIDUS_NOTIFY_COMMAND": failing])
    #expect(failed.status == 0)
    #expect(failed.stderr.hasPrefix("liquidus: No notification service answered"))
    // The failed attempt wrote its own line to the recorder's file; the next tick must send
    // the reminder again, not count it as sent.
    let (working, log) = try recorder(cli)
    try FileManager.default.removeItem(at: log)
    #expect(
      try cli.run(["remind", "tick"], extraEnvironment: ["LIQUIDUS_NOTIFY_COMMAND": working]).status
        == 0)
    let sent = try String(contentsOf: log, encoding: .utf8)
    #expect(sent.components(separatedBy: "Time for").count == 2, "\(sent)")
    let missing = try self.cli()
    defer { missing.cleanUp() }
    let none = try missing.run(["remind", "tick"], extraEnvironment: ["PATH": "/nonexistent"])
    #expect(none.status == 0)
    #expect(none.stderr.contains("sudo apt-get install libnotify-bin"), "\(none.stderr)")
  }

  @Test func quietHoursAndReminderOffNeverNotify() throws {
    let cli = try self.cli(now: "2026-11-20T22:30:00Z")
    defer { cli.cleanUp() }
    let (notifier, log) = try recorder(cli)
    let quiet = try cli.run(
      ["remind", "tick"], extraEnvironment: ["LIQUIDUS_NOTIFY_COMMAND": notifier])
    #expect(quiet.stdout.hasPrefix("No reminder: Quiet hours until tomorrow 8:00 AM"))
    let day = try self.cli()
    defer { day.cleanUp() }
    #expect(try day.run("remind", "--off").status == 0)
    let off = try day.run(
      ["remind", "tick"], extraEnvironment: ["LIQUIDUS_NOTIFY_COMMAND": notifier])
    #expect(off.stdout.hasPrefix("No reminder: Reminders are off (liquidus remind --on)"))
    #expect(!FileManager.default.fileExists(atPath: log.path))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")))
  func installWritesUnitsThatSystemdAccepts() throws {
    var cli = try cli()
    defer { cli.cleanUp() }
    cli.environment["XDG_RUNTIME_DIR"] = nil
    let installed = try cli.runBinary("remind", "install")
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(installed.stdout.contains("systemctl --user enable --now liquidus-remind.timer"))
    let folder = cli.folder.appendingPathComponent(".config/systemd/user")
    let service = try String(
      contentsOf: folder.appendingPathComponent("liquidus-remind.service"), encoding: .utf8)
    #expect(
      service.contains("ExecStart=\"\(CLI.executable.resolvingSymlinksInPath().path)\" remind tick")
    )
    #expect(service.contains("Environment=\"LIQUIDUS_DB=\(cli.databasePath)\""))
    #expect(service.contains("Environment=\"TZ=Europe/Berlin\""))
    let verify = try cli.shell(
      "systemd-analyze verify '\(folder.path)/liquidus-remind.timer'"
        + " '\(folder.path)/liquidus-remind.service'")
    #expect(verify.status == 0, "\(verify.stderr)")
    let removed = try cli.runBinary("remind", "uninstall")
    #expect(removed.stdout.contains("Removed"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func statusBarsSayWhereTheDayStands() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "12:30")
    let waybar = try cli.run("status", "--format", "waybar").stdout
    #expect(!waybar.dropLast().contains("\n"))  // one line
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
    #expect(object["text"] as? String == "250 / 2,000 mL")
    #expect(object["class"] as? String == "due")
    #expect(object["percentage"] as? Int == 13)
    #expect(
      (object["tooltip"] as? String)?.hasSuffix("Due now — 30 min overdue · 607 mL behind pace")
        == true)
    #expect(try cli.run("status", "--format", "line").stdout == "250 / 2,000 mL 13% · drink due\n")
    try cli.run("log", "water", "300ml", "--at", "13:50")
    let behind = try cli.run("status", "--format", "waybar").stdout
    #expect(behind.contains("\"class\":\"behind\""), "\(behind)")
    try cli.run("log", "water", "2l", "--at", "13:55", "--force")
    let done = try cli.run("status", "--format", "waybar").stdout
    #expect(done.contains("\"class\":\"done\"") && done.contains("\"percentage\":100"))
    #expect(try cli.run("status", "--format", "line").stdout == "2,550 / 2,000 mL 127% · done\n")
  }

  @Test func anUnansweredNotificationCountsAsShownAndASnoozeSetMeanwhileSurvives() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    // A notifier that waits for the person longer than Liquidus waits, snoozing meanwhile
    // through another liquidus, as someone at the keyboard would.
    let script = cli.folder.appendingPathComponent("slow.sh")
    try Data(
      "#!/bin/sh\n\"$LIQUIDUS\" remind snooze 45m >/dev/null\nsleep 5\n".utf8
    ).write(to: script)
    chmod(script.path, 0o755)
    let result = try cli.runBinary(
      ["remind", "tick"],
      extraEnvironment: [
        "LIQUIDUS_NOTIFY_COMMAND": script.path, "LIQUIDUS_NOTIFY_TIMEOUT": "1",
        "LIQUIDUS": CLI.executable.path,
      ])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Reminded: Due now"))
    // Not notified again for the same due time, and the snooze is still there.
    let again = try cli.run("remind", "tick")
    #expect(
      again.stdout.hasPrefix("No reminder: Next drink due at 2:45 PM (snoozed)"), "\(again.stdout)")
  }
}
