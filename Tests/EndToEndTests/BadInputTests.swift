import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import Synchronization
import Testing

/// Every refusal exits 64, says what to do, and leaves the database as it was.
@Suite struct BadInputTests {
  /// Runs `arguments` against a database holding one entry and checks the refusal.
  private func expectRefused(
    _ arguments: [String], saying fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let before = try snapshot(cli)
    let result = try cli.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
    }
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(try snapshot(cli) == before, "database changed", sourceLocation: sourceLocation)
  }

  private func snapshot(_ cli: CLI) throws -> [String] {
    let store = try DrinkStore.open(at: cli.databasePath)
    let drinks = try store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    return try store.allTypes().map { "\($0)" } + drinks.map { "\($0)" }
  }

  @Test func unknownDrinkSuggestsTheNearestName() throws {
    try expectRefused(
      ["log", "watr", "250ml"],
      saying: ["Unknown drink 'watr'", "Did you mean 'Water'?", "types add"])
  }

  @Test func unreadableAmountListsTheUnits() throws {
    try expectRefused(
      ["log", "water", "lots"], saying: ["Cannot read the amount 'lots'", "fl oz"])
  }

  @Test(arguments: ["0ml", "-250ml", "nan", "6l"])
  func implausibleAmountsAreRefused(amount: String) throws {
    // `--` lets an amount start with a dash, as with any command-line tool.
    try expectRefused(
      ["log", "water", "--", amount], saying: [amount == "6l" ? "--force" : amount])
  }

  @Test func aTimeInTheFutureIsRefused() throws {
    try expectRefused(["log", "water", "250ml", "--at", "14:10"], saying: ["in the future"])
  }

  @Test func anUnreadableTimeListsTheForms() throws {
    try expectRefused(["log", "water", "250ml", "--at", "teatime"], saying: ["07:30", "ago"])
  }

  @Test func unknownIdsAreRefused() throws {
    try expectRefused(["delete", "1", "42"], saying: ["No entry has id 42"])
    try expectRefused(["edit", "42", "--amount", "100ml"], saying: ["No entry has id 42"])
  }

  @Test func aMissingAmountOrUnknownOptionGetsTheFullParsersMessage() throws {
    // `log`'s fast path hands anything unusual to ArgumentParser: same messages, same codes.
    try expectRefused(["log", "water"], saying: ["Missing expected argument '<amount>'"])
    try expectRefused(["log", "water", "250ml", "--when", "07:00"], saying: ["--when"])
    let cli = try CLI()
    defer { cli.cleanUp() }
    let help = try cli.run("log", "--help")
    #expect(help.status == 0 && help.stdout.contains("liquidus log coffee"))
  }

  @Test func forceAllowsALargeEntry() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "6l", "--force").status == 0)
  }

  @Test func twoProcessesLoggingAtOnceKeepEveryEntry() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("types")  // create the database first; the race under test is between writers
    // Two shells, each logging 100 drinks one process after another, run side by side. (The
    // shells are started from Swift, not with `&` and `wait`: children of the test process
    // inherit a blocked SIGCHLD, which makes a shell's `wait` sleep forever.)
    let loop = """
      i=0; while [ $i -lt 100 ]; do "$LIQUIDUS" log water 10ml --at 08:00 >/dev/null \
        || { echo "log failed with $?" >&2; exit 1; }; i=$((i+1)); done
      """
    let results = Mutex<[CLI.Result]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let result = (try? cli.shell(loop)) ?? CLI.Result(status: -1, stdout: "", stderr: "no run")
      results.withLock { $0.append(result) }
    }
    for result in results.withLock({ $0 }) {
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(try DrinkStore.open(at: cli.databasePath).entryCount() == 200)
  }
}
