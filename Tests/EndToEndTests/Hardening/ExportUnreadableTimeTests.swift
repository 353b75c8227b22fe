import Foundation
import Testing

/// `export` of everything once selected rows by time, so a row whose time sorts outside every
/// period (`'yesterday'`, `'zzz'`) was left out without a word and the export exited 0.
@Suite struct ExportUnreadableTimeTests {
  @Test func exportOfEverythingNamesARowWhoseTimeSortsOutsideEveryPeriodAndExitsWithBadData()
    throws
  {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for hour in 8...10 {
      #expect(try cli.run("log", "water", "\(hour * 10)ml", "--at", "\(hour):00").status == 0)
    }
    // `at_ms` holds whole milliseconds; text typed over it (a word, or a time written the way
    // older versions stored it) sorts after every number, outside every period.
    for text in ["yesterday", "2026-11-20 09:00:00.000"] {
      let edited = try cli.shell(
        "sqlite3 '\(cli.databasePath)' \"UPDATE drink SET at_ms = '\(text)' WHERE id = 2\"")
      try #require(edited.status == 0, "the sqlite3 shell is needed: \(edited.stderr)")
      for format in ["csv", "json"] {
        let export = try cli.run("export", "--format", format)
        #expect(export.status == 65, "\(text) \(format): \(export.stderr)")
        #expect(
          export.stderr.contains("Entry 2 cannot be read: its at_ms holds")
            && export.stderr.contains(text), "\(export.stderr)")
        #expect(
          !export.stdout.contains("\"amount\":90") && !export.stdout.contains(",90,mL"),
          "the damaged row is left out")
        #expect(export.stdout.contains("\"amount\":80") || export.stdout.contains(",80,"))
      }
    }
  }
}
