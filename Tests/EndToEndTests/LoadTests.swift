import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import Testing

/// Several processes writing one database at once: every entry arrives, nobody gives up on a
/// locked database. The suite's one real end-to-end load test: other concurrency tests run the
/// commands in-process. Its time limit only catches a hang; the timing is printed, and the
/// benchmarks (Scripts/bench-log-under-import) are where speed is measured.
@Suite struct LoadTests {
  /// `rows` drinks in the plain csv layout, one a minute from 2025-01-01 00:00 UTC, so that
  /// none is in the future of the pinned now and none repeats another.
  static func plainCSV(rows: Int) -> String {
    var text = "date,drink,amount,unit\n"
    text.reserveCapacity(rows * 40)
    let start = 1_735_689_600  // 2025-01-01T00:00:00Z
    for row in 0..<rows {
      let seconds = start + row * 60
      let days = seconds / 86_400 - 20_089  // days since 2025-01-01
      let (month, day) = Self.monthAndDay(dayOfYear: days)
      let minuteOfDay = seconds % 86_400 / 60
      text += "2025-\(Self.two(month))-\(Self.two(day))T\(Self.two(minuteOfDay / 60))"
      text += ":\(Self.two(minuteOfDay % 60)):00Z,Water,\(100 + row % 400),mL\n"
    }
    return text
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// 2025 is not a leap year; 100,000 minutes reach only into March.
  private static func monthAndDay(dayOfYear: Int) -> (Int, Int) {
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    var day = dayOfYear
    for (index, length) in lengths.enumerated() {
      if day < length { return (index + 1, day + 1) }
      day -= length
    }
    return (12, 31)
  }

  @Test(.timeLimit(.minutes(8)))
  func fourLoggersAndAnImportEndWithEveryEntryAndNoLockFailure() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let rows = 100_000
    let file = try ImportSupport.file(cli, "load.csv", Self.plainCSV(rows: rows))
    // Each logger is a shell running `log` 120 times, one process after another, as a person
    // (or a widget) would. All five start before any is waited for; none creates the database
    // first, so the first-run migration races too.
    let loop = """
      i=0; while [ $i -lt 120 ]; do "$LIQUIDUS" log water 10ml --at 08:00 >/dev/null \
        || { echo "log $i failed with $?" >&2; exit 1; }; i=$((i+1)); done
      """
    let clock = ContinuousClock()
    let started = clock.now
    var running = try (0..<4).map { _ in try cli.launch(loop) }
    running.append(try cli.launch("\"$LIQUIDUS\" import --quiet --format csv '\(file)'"))
    let results = running.map { $0.finish() }
    let elapsed = clock.now - started

    for result in results {
      #expect(result.status == 0, "\(result.stderr)")
      let stderr = result.stderr.lowercased()
      #expect(!stderr.contains("locked") && !stderr.contains("busy"), "\(result.stderr)")
    }
    #expect(results.last?.stdout.contains("Added 100,000 entries") == true, "\(results.last!)")
    #expect(try DrinkStore.open(at: cli.databasePath).entryCount() == 4 * 120 + rows)
    print("Load: 4 x 120 log + import of \(rows) rows in \(elapsed)")
  }
}
