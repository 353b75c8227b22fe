import Foundation
import Testing

/// The messages a first week met (issue 29, "Unhelpful or wrong messages"): each says what is
/// true and what to type.
@Suite struct FirstWeekMessageTests {
  @Test func aTimeOptionByAnotherNameSuggestsAt() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for arguments in [
      ["log", "water", "250ml", "--time", "07:30"], ["edit", "1", "--time=07:30"],
    ] {
      let result = try cli.run(arguments)
      #expect(result.status == 64)
      #expect(result.stderr.contains("Did you mean '--at'?"), "\(result.stderr)")
    }
  }

  @Test func aDryRunNeverSaysTheOtherRowsWereImported() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = cli.folder.appendingPathComponent("bad.csv")
    try
      "date,drink,amount,unit\n2026-11-19T08:00:00Z,Water,250,ml\n2026-11-19T09:00:00Z,Water,abc,ml\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try cli.run("import", file.path, "--dry-run")
    #expect(!result.stderr.contains("The other rows were imported"), "\(result.stderr)")
    #expect(result.stderr.contains("dry run"), "\(result.stderr)")
  }

  @Test func changingAnUnknownTypeNeverSuggestsAddingIt() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("types", "delete", "Nope")
    #expect(result.status == 64)
    #expect(!result.stderr.contains("types add"), "\(result.stderr)")
    #expect(result.stderr.contains("liquidus types"), "\(result.stderr)")
  }

  @Test func mergingAMissingFileIsAUsageError() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("merge", "nowhere.sqlite").status == 64)
  }

  @Test func aFactorOfOneIsNotOneTimes() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("types", "hydration", "Water", "1")
    #expect(result.stdout == "Water now counts its full volume toward the goal.\n")
  }

  @Test func theLogLineForAnotherDayDoesNotRepeatItsDate() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("log", "juice", "237ml", "--at", "yesterday 21:00")
    #expect(result.stdout.contains("at yesterday 9:00 PM · that day 237 / 2,000 mL"), "\(result)")
  }

  @Test func editEchoesTheCaffeineAndUndoTheDaysTotal() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "500ml", "--at", "08:00")
    try cli.run("log", "coffee", "250ml", "--at", "09:00")
    let edit = try cli.run("edit", "2", "--caffeine", "50mg")
    #expect(edit.stdout.contains("(50 mg caffeine)"), "\(edit.stdout)")
    let undo = try cli.run("undo")
    #expect(undo.stdout.hasSuffix("(id 2) · today 500 / 2,000 mL (25%).\n"), "\(undo.stdout)")
  }

  @Test func caffeineGroupsThousands() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "coffee", "500ml", "--caffeine", "750mg", "--at", "08:00")
    try cli.run("log", "coffee", "500ml", "--caffeine", "749mg", "--at", "09:00")
    let summary = try cli.run("summary", "today")
    #expect(summary.stdout.contains("Caffeine: 1,499 mg"), "\(summary.stdout)")
  }

  @Test func aDayReportSaysTodayOnlyForToday() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "500ml", "--at", "08:00")
    let today = try cli.run("summary", "today", "--format", "text").stdout
    #expect(today.hasPrefix("Today, "), "\(today)")
    let old = try cli.run("summary", "2026-11-01", "--format", "text").stdout
    #expect(!old.hasPrefix("Today"), "\(old)")
  }

  @Test func aStreakLongerThanThePeriodIsNotCalledLongerThanTheLongest() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // Now is Friday 2026-11-20; the week began on Sunday the 15th. Goal days from the 13th.
    try cli.run("goal", "100ml", "--from", "2026-11-01")
    for day in 13...20 {
      try cli.run("log", "water", "250ml", "--at", "2026-11-\(day) 08:00")
    }
    let summary = try cli.run("summary", "week").stdout
    #expect(summary.contains("streak 8 days, 6 of them here"), "\(summary)")
  }

  @Test(arguments: [
    ["summary", "this", "week"], ["summary", "this", "month"], ["list", "this", "year"],
    ["summary", "this", "half-year"],
  ])
  func thisPeriodIsTheCurrentOne(arguments: [String]) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let this = try cli.run(arguments)
    let current = try cli.run([arguments[0], arguments[2]])
    #expect(this.status == 0 && this.stdout == current.stdout, "\(this.stderr)")
  }

  /// "2 hours" is two hours from now (14:03), the same as `2h`, not two minutes; and the
  /// reminders say so afterwards.
  @Test func snoozeReadsADurationInWords() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("remind", "snooze", "2", "hours")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Reminders snoozed until 4:03 PM.\n", "\(result.stdout)")
    #expect(try cli.run("remind").stdout.contains("due at 4:03 PM (snoozed)"))
    let minutes = try cli.run("remind", "snooze", "90", "minutes")
    #expect(minutes.stdout == "Reminders snoozed until 3:33 PM.\n", "\(minutes.stdout)")
    #expect(try cli.run("remind", "snooze", "2h").stdout == result.stdout)
  }

  @Test func aRangeOfIdsIsDeletedAllOrNothing() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for hour in 1...4 { try cli.run("log", "water", "300ml", "--at", "0\(hour):00") }
    let missing = try cli.run("delete", "3-5")
    #expect(missing.status == 64 && missing.stderr.contains("id 5"), "\(missing.stderr)")
    #expect(try cli.run("list", "--format", "csv").stdout.split(separator: "\n").count == 5)
    let range = try cli.run("delete", "2-4")
    #expect(range.status == 0)
    #expect(range.stdout.hasPrefix("Removed 3 entries:\n"), "\(range.stdout)")
    #expect(try cli.run("delete", "9-2").status == 64)
  }

  @Test func cssColourNamesAreColours() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("types", "color", "Water", "teal").stdout == "Water is now #008080.\n")
    let added = try cli.run("types", "add", "Tea", "--color", "DarkOrange")
    #expect(added.stdout.contains("#FF8C00"), "\(added.stdout)")
    #expect(try cli.run("types", "color", "Water", "bleu").status == 64)
  }

  @Test func purgeSaysHowManyAndAsks() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "juice", "200ml", "--at", "08:00")
    try cli.run("log", "juice", "200ml", "--at", "09:00")
    let script = try cli.run("types", "delete", "Juice", "--purge")
    #expect(script.status == 64, "no terminal, no --yes")
    #expect(script.stderr.contains("would remove 2 entries"), "\(script.stderr)")
    let declined = try cli.run(["types", "delete", "Juice", "--purge"], answer: "n")
    #expect(declined.stderr.contains("This removes Juice and its 2 entries"))
    #expect(declined.stdout == "Nothing was removed.\n")
    #expect(try cli.run("list", "--format", "csv").stdout.split(separator: "\n").count == 3)
    let agreed = try cli.run(["types", "delete", "Juice", "--purge"], answer: "y")
    #expect(agreed.status == 0 && agreed.stdout.contains("Removed Juice and 2 entries."))
    try cli.run("types", "add", "Soda2")
    try cli.run("log", "soda2", "200ml", "--at", "08:00")
    #expect(try cli.run("types", "delete", "Soda2", "--purge", "--yes").status == 0)
  }
}
