import Foundation
import GRDB
import LiquidusTestSupport
import Testing

/// `QuickLog` and `QuickStatus` read a plain `log` or `status` without ArgumentParser, and
/// promise the outcome the full parser would give. This test holds them to it: every command
/// line of a corpus runs once as the executable would (fast paths allowed) and once through
/// ArgumentParser alone (``CLI/run(_:extraEnvironment:outputIsTerminal:fastPaths:)`` with
/// `fastPaths: false`), each on its own fresh database with the same pinned clock, zone and
/// language, and the two must agree on the exit code, both streams and every stored entry.
///
/// The corpus is generated (drinks known and unknown; amounts good, bad and huge; every option
/// in both orders, without its value, with a value that looks like an option, `=` forms,
/// repeated, after `--`; help; extra words; each `--format` of `status`, good and bad, and
/// `--chart`), then a seeded random sample of token soups, then every `liquidus log` and
/// `liquidus status` the README and its guides show.
@Suite struct FastPathDifferentialTests {
  /// The seed of the random part; `LIQUIDUS_DIFF_SEED` replaces it to explore further.
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["LIQUIDUS_DIFF_SEED"].flatMap(UInt64.init) ?? 20_261_120

  static let drinks = ["water", "Coffee", "watr", "kombucha", "", "-", "types"]
  static let amounts = [
    "250ml", "8oz", "1cup", "250", "0ml", "abc", "6l", "25l", "-5ml", "250 ml", "1e400ml",
  ]
  /// Option groups as a person might type them, good and bad.
  static let options: [[String]] = [
    ["--at", "07:30"], ["--at", "yesterday 21:00"], ["--at", "tomorrow 10:00"], ["--at", "x"],
    ["--note", "flat white"], ["--note", ""], ["--note", "-"], ["--caffeine", "80mg"],
    ["--caffeine", "x"], ["--force"], ["--note=x"], ["--at=08:00"], ["--force=yes"],
    ["--note", "--force"], ["--note", "-x"], ["--at", "--note"], ["--caffeine", "-5mg"],
    ["--note", "--"], ["--at"], ["--note"], ["--caffeine"], ["--"], ["-h"], ["--help"],
    ["--forc"], ["-f"], ["extra"], ["--version"],
  ]
  static let statusTails: [[String]] = [
    [], ["--format", "table"], ["--format", "json"], ["--format", "waybar"], ["--format", "line"],
    ["--format", "yaml"], ["--format", ""], ["--format", "JSON"], ["--format"], ["--format=json"],
    ["--chart"], ["--chart", "--format", "json"], ["--format", "json", "--chart"],
    ["--format", "table", "--chart"], ["extra"], ["-h"], ["--help"], ["--format", "--chart"],
    ["--format", "json", "--format", "line"], ["--", "--format"], ["--"], ["--format", "-"],
    ["--chart", "--chart"], ["--note", "x"],
  ]

  static let generated: [[String]] = {
    var lines: [[String]] = []
    for drink in drinks {
      for amount in amounts { lines.append(["log", drink, amount]) }
    }
    for base in [["water", "250ml"], ["water", "6l"], ["watr", "250ml"]] {
      for first in options {
        lines.append(["log"] + base + first)
        lines.append(["log"] + first + base)
        lines.append(["log", base[0]] + first + [base[1]])
        // Pairs on one base: 6 L needs --force, so the pair decides whether it is logged.
        for second in options where first != second && base[1] == "6l" {
          lines.append(["log"] + base + first + second)
        }
        lines.append(["log"] + base + first + first)
      }
    }
    lines += [["log"], ["log", "water"], ["log", "water", "250ml", "300ml"], ["log", "--"]]
    lines += [["log", "--", "water", "250ml"], ["log", "water", "--", "250ml", "--force"]]
    lines += [["log", "--", "-", "250ml"], ["log", "water", "--", "-5ml"]]
    lines += statusTails.map { ["status"] + $0 }
    return lines
  }()

  /// Token soups: a command and up to six tokens drawn from everything above.
  static let random: [[String]] = {
    var generator = SplitMix64(seed: seed)
    let pool = Array(Set(drinks + amounts + options.flatMap { $0 } + statusTails.flatMap { $0 }))
      .sorted()
    return (0..<300).map { _ in
      let command = generator.next() % 3 == 0 ? "status" : "log"
      let count = Int(generator.next() % 7)
      return [command] + (0..<count).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }
    }
  }()

  /// Every `liquidus log ...` and `liquidus status ...` in README.md and the guides the README
  /// walk reads, split as a shell would.
  static let readme: [[String]] = {
    var lines: [[String]] = []
    for line in ReadmeWalkTests.texts.flatMap({ $0.text.split(separator: "\n") }) {
      var rest = Substring(line)
      while let found = rest.range(of: "liquidus ") {
        rest = rest[found.upperBound...]
        let words = shellWords(rest)
        if let command = words.first, command == "log" || command == "status" {
          lines.append(words)
        }
      }
    }
    return lines
  }()

  static let corpus: [[String]] = {
    var seen = Set<[String]>()
    return (generated + random + readme).filter { seen.insert($0).inserted }
  }()

  /// The words of a shell command line up to where it ends: an unquoted `` ` ``, `|`, `;`, `&`,
  /// `>`, `#` or `)`, or a quote that never closes (the JSON and config lines of the guides).
  static func shellWords(_ text: Substring) -> [String] {
    var words: [String] = []
    var word: String?
    var characters = text[...]
    loop: while let character = characters.popFirst() {
      switch character {
      case " ", "\t":
        if let done = word { words.append(done) }
        word = nil
      case "\"", "'":
        guard let close = characters.firstIndex(of: character) else { break loop }
        word = (word ?? "") + characters[..<close]
        characters = characters[characters.index(after: close)...]
      case "`", "|", ";", "&", ">", "#", ")":
        break loop
      default:
        word = (word ?? "") + String(character)
      }
    }
    if let done = word { words.append(done) }
    return words
  }

  /// What one run left behind: its exit code, its output and the entries in its database.
  struct Outcome: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    var entries: [String]

    var description: String {
      "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)\nentries: \(entries)"
    }
  }

  /// Runs `arguments` on a fresh database that holds one earlier coffee, so that `status` has
  /// something to show.
  static func outcome(_ arguments: [String], fastPaths: Bool) throws -> Outcome {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let seeded = try cli.run(
      ["log", "coffee", "300ml", "--at", "08:00", "--note", "seed"], fastPaths: false)
    #expect(seeded.status == 0, "\(seeded.stderr)")
    let result = try cli.run(arguments, fastPaths: fastPaths)
    let entries = try ImportSupport.database(cli).read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT t.name, d.volume_ml, d.at_ms, d.note, d.caffeine_mg
          FROM drink d JOIN drink_type t ON t.id = d.type_id ORDER BY d.id
          """
      ).map { "\($0)" }
    }
    // Each run has its own folder; a message that names it must not count as a difference.
    let folder = { (text: String) in text.replacingOccurrences(of: cli.folder.path, with: "DIR") }
    return Outcome(
      status: result.status, stdout: folder(result.stdout), stderr: folder(result.stderr),
      entries: entries)
  }

  @Test func theCorpusHoldsTheReadmesCommandsAndTheBugsFound() {
    #expect(
      Self.readme.contains(["log", "coffee", "8 fl oz", "--at", "07:30", "--note", "flat white"]))
    #expect(Self.readme.contains(["status", "--format", "waybar"]))
    #expect(Self.readme.contains(["status", "--format", "line"]))
    #expect(Self.corpus.contains(["log", "water", "6l", "--note", "--force"]))
    #expect(Self.corpus.count > 1_000, "\(Self.corpus.count)")
  }

  @Test(arguments: corpus)
  func theFastPathsGiveTheParsersOutcome(arguments: [String]) throws {
    let fast = try Self.outcome(arguments, fastPaths: true)
    let parsed = try Self.outcome(arguments, fastPaths: false)
    #expect(
      fast == parsed,
      "seed \(Self.seed), \(arguments): fast path\n\(fast)\nArgumentParser\n\(parsed)")
  }
}

/// A small seeded generator (SplitMix64), so that the random corpus is the same on every run
/// for a given seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
