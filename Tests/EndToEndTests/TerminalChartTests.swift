import Foundation
import Testing

/// `summary --chart` and `status --chart`: bars that read well in 80 columns, the label and the
/// number first, the goal marked, colour only where the terminal may show it.
@Suite struct TerminalChartTests {
  /// Eighths of a cell in a bar of block characters.
  static func eighths(_ line: Substring) -> Int {
    let partials: [Character: Int] = [
      "█": 8, "▉": 7, "▊": 6, "▋": 5, "▌": 4, "▍": 3, "▎": 2, "▏": 1,
    ]
    return line.reduce(0) { $0 + (partials[$1] ?? 0) }
  }

  private func week() throws -> CLI {
    var cli = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    cli.environment["COLUMNS"] = "80"
    for (amount, at) in [
      ("1l", "2026-11-16 08:00"), ("2.5l", "2026-11-17 08:00"), ("300ml", "2026-11-19 08:00"),
    ] {
      #expect(try cli.run("log", "water", amount, "--at", at).status == 0)
    }
    #expect(try cli.run("log", "coffee", "500ml", "--at", "2026-11-17 09:00").status == 0)
    return cli
  }

  @Test func aWeekReadsLabelNumberBarAndGoal() throws {
    let cli = try week()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "--chart")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "Nov 15-21, 2026 · goal 2,000 mL a day (┆)")
    #expect(lines.count == 8)
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
    #expect(!result.stdout.contains("\u{1B}"))  // not a terminal: no colour
    let days = Array(lines.dropFirst())
    #expect(
      days.map { $0.prefix(20) } == [
        "Sun Nov 15      0 mL", "Mon Nov 16  1,000 mL", "Tue Nov 17  3,000 mL",
        "Wed Nov 18      0 mL", "Thu Nov 19    300 mL", "Fri Nov 20      0 mL",
        "Sat Nov 21   to come",
      ])
    // Bars in proportion to the amounts, to within one eighth of a cell each.
    let monday = Self.eighths(days[1])
    let tuesday = Self.eighths(days[2])
    let thursday = Self.eighths(days[4])
    #expect(abs(Double(tuesday) / 3 - Double(monday)) <= 1)
    #expect(abs(Double(tuesday) / 10 - Double(thursday)) <= 1)
    // The goal: reached on Tuesday (✓), and one column marked on every day short of it.
    #expect(days[2].hasSuffix(" ✓") && days.filter { $0.contains("✓") }.count == 1)
    let marks = days.filter { $0.hasSuffix("┆") }.map(\.count)
    #expect(marks.count == 5 && Set(marks).count == 1, "\(days)")
    // Where the goal sits: two thirds of the way to Tuesday's 3 L.
    let goalCells = Double(marks[0] - 22)
    #expect(abs(goalCells / (Double(tuesday) / 8) - 2.0 / 3) < 0.03)
  }

  /// At 40 columns a bar has ten cells: 1,950 mL of a 2,000 mL goal fills the goal's cell,
  /// and the day still says it fell short (issue 29).
  @Test func aDayJustShortOfTheGoalIsMarkedInANarrowTerminal() throws {
    var cli = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    cli.environment["COLUMNS"] = "40"
    #expect(try cli.run("log", "water", "1950ml", "--at", "2026-11-19 08:00").status == 0)
    let lines = try cli.run("summary", "--chart").stdout.split(separator: "\n")
    let thursday = try #require(lines.first { $0.hasPrefix("Thu Nov 19") })
    #expect(thursday.hasSuffix("┆") && !thursday.contains("✓"), "\(lines)")
  }

  @Test func statusChartShowsTodaysHoursFromTheFirstDrink() throws {
    let cli = try week()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "500ml", "--at", "08:00").status == 0)
    #expect(try cli.run("log", "juice", "250ml", "--at", "12:10").status == 0)
    let result = try cli.run("status", "--chart")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].hasPrefix("Today 750 / 2,000 mL"))
    #expect(lines[3] == "Nov 20, 2026")
    #expect(
      lines.dropFirst(4).map { $0.prefix(13) } == [
        "8 AM   500 mL", "9 AM     0 mL", "10 AM    0 mL", "11 AM    0 mL", "12 PM  250 mL",
        "1 PM     0 mL", "2 PM     0 mL", "",
      ])
  }

  @Test func chartGoesWithTheTableFormatOnly() throws {
    let cli = try week()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "--chart", "--format", "json")
    #expect(result.status == 64)
    #expect(result.stderr.contains("--chart draws for people; leave out --format json."))
  }

  @Test func colourStacksTheDrinksInTheirColoursWithALegend() throws {
    let cli = try week()
    defer { cli.cleanUp() }
    let text = try cli.runOnTerminal("summary", "--chart").stdout
    // Water #0072B2 and Coffee #A6611A in the 6x6x6 cube of 256 colours: 16 + 36r + 6g + b.
    let waterCode: Int = 16 + 6 * 2 + 3
    let coffeeCode: Int = 16 + 36 * 3 + 6 * 2 + 1
    let water = "\u{1B}[38;5;\(waterCode)m"
    let coffee = "\u{1B}[38;5;\(coffeeCode)m"
    let tuesday = text.split(separator: "\n")[3]
    #expect(tuesday.hasPrefix("Tue Nov 17  3,000 mL  " + water + "█"), "\(tuesday)")
    #expect(tuesday.contains(coffee + "█"))
    #expect(
      text.hasSuffix(water + "█\u{1B}[0m Water  " + coffee + "█\u{1B}[0m Coffee\n"), "\(text)")
    let truecolor = try cli.runOnTerminal(
      "summary", "--chart", extraEnvironment: ["COLORTERM": "truecolor"])
    #expect(truecolor.stdout.contains("\u{1B}[38;2;0;114;178m█"))
    let plain = try cli.runOnTerminal("summary", "--chart", extraEnvironment: ["NO_COLOR": "1"])
    #expect(!plain.stdout.contains("\u{1B}") && plain.stdout.contains("███"))
  }
}
