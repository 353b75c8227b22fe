import Foundation
import Testing
import ZIPFoundation

/// Walks the README and the guides under docs/ as a newcomer would: every `liquidus` command
/// they show runs with the clock and zone pinned, the console blocks on the demo's database
/// (the shipped sample year), and where one prints the output, the real binary prints exactly
/// that. ``ExampleRecorder`` makes the outputs again after a change.
///
/// The files are read at test time, so an edited example is checked as soon as it is written.
@Suite(.serialized) struct ReadmeWalkTests {
  /// One command from the README or a guide and, for `console` blocks, the lines it shows after it.
  struct Example: CustomStringConvertible {
    var command: String
    /// nil where the file shows no output (`sh` blocks and the command table).
    var shown: [String]?
    /// The file that shows it, from the repository's root.
    var document = "README.md"
    var description: String { "\(document): \(command)" }
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The README, then every guide under docs/, in the order the walk reads them, each with the
  /// least number of `console` and of other examples it holds. The guides were sections of the
  /// README, and their console examples still run one after another on one database: a guide's
  /// examples go on from the README's (reminders before goals, goals before servings), in the
  /// order the sections had.
  static let documents: [(path: String, console: Int, other: Int)] = [
    ("README.md", 6, 58),
    ("docs/REPORTS.md", 5, 6),
    ("docs/GOALS-AND-REMINDERS.md", 14, 4),
    ("docs/LOGGING.md", 5, 0),
    ("docs/IMPORT.md", 0, 13),
    ("docs/DATA.md", 0, 3),
    ("docs/SERVER.md", 0, 0),
    ("docs/PUSH.md", 0, 0),
    ("docs/PERFORMANCE.md", 0, 0),
    ("docs/DEVELOPMENT.md", 0, 0),
    ("docs/STUDY.md", 0, 0),
    ("docs/FORMATS.md", 0, 0),
    ("docs/STUDY-SCALE.md", 0, 0),
  ]

  /// A file of the repository, by its path from the root; empty when it is missing.
  static func text(_ path: String) -> String {
    (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  static let readme = text("README.md")

  /// Every walked file's text, in the walk's order.
  static let texts: [(path: String, text: String)] = documents.map { ($0.path, text($0.path)) }

  /// `$ liquidus ...` lines of ```console blocks, with the output printed below each.
  static func consoleExamples(_ text: String, in document: String = "README.md") -> [Example] {
    var examples: [Example] = []
    var inConsole = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        inConsole = !inConsole && line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        examples.append(
          Example(command: String(line.dropFirst(2)), shown: [], document: document))
      } else if !examples.isEmpty {
        examples[examples.count - 1].shown?.append(line)
      }
    }
    return examples
  }

  /// The commands of ```sh blocks (comments dropped) and of the command table's example column.
  static func otherExamples(_ text: String, in document: String = "README.md") -> [Example] {
    var examples: [Example] = []
    var inShell = false
    for line in text.split(separator: "\n").map(String.init) {
      if line.hasPrefix("```") {
        inShell = !inShell && line == "```sh"
        continue
      }
      if inShell, line.contains("liquidus ") {
        let command = line.split(separator: "#", maxSplits: 1)[0]
        examples.append(
          Example(command: command.trimmingCharacters(in: .whitespaces), document: document))
      } else if line.hasPrefix("| `"), let last = line.split(separator: "|").last {
        let cell = last.trimmingCharacters(in: .whitespaces)
        if cell.hasPrefix("`liquidus "), cell.hasSuffix("`") {
          examples.append(Example(command: String(cell.dropFirst().dropLast()), document: document))
        }
      }
    }
    return examples
  }

  /// Blocks without a language whose first line is `$ liquidus ...` (the day table's example),
  /// with the lines printed below it. Each runs on a fresh demo database, not after the
  /// console blocks' changes.
  static func sampleDataExamples(_ text: String, in document: String) -> [Example] {
    var examples: [Example] = []
    var inFence = false
    var block: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      guard line.hasPrefix("```") else {
        block?.append(line)
        continue
      }
      if inFence, let lines = block, let first = lines.first, first.hasPrefix("$ liquidus ") {
        examples.append(
          Example(
            command: String(first.dropFirst(2)), shown: Array(lines.dropFirst()),
            document: document))
      }
      block = !inFence && line == "```" ? [] : nil
      inFence.toggle()
    }
    return examples
  }

  /// Runs `command` in a shell whose `liquidus` is the built binary, in the CLI's folder.
  private func shell(_ cli: CLI, _ command: String) throws -> CLI.Result {
    let bin = cli.folder.appendingPathComponent("bin")
    if !FileManager.default.fileExists(atPath: bin.path) {
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: bin.appendingPathComponent("liquidus"), withDestinationURL: CLI.executable)
    }
    return try cli.shell(
      "export PATH='\(bin.path)':\"$PATH\"; cd '\(cli.folder.path)' && { \(command); } 2>&1")
  }

  /// The demo's database, which the console blocks show as a newcomer sees it after
  /// `Scripts/demo`: the sample year imported, Berlin, now Friday 2026-11-20 19:00.
  private func demoDatabase() throws -> CLI {
    let cli = try CLI(now: "2026-11-20T19:00:00+01:00", timeZone: "Europe/Berlin")
    let sample = Self.root.appendingPathComponent("SampleData/year-of-drinks.csv").path
    let imported = try cli.run("import", sample, "--quiet")
    #expect(imported.status == 0, "\(imported.stderr)")
    return cli
  }

  /// The console examples of the README and then of each guide, in the walk's order.
  static var allConsoleExamples: [Example] {
    texts.flatMap { consoleExamples($0.text, in: $0.path) }
  }

  /// The other examples of the README and then of each guide, in the walk's order.
  static var allOtherExamples: [Example] {
    texts.flatMap { otherExamples($0.text, in: $0.path) }
  }

  @Test func theReadmeAndEveryGuideHaveTheirExamplesToWalk() {
    for (path, console, other) in Self.documents {
      let text = Self.text(path)
      #expect(!text.isEmpty, "\(path) is missing")
      #expect(Self.consoleExamples(text).count >= console, "\(path)")
      #expect(Self.otherExamples(text).count >= other, "\(path)")
    }
    // What the README alone held before the guides were moved out of it.
    #expect(Self.allConsoleExamples.count >= 28)
    #expect(Self.allOtherExamples.count >= 74)
  }

  /// The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped but
  /// for `-` and `_`, each space a `-`, and `-1`, `-2` after a repeated heading.
  static func anchors(_ text: String) -> Set<String> {
    var found: Set<String> = []
    var seen: [String: Int] = [:]
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      let title = line.drop { $0 == "#" }
      guard !inFence, line.hasPrefix("#"), title.first == " " else { continue }
      let slug = title.trimmingCharacters(in: .whitespaces).lowercased()
        .filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
        .replacingOccurrences(of: " ", with: "-")
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      found.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return found
  }

  /// Sections moved between files, so every relative link of the README, the guides,
  /// ARCHITECTURE.md and SECURITY.md must still reach its file and, where it names one, its
  /// heading.
  @Test func everyLinkReachesItsFileAndHeading() throws {
    var links = 0
    for path in Self.documents.map(\.path) + ["ARCHITECTURE.md", "SECURITY.md"] {
      let here = Self.root.appendingPathComponent(path)
      var inFence = false
      for line in Self.text(path).split(separator: "\n") {
        if line.hasPrefix("```") { inFence.toggle() }
        guard !inFence else { continue }
        for match in line.matches(of: /\]\(([^)\s]+)\)/) {
          let target = String(match.output.1)
          guard !target.contains(":") else { continue }  // https:, mailto:
          links += 1
          let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
          let file =
            parts[0].isEmpty
            ? here
            : here.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
              .standardizedFileURL
          guard FileManager.default.fileExists(atPath: file.path) else {
            Issue.record("\(path): \(target) leads to no file")
            continue
          }
          if parts.count == 2, file.pathExtension == "md" {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(
              Self.anchors(text).contains(String(parts[1])),
              "\(path): \(target) leads to no heading")
          }
        }
      }
    }
    #expect(links >= 80, "\(links) links")
  }

  @Test func everyGuideIsWalked() throws {
    let docs = Self.root.appendingPathComponent("docs")
    let guides = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
    let walked = Self.documents.map(\.path)
    #expect(walked.first == "README.md")
    #expect(Set(guides) == Set(walked.dropFirst()), "a guide under docs/ that the walk skips")
  }

  @Test func everyConsoleExamplePrintsWhatTheFileShows() throws {
    let cli = try demoDatabase()
    defer { cli.cleanUp() }
    var recorder = ExampleRecorder()
    defer { if ExampleRecorder.isOn { try? recorder.write(under: Self.root) } }
    for example in Self.allConsoleExamples {
      let result = try shell(cli, example.command)
      var printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0) }
      var shown = example.shown ?? []
      while shown.last?.isEmpty == true { shown.removeLast() }
      while printed.last?.isEmpty == true { printed.removeLast() }
      recorder.note(printed, of: example)
      if let cut = shown.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "..." }) {
        // The file shows the beginning only.
        shown = Array(shown[..<cut])
        printed = Array(printed.prefix(shown.count))
      }
      #expect(printed == shown, "\(example)")
      let failing = shown.first?.hasPrefix("error:") == true
      #expect((result.status != 0) == failing, "\(example): exit \(result.status)")
    }
  }

  @Test func everyExampleOnTheSampleDataPrintsWhatTheFileShows() throws {
    let examples = Self.texts.flatMap { Self.sampleDataExamples($0.text, in: $0.path) }
    #expect(examples.count >= 1)
    let cli = try demoDatabase()
    defer { cli.cleanUp() }
    for example in examples {
      let result = try shell(cli, example.command)
      let printed = result.stdout.split(separator: "\n").map(String.init)
      #expect(printed == (example.shown ?? []).filter { !$0.isEmpty }, "\(example)")
      #expect(result.status == 0, "\(example): exit \(result.status)")
    }
  }

  /// Files the examples name, made small and clean so that every example succeeds.
  private func prepareFiles(_ cli: CLI) throws {
    let home = cli.folder
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="My Coffee App" \
      unit="mL" startDate="2026-11-19 08:00:00 +0100" endDate="2026-11-19 08:00:00 +0100" \
      value="250"/>
      </HealthData>

      """
    let downloads = home.appendingPathComponent("Downloads")
    try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
    _ = try ImportSupport.exportZip(cli, xml: Data(xml.utf8), name: "Downloads/export.zip")
    _ = try ImportSupport.exportZip(cli, xml: Data(xml.utf8), name: "export.zip")
    _ = try ImportSupport.file(
      cli, "waterminder.csv",
      "Drink Type,Cup Name,Hydration Value(ml),Water Value(ml),Date,Time\n"
        + "Water,Glass,\"250\",\"250\",18/11/26,07:45\n")
    _ = try ImportSupport.file(cli, "log.csv", "When,Volume\n2026-11-18 09:00,300\n")
    // A Takeout zip and a folder of phone exports, for the examples that import several.
    let samsung =
      "com.samsung.health.water_intake,6313002,5\nstart_time,amount,pkg_name,\n"
      + "2026-11-19 07:00:00.000,250.0,com.sec.android.app.shealth,\n"
    let fit =
      #"{"Data Points": [{"dataTypeName": "com.google.hydration", "startTimeNanos": "#
      + #""1795100000000000000", "endTimeNanos": "1795100000000000000", "#
      + #""originDataSourceId": "raw:com.google.hydration:com.example.water:", "#
      + #""fitValue": [{"value": {"fpVal": 0.3}}]}]}"#
    let takeout = try Archive(
      url: downloads.appendingPathComponent("takeout.zip"), accessMode: .create)
    for (member, text) in [
      ("Takeout/Fit/All Data/raw_com.google.hydration_com.example.water.json", fit),
      ("Samsung/com.samsung.health.water_intake.20261119.csv", samsung),
    ] {
      let data = Data(text.utf8)
      try takeout.addEntry(
        with: member, type: .file, uncompressedSize: Int64(data.count),
        compressionMethod: .deflate
      ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
    }
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("phone-exports"), withIntermediateDirectories: true)
    _ = try ImportSupport.file(
      cli, "phone-exports/com.samsung.health.water_intake.20261119.csv", samsung)
    _ = try ImportSupport.file(
      cli, "phone-exports/HydrationLogFile_2026-11-01_2026-11-19.json",
      #"[{"calendarDate": "2026-11-18", "valueInML": 400.0, "#
        + #""timestampLocal": "2026-11-18T09:00:00.0"}]"#)
    let plain = "date,drink,amount,unit\n2026-11-17T10:00:00+01:00,Water,200,mL\n"
    for name in ["a.csv", "b.csv", "drinks.csv"] { _ = try ImportSupport.file(cli, name, plain) }
    // The other device's snapshot in the synced folder, for `merge`.
    let snapshot = try shell(cli, "liquidus --db ~/Sync/liquidus/laptop.sqlite log juice 200ml")
    #expect(snapshot.status == 0, "\(snapshot.stdout)")
    // `--follow-symlink` writes through a link the user made.
    let shared = home.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: shared.appendingPathComponent("drinks.csv"),
      withDestinationURL: home.appendingPathComponent("synced-drinks.csv"))
  }

  @Test func everyOtherExampleRunsOnAFreshDatabase() throws {
    var cli = try CLI(now: "2026-11-20T13:03:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    cli.environment["LIQUIDUS_DB"] = nil  // the examples use the default database
    try prepareFiles(cli)
    // Enough history for `edit 42` and `delete 42 43`.
    for index in 0..<45 {
      let day = 1 + index % 19
      let at = String(format: "2026-11-%02d %02d:30", day, 8 + index / 19)
      #expect(try shell(cli, "liquidus log water 250ml --at '\(at)'").status == 0)
    }
    for example in Self.allOtherExamples {
      // The network is not part of the test: the file stands in for the download.
      let command = example.command.replacingOccurrences(
        of: "curl -s https://example.org/drinks.csv", with: "cat drinks.csv")
      let result = try shell(cli, command)
      #expect(result.status == 0, "\(example.document): \(command): \(result.stdout)")
    }
    let database = cli.folder.appendingPathComponent(".local/share/liquidus/liquidus.sqlite")
    #expect(FileManager.default.fileExists(atPath: database.path))
    #expect(
      FileManager.default.fileExists(
        atPath: cli.folder.appendingPathComponent("synced-drinks.csv").path))
  }
}

extension ReadmeWalkTests.Example {
  init(command: String, document: String) {
    self.init(command: command, shown: nil, document: document)
  }
}
