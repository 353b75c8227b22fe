import Foundation
import Testing

/// The command line's own paths: several files in one import, what `import` refuses before
/// reading anything, where the database is found, bad environment variables, the progress
/// bar on a terminal, and the refusals of `goal` and `edit`.
@Suite struct CommandLinePathTests {
  private func report(_ result: CLI.Result) -> String {
    ImportIdempotenceTests.report(result)
  }

  @Test func severalFilesImportInTurnAndTheWorstStatusWins() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let good = try ImportSupport.file(
      cli, "good.csv", "date,drink,amount,unit\n2026-11-01T08:00:00Z,Water,100,mL\n")
    let bad = try ImportSupport.file(
      cli, "bad.csv",
      "date,drink,amount,unit\n2026-11-01T09:00:00Z,Coffee,200,mL\n"
        + "2026-11-01T10:00:00Z,Water,lots,mL\n")
    let result = try cli.run("import", good, bad)
    #expect(result.status == 65)
    #expect(
      report(result) == """
        \(good): csv (detected)
          Added 1 entry: Water 1
          Caffeine records added: 0
          Duplicates skipped: 0
          Other records skipped: 0
          Rows rejected: 0

        \(bad): csv (detected)
          Added 1 entry: Coffee 1
          Caffeine records added: 0
          Duplicates skipped: 0
          Other records skipped: 0
          Rows rejected: 1
            \(bad):3: amount 'lots' is not a number; write e.g. 250, 0.5 or 0,5

        """)
    #expect(
      result.stderr
        == "error: 1 row was rejected in \(bad) (listed above with line numbers). The other rows "
        + "were imported; fix these and import the file again (rows already imported are not "
        + "added twice).\n")
    #expect(
      try ImportSupport.drinks(cli) == [
        "Water|100.0|2026-11-01 08:00:00.000||imported",
        "Coffee|200.0|2026-11-01 09:00:00.000||imported",
      ])
    // Good files alone exit 0, even the second time (everything a duplicate).
    #expect(try cli.run("import", good, good).status == 0)
  }

  @Test func importRefusesBeforeReadingAnything() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let good = try ImportSupport.file(
      cli, "good.csv", "date,drink,amount,unit\n2026-11-01T08:00:00Z,Water,100,mL\n")
    let missing = cli.folder.appendingPathComponent("nope.csv").path
    let cases: [([String], String)] = [
      (["import", good, missing], "error: No such file: \(missing). Check the path."),
      (
        ["import", good, "--format", "xml"],
        "error: Unknown format 'xml'. Use one of: auto, apple-health, health-csv, "
          + "health-auto-export, waterminder, samsung-health, cronometer, google-fit, "
          + "garmin, health-connect, csv."
      ),
      (
        ["import", good, "--map", "When"],
        #"error: --map When: expected NAME=VALUE, e.g. --map "A=B"."#
      ),
      (
        ["import", good, "--map", "=date"],
        #"error: --map =date: expected NAME=VALUE, e.g. --map "A=B"."#
      ),
      (
        ["import", good, "--map", "When=time"],
        "error: --map When=time: unknown field 'time'. Use one of date, drink, amount, unit, "
          + "note, source, caffeine_mg."
      ),
    ]
    for (arguments, message) in cases {
      let result = try cli.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.hasPrefix(message + "\n"), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath), "nothing was opened")
  }

  /// Logs one drink with `arguments` before the command and returns where the database is.
  private func logAndFindDatabase(
    _ cli: CLI, _ arguments: [String], environment: [String: String]
  ) throws -> [String] {
    let result = try cli.run(
      arguments + ["log", "water", "250ml", "--at", "08:00"], extraEnvironment: environment)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    let found = FileManager.default.enumerator(atPath: cli.folder.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".sqlite") }
    return found?.sorted() ?? []
  }

  @Test func theDatabaseIsFoundWhereTheOptionsAndVariablesSay() throws {
    let noVariable = ["LIQUIDUS_DB": ""]
    let cases: [([String], [String: String], String)] = [
      (["--db=\("DIR")/equals.sqlite"], [:], "equals.sqlite"),
      (["--db", "~/tilde.sqlite"], [:], "tilde.sqlite"),
      ([], ["LIQUIDUS_DB": "~/from-variable.sqlite"], "from-variable.sqlite"),
      ([], noVariable.merging(["XDG_DATA_HOME": "DIR/xdg"]) { $1 }, "xdg/liquidus/liquidus.sqlite"),
      // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
      (
        [], noVariable.merging(["XDG_DATA_HOME": "relative/xdg"]) { $1 },
        ".local/share/liquidus/liquidus.sqlite"
      ),
      ([], noVariable, ".local/share/liquidus/liquidus.sqlite"),
    ]
    for (arguments, environment, expected) in cases {
      let cli = try CLI()
      defer { cli.cleanUp() }
      let fill = { (text: String) in text.replacingOccurrences(of: "DIR", with: cli.folder.path) }
      let found = try logAndFindDatabase(
        cli, arguments.map(fill), environment: environment.mapValues(fill))
      #expect(found == [expected], "\(arguments) \(environment)")
    }
    let cli = try CLI()
    defer { cli.cleanUp() }
    let empty = try cli.run("--db=", "status")
    #expect(empty.status == 64)
    #expect(empty.stderr == "error: --db needs a file path, e.g. --db ~/drinks.sqlite.\n")
  }

  @Test func badEnvironmentVariablesAreNamed() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let now = try cli.run(["goal"], extraEnvironment: ["LIQUIDUS_NOW": "tomorrow"])
    #expect(now.status == 64)
    #expect(
      now.stderr
        == "error: LIQUIDUS_NOW=tomorrow is not an ISO 8601 instant. Use e.g. "
        + "2026-11-20T14:03:00Z, or unset it to use the clock.\n")
    #expect(now.stdout.isEmpty)

    let zone = try cli.run(["goal"], extraEnvironment: ["TZ": "Mars/Olympus_Mons"])
    #expect(zone.status == 0)
    #expect(
      zone.stderr == "TZ=Mars/Olympus_Mons is not a time zone Liquidus knows; using the system's.\n"
    )
    #expect(zone.stdout == "Daily goal: 2,000 mL\n")
    // TZ may also name a zoneinfo file, with or without a leading colon.
    let file = try cli.run(
      ["log", "water", "1ml", "--at", "12:00"],
      extraEnvironment: ["TZ": ":/usr/share/zoneinfo/Asia/Kolkata"])
    #expect(file.stderr.isEmpty && file.stdout.hasPrefix("Logged 1 mL of Water at 12:00"))
    #expect(
      try cli.run("list", "--format", "csv").stdout.contains(",2026-11-20T06:30:00Z,Water,1,"))

    for (lang, expected) in [
      ("C", "Daily goal: 2,000 mL\n"), ("POSIX", "Daily goal: 2,000 mL\n"),
      ("de_DE.UTF-8", "Daily goal: 2.000 mL\n"), ("", "Daily goal: 2,000 mL\n"),
      ("not a locale", "Daily goal: 2,000 mL\n"),
    ] {
      let result = try cli.run(["goal"], extraEnvironment: ["LANG": lang])
      #expect(result.status == 0, "\(lang)")
      #expect(result.stdout == expected, "LANG=\(lang)")
      #expect(result.stderr.isEmpty, "LANG=\(lang)")
    }
  }

  @Test func aGoalOverTheLimitIsRefusedAndTheLimitItselfIsKept() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let over = try cli.run("goal", "20.5l")
    #expect(over.status == 64)
    #expect(
      over.stderr
        == "error: A daily goal of 20500 mL is more than 20 L. Give a goal such as 2000ml or 2.5l.\n"
    )
    #expect(over.stdout.isEmpty)
    #expect(try cli.run("goal").stdout == "Daily goal: 2,000 mL\n")
    #expect(try cli.run("goal", "20l").stdout == "Daily goal set to 20,000 mL.\n")
    #expect(try cli.run("goal").stdout == "Daily goal: 20,000 mL\n")
  }

  @Test func editWithNothingToChangeIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00", "--note", "kept")
    let before = try ImportSupport.drinks(cli)
    let result = try cli.run("edit", "1")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "error: Nothing to change: give --drink, --amount, --at, --note or --caffeine.\n"),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(try ImportSupport.drinks(cli) == before)
  }

  /// The progress bar is drawn only on a terminal: run the real binary under `script`, which
  /// gives it a pseudo-terminal, with the file arriving on standard input after 1.5 s (the bar
  /// waits a second before it draws).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func theProgressBarIsDrawnOnATerminalAndErasedBeforeTheReport() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let text = LoadTests.plainCSV(rows: 20_000)
    let path = try ImportSupport.file(cli, "slow.csv", text)
    let megabytes = String(format: "%.1f", Double(text.utf8.count) / 1_000_000)
    // (The path, under the temporary folder, needs no quotes, so the command can stand inside
    // script's single quotes.)
    let slowly = "(head -c 1000 \(path); sleep 1.5; tail -c +1001 \(path))"
    func run(_ options: String, terminal: Bool) throws -> String {
      let command = "\(slowly) | \"$LIQUIDUS\" import - --format csv \(options)"
      let script = terminal ? "script -qec '\(command)' /dev/null" : command + " 2>&1"
      let result = try cli.shell("rm -f '\(cli.databasePath)'; " + script)
      #expect(result.status == 0, "\(result.stdout)")
      return result.stdout
    }

    let drawn = try run("", terminal: true)
    let bar = try Regex(
      #"^(\r\[#*\.*\] [0-9]+\.[0-9]/"# + megabytes
        + #" MB  [0-9]+\.[0-9] MB/s  [0-9]+ s left\e\[K)+\r\e\[K-: csv\r\n  Added 20,000 entries: Water 20,000\r\n"#
    )
    #expect(drawn.firstMatch(of: bar) != nil, "\(drawn.debugDescription)")
    #expect(!drawn.contains("\u{1B}[K  "), "the report starts on a cleared line")

    for quiet in [try run("--quiet", terminal: true), try run("", terminal: false)] {
      #expect(!quiet.contains("\r\u{1B}[K") && !quiet.contains("MB/s"), "\(quiet.debugDescription)")
      #expect(quiet.contains("Added 20,000 entries: Water 20,000"))
    }
  }
}
