import ArgumentParser
import Foundation
import Testing

@testable import LiquidusCLI

/// The help and the README's command table say the same (issue 29): every command the table
/// names has help that lists each flag the table gives it, with an example; every flag a
/// command's help lists is in the table's row for it; every command is in the table.
@Suite struct HelpReadmeTests {
  /// A row of the README's command table: the commands its first cell names and their flags.
  struct Row: CustomStringConvertible {
    var commands: [[String]]
    var flags: Set<String>
    var description: String { commands.map { $0.joined(separator: " ") }.joined(separator: ", ") }
  }

  /// The command table's rows: lines that start with "| `".
  static let rows: [Row] = {
    let table =
      ReadmeWalkTests.readme.components(separatedBy: "| command | what it does |")
      .dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
    return table.split(separator: "\n").compactMap { line -> Row? in
      guard line.hasPrefix("| `") else { return nil }
      let first = String(line.dropFirst(2).split(separator: " | ", maxSplits: 1).first ?? "")
      var commands: [[String]] = []
      for synopsis in first.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter({ $0.offset % 2 == 1 })
      {
        var words: [[String]] = [[]]
        for word in synopsis.element.split(separator: " ") {
          guard let head = word.first, head.isLowercase else { break }
          let alternatives = word.split(separator: "\\|").map(String.init)
          // A command's name may hold a hyphen (`log-workout`).
          guard alternatives.allSatisfy({ $0.allSatisfy { $0.isLowercase || $0 == "-" } })
          else { break }
          words = words.flatMap { prefix in alternatives.map { prefix + [$0] } }
        }
        commands += words
      }
      let flags = Set(first.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
      return commands.isEmpty ? nil : Row(commands: commands, flags: flags)
    }
  }()

  /// Every command below `liquidus`, by its words.
  static let commandPaths: [[String]] = {
    func paths(_ command: ParsableCommand.Type, prefix: [String]) -> [[String]] {
      let here = prefix + (prefix.isEmpty && command == Liquidus.self ? [] : [command._commandName])
      return [here] + command.configuration.subcommands.flatMap { paths($0, prefix: here) }
    }
    return paths(Liquidus.self, prefix: []).filter { !$0.isEmpty }
  }()

  /// The commands a group runs when no other is named (`types` runs `types list`), whose
  /// row in the table is the group's.
  static let defaults: [[String]: [String]] = {
    func walk(_ command: ParsableCommand.Type, _ path: [String]) -> [[String]: [String]] {
      var found: [[String]: [String]] = [:]
      if let name = command.configuration.defaultSubcommand?._commandName {
        found[path + [name]] = path
      }
      for sub in command.configuration.subcommands {
        found.merge(walk(sub, path + [sub._commandName])) { first, _ in first }
      }
      return found
    }
    return walk(Liquidus.self, [])
  }()

  /// The flags a help text lists (its OPTIONS, and any named in its words), without those
  /// every command has.
  static func flags(inHelp help: String) -> Set<String> {
    let options = help.components(separatedBy: "OPTIONS:").dropFirst().joined()
    let listed = options.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.firstMatch(of: /^(?:-\w, )?(--[a-z][a-z-]*)/).map { String($0.output.1) }
    }
    return Set(listed).subtracting(["--help", "--version", "--db"])
  }

  private func help(_ path: [String], cli: CLI) throws -> String {
    let result = try cli.run(path + ["--help"])
    #expect(result.status == 0, "\(path)")
    return result.stdout
  }

  @Test func theTableReadsAsTheCommandsAndFlags() {
    #expect(Self.rows.count > 25)
    let log = Self.rows.first { $0.commands == [["log"]] }
    #expect(log?.flags == ["--at", "--note", "--caffeine", "--force"])
    #expect(Self.rows.contains { $0.commands == [["types", "enable"], ["types", "disable"]] })
  }

  @Test func everyFlagInTheTableIsInTheCommandsHelp() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for row in Self.rows {
      for command in row.commands {
        // A group's flags may be its default command's (`types --format` is `types list`'s).
        let defaultCommand = Self.defaults.first { $0.value == command }?.key
        let text =
          try help(command, cli: cli) + (try defaultCommand.map { try help($0, cli: cli) } ?? "")
        for flag in row.flags {
          #expect(text.contains(flag), "\(command.joined(separator: " ")) --help lacks \(flag)")
        }
      }
    }
  }

  @Test func everyCommandIsInTheTableWithItsFlagsAndHasAnExample() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for path in Self.commandPaths {
      let rows = Self.rows.filter {
        $0.commands.contains(path) || Self.defaults[path].map($0.commands.contains) == true
      }
      let name = path.joined(separator: " ")
      #expect(!rows.isEmpty, "the README's table has no row for \(name)")
      let text = try help(path, cli: cli)
      #expect(text.contains("liquidus \(name)"), "\(name) --help has no example")
      let documented = rows.reduce(into: Set<String>()) { $0.formUnion($1.flags) }
      // A group's own help lists its default command's options (remind: remind settings).
      for flag in Self.flags(inHelp: text) where !rows.isEmpty {
        #expect(documented.contains(flag), "\(name) --help lists \(flag), the README does not")
      }
    }
  }

  @Test func remindsHelpListsTheSettingsOptions() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let text = try help(["remind"], cli: cli)
    for flag in ["--every", "--from", "--until", "--mode", "--on", "--off"] {
      #expect(text.contains(flag), "remind --help lacks \(flag)")
    }
  }

  @Test func importAndEditSayWhatTheyTake() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let importHelp = try help(["import"], cli: cli)
    for words in ["folder", "zip", "`-`", "caffeine"] {
      #expect(importHelp.contains(words), "import --help lacks \(words)")
    }
    let overview = try help(["edit"], cli: cli).components(separatedBy: "USAGE:")[0]
    #expect(overview.contains("caffeine"), "\(overview)")
  }

  @Test func theDatabaseOptionReadsTheSameEverywhere() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    var texts = Set<String>()
    for path in Self.commandPaths {
      let text = try help(path, cli: cli)
      guard let start = text.range(of: "--db <path>  ")?.upperBound else { continue }
      let rest = text[start...].split(separator: "\n").prefix(3).joined(separator: " ")
      texts.insert(String(rest.prefix(60)))
    }
    #expect(texts.count == 1, "\(texts)")
  }
}
