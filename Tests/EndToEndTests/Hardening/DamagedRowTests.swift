import Foundation
import Testing

/// A value edited by hand in `sqlite3` into something Liquidus cannot read: every command
/// reports the entry by its id and goes on, and none crashes.
@Suite struct DamagedRowTests {
  /// What every command says of the damaged entry, on stderr: its time, whole milliseconds,
  /// was given half a millisecond more (09:00 UTC on Nov 20, the CLI's day, is
  /// 1795165200000 ms). It still sorts among the day's entries, and does not read.
  static let warning =
    "warning: Entry 2 cannot be read: its at_ms holds 1795165200000.5. Remove it "
    + "with `liquidus delete 2` (and log it again if it was a real drink). It was left out.\n"

  private func damaged() throws -> CLI {
    let cli = try CLI()
    for hour in 8...10 {
      try cli.run("log", "water", "\(hour * 10)ml", "--at", "\(hour):00", "--note", "h\(hour)")
    }
    let edited = try cli.shell(
      "sqlite3 '\(cli.databasePath)' \"UPDATE drink SET at_ms = at_ms + 0.5 WHERE id = 2\"")
    try #require(edited.status == 0, "the sqlite3 shell is needed: \(edited.stderr)")
    return cli
  }

  @Test func listShowsTheOthersAndNamesTheDamagedEntry() throws {
    let cli = try damaged()
    defer { cli.cleanUp() }
    let list = try cli.run("list")
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stdout == """
        Nov 20, 2026
        ID  When                 Drink  Amount  Note
         1  2026-11-20 8:00 AM   Water   80 mL  h8
         3  2026-11-20 10:00 AM  Water  100 mL  h10

        Total 180 mL in 2 entries

        """)
    #expect(list.stderr == Self.warning)
  }

  @Test func theGlancesNameTheDamagedEntryInsteadOfCrashing() throws {
    let cli = try damaged()
    defer { cli.cleanUp() }
    // status sums in SQL, so the others still count; due reads each drink's time.
    let status = try cli.run("status", "--format", "json")
    #expect(status.status == 0, "\(status.stderr)")
    let due = try cli.run("due")
    #expect(due.status != 0)
    #expect(due.stderr.contains("Entry 2 cannot be read: its at_ms holds"), "\(due.stderr)")
  }

  @Test func exportWritesTheOthersAndExitsWithBadData() throws {
    let cli = try damaged()
    defer { cli.cleanUp() }
    let export = try cli.run("export")
    #expect(export.status == 65)
    // Ids and change times vary; the rest of each row is known.
    let rows = export.stdout.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).prefix(7).joined(separator: ",")
    }
    #expect(
      rows == [
        "date,drink,amount,unit,note,source,caffeine_mg",
        "2026-11-20T08:00:00Z,Water,80,mL,h8,typed,0",
        "2026-11-20T10:00:00Z,Water,100,mL,h10,typed,0",
      ])
    #expect(export.stderr == Self.warning)
  }

  @Test func editingTheDamagedEntrySaysWhatIsWrongAndDeletingItWorks() throws {
    let cli = try damaged()
    defer { cli.cleanUp() }
    let edit = try cli.run("edit", "2", "--amount", "90ml")
    #expect(edit.status == 65)
    #expect(edit.stderr.contains("Entry 2 cannot be read"), "\(edit.stderr)")
    let delete = try cli.run("delete", "2", "2")
    #expect(delete.status == 0, "\(delete.stderr)")
    #expect(delete.stdout == "Removed 2, an entry that could not be read.\n")
    #expect(try cli.run("export").status == 0)
  }

  @Test func deletingAnIdTwiceRemovesAndReportsItOnce() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let delete = try cli.run("delete", "1", "1")
    #expect(delete.status == 0)
    #expect(delete.stdout.split(separator: "\n").count == 1, "\(delete.stdout)")
  }
}
