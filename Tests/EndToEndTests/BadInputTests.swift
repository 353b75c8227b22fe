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

  @Test func aMissingDrinkOrUnknownOptionGetsTheFullParsersMessage() throws {
    // `log`'s fast path hands anything unusual to ArgumentParser: same messages, same codes.
    // (`log water` alone logs water's default serving: see ServingsCommandTests.)
    try expectRefused(["log"], saying: ["Missing expected argument '<drink>'"])
    try expectRefused(["log", "water", "250ml", "--when", "07:00"], saying: ["--when"])
    let cli = try CLI()
    defer { cli.cleanUp() }
    let help = try cli.run("log", "--help")
    #expect(help.status == 0 && help.stdout.contains("liquidus log coffee"))
  }

  @Test func forceAllowsALargeEntry() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("log", "water", "6l", "--force")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Logged 6,000 mL of Water at "), "\(result.stdout)")
    #expect(result.stdout.hasSuffix(" · today 6,000 / 2,000 mL (300%, goal reached)\n"))
  }

  @Test func twoWritersLoggingAtOnceKeepEveryEntry() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("types")  // create the database first; the race under test is between writers
    // Two threads, each logging 100 drinks through the command's entry point, one after
    // another; each run opens its own connection, so they contend for SQLite's lock as two
    // processes would. (LoadTests races real processes.)
    let failures = Mutex<[String]>([])
    let notes = Mutex<Set<String>>([])
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      for index in 0..<100 {
        let note = "\(writer)-\(index)"
        let result = try? cli.run("log", "water", "10ml", "--at", "08:00", "--note", note)
        if result?.status == 0 {
          notes.withLock { _ = $0.insert(note) }
        } else {
          failures.withLock { $0.append("\(note): \(result?.stderr ?? "no run")") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let stored = try DrinkStore.open(at: cli.databasePath).drinks(
      in: DateInterval(start: .distantPast, end: .distantFuture)
    ).compactMap(\.note)
    #expect(stored.count == 200)
    #expect(Set(stored) == notes.withLock { $0 })
  }
}
