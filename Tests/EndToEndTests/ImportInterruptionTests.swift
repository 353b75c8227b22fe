import Foundation
import GRDB
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A killed import leaves whole batches, and running it again finishes the job exactly.
@Suite struct ImportInterruptionTests {
  static let rows = 200_000
  static let batchSize = 10_000

  /// One drink a minute from 2020-01-01, so row n's instant tells which row it was.
  private func writeLargeCSV(_ cli: CLI) throws -> String {
    // Dates by arithmetic: 200,000 minutes end in May 2020, and 2020 is a leap year.
    var text = "date,drink,amount,unit\n"
    text.reserveCapacity(Self.rows * 40)
    let months = [31, 29, 31, 30, 31, 30]
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    for row in 0..<Self.rows {
      var day = row / 1440
      var month = 0
      while day >= months[month] {
        day -= months[month]
        month += 1
      }
      let minute = row % 1440
      text += "2020-\(two(month + 1))-\(two(day + 1))T\(two(minute / 60)):\(two(minute % 60))"
      text += ":00Z,Water,\(100 + row % 400),mL\n"
    }
    return try ImportSupport.file(cli, "large.csv", text)
  }

  @Test func sigkillMidImportLeavesWholeBatchesAndARerunFinishesExactly() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let path = try writeLargeCSV(cli)
    try cli.run("types")  // the database exists before the reader below opens it

    // Kill as soon as two batches are committed: well before the end of 20 batches.
    let process = try ImportSupport.killImport(cli, path, onceThereAre: 2 * Self.batchSize)
    let database = try ImportSupport.database(cli)
    #expect(process.terminationReason == .uncaughtSignal, "the import finished before the kill")

    try database.read { db in
      #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
      let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM drink") ?? -1
      #expect(count > 0 && count < Self.rows)
      #expect(count % Self.batchSize == 0, "\(count) is not whole batches")
      // The entries present are the file's first `count` rows: one a minute from the start.
      let span = try Row.fetchOne(
        db, sql: "SELECT MIN(at_ms), MAX(at_ms), COUNT(DISTINCT at_ms) FROM drink")
      #expect(span?[0] == Int64(1_577_836_800_000))
      #expect(span?[1] == Int64(1_577_836_800_000 + (count - 1) * 60_000))
      #expect(span?[2] == count)
    }

    let rerun = try cli.run("import", path, "--quiet")
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(try ImportSupport.count(cli, "drink") == Self.rows)
    let check = try database.read { db in
      try String.fetchOne(db, sql: "PRAGMA integrity_check")
    }
    #expect(check == "ok")
  }
}
