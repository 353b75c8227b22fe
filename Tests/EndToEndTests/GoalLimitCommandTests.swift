import Foundation
import Testing

/// `goal --limit`: a daily maximum for people whose doctor limits their fluids. Every drink
/// counts whole, nothing cheers "to go", and nothing pushes to drink more.
@Suite struct GoalLimitCommandTests {
  /// A 1,500 mL limit from Monday 2026-11-16; Wednesday went over (1,800 mL), Thursday did
  /// not (1,000 mL); today (Friday 14:00) 800 mL of water and 400 mL of coffee so far.
  private func limitedWeek() throws -> CLI {
    let cli = try CLI(now: "2026-11-20T14:00:00Z")
    // Sunday's 500 mL is the first entry, so the week counts from Sunday (under the goal).
    for (amount, at) in [
      ("500ml", "2026-11-15 09:00"), ("1.8l", "2026-11-18 09:00"), ("1l", "2026-11-19 09:00"),
    ] {
      #expect(try cli.run("log", "water", amount, "--at", at).status == 0)
    }
    let set = try cli.run("goal", "--limit", "1.5l", "--from", "2026-11-16")
    #expect(set.stdout == "Daily limit set to 1,500 mL from 2026-11-16.\n", "\(set.stderr)")
    #expect(try cli.run("log", "water", "800ml", "--at", "09:00").status == 0)
    // Coffee counts 400 mL whole against a limit, whatever its hydration factor.
    #expect(try cli.run("types", "hydration", "coffee", "0.5").status == 0)
    #expect(try cli.run("log", "coffee", "400ml", "--at", "10:00").status == 0)
    return cli
  }

  @Test func statusSaysWhatIsLeftInEveryFormat() throws {
    let cli = try limitedWeek()
    defer { cli.cleanUp() }
    let table = try cli.run("status")
    #expect(table.stdout.hasPrefix("Today 1,200 of 1,500 mL · 300 mL left\n"), "\(table.stdout)")
    #expect(!table.stdout.contains("to go"))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(cli.run("status", "--format", "json").stdout.utf8))
        as? [String: Any])
    #expect(json["goalKind"] as? String == "limit")
    #expect(json["remaining"] as? Double == 300)
    #expect(json["goalMet"] as? Bool == true)
    let waybar = try cli.run("status", "--format", "waybar")
    #expect(waybar.stdout.contains(#""class":"within""#), "\(waybar.stdout)")
    #expect(waybar.stdout.contains(#""text":"1,200 of 1,500 mL · 300 mL left""#))

    #expect(try cli.run("log", "water", "500ml", "--at", "11:00").status == 0)
    let over = try #require(
      try JSONSerialization.jsonObject(
        with: Data(cli.run("status", "--format", "json").stdout.utf8))
        as? [String: Any])
    #expect(over["remaining"] as? Double == -200)
    #expect(over["goalMet"] as? Bool == false)
    #expect(try cli.run("status", "--format", "waybar").stdout.contains(#""class":"over""#))
    #expect(
      try cli.run("status").stdout.hasPrefix("Today 1,700 of 1,500 mL · 200 mL over the limit\n"))
  }

  @Test func logWarnsAtNinetyPercentAndPastTheLimitAndStillSucceeds() throws {
    let cli = try limitedWeek()
    defer { cli.cleanUp() }
    let near = try cli.run("log", "water", "200ml", "--at", "11:00")
    #expect(near.status == 0)
    #expect(
      near.stdout == "Logged 200 mL of Water at 11:00 AM · today 1,400 of 1,500 mL · 100 mL left\n")
    #expect(near.stderr == "warning: 1,400 mL on this day, 93% of your daily limit of 1,500 mL.\n")
    let still = try cli.run("log", "water", "50ml", "--at", "11:30")
    #expect(still.status == 0 && still.stderr.isEmpty, "said once, when the day reached 90%")
    let past = try cli.run("log", "water", "100ml", "--at", "12:00")
    #expect(past.status == 0)
    #expect(past.stdout.hasSuffix("today 1,550 of 1,500 mL · 50 mL over the limit\n"))
    #expect(
      past.stderr == "warning: 1,550 mL on this day, 50 mL over your daily limit of 1,500 mL.\n")
  }

  @Test func summaryCountsTheDaysWithinTheLimit() throws {
    let cli = try limitedWeek()
    defer { cli.cleanUp() }
    let table = try cli.run("summary")
    #expect(
      table.stdout.contains("Wed Nov 18  1,800       -  1,800    1,800  over"), "\(table.stdout)")
    #expect(table.stdout.contains("Fri Nov 20    800     400  1,200    1,200  ✓"), "counted whole")
    // Sunday had the 2,000 mL goal; Monday to Friday kept the limit but Wednesday.
    #expect(
      table.stdout.contains("Goal 2,000 mL then limit 1,500 mL met on 4 of 6 days · streak 2 days"))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(cli.run("summary", "--format", "json").stdout.utf8))
        as? [String: Any])
    let buckets = try #require(json["buckets"] as? [[String: Any]])
    #expect(
      buckets.map { $0["goalMet"] as? Bool } == [false, true, true, false, true, true, false])
    let text = try cli.run("summary", "--format", "text")
    #expect(text.stdout.contains("You stayed within your 1.5 liter limit on 4 of 6 days."))
    #expect(text.stdout.contains("Wednesday, Nov 18th: 1.8 liters, over the limit."))
  }

  @Test func dueSpreadsWhatIsLeftAndTickSendsNothingUnlessAsked() throws {
    let cli = try limitedWeek()
    defer { cli.cleanUp() }
    #expect(try cli.run("remind", "--on").status == 0)
    let due = try cli.run("due")
    #expect(due.stdout == "300 mL left until 10:00 PM, about 38 mL an hour\n", "\(due.stdout)")
    let json = try cli.run("due", "--format", "json")
    #expect(
      json.stdout.contains(#""goalKind" : "limit""#) && json.stdout.contains(#""due" : false"#))
    let notify = "LIQUIDUS_NOTIFY_COMMAND"
    let tick = try cli.run(["remind", "tick"], extraEnvironment: [notify: "echo"])
    #expect(tick.stdout.hasPrefix("No reminder: 300 mL left"), "\(tick.stdout)")
    let spread = try cli.run(["remind", "tick", "--spread"], extraEnvironment: [notify: "echo"])
    #expect(spread.stdout == "Reminded: 300 mL left until 10:00 PM, about 38 mL an hour\n")
  }

  @Test func aGoalAgainMakesItAGoal() throws {
    let cli = try limitedWeek()
    defer { cli.cleanUp() }
    #expect(try cli.run("goal", "2l").stdout == "Daily goal set to 2,000 mL.\n")
    #expect(try cli.run("status").stdout.hasPrefix("Today 1,000 / 2,000 mL (1,200 mL drunk)"))
  }
}
