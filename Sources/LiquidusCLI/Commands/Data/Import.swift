import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Import drinks from Apple Health exports and health CSV files.",
      discussion: """
        Formats (--format; the default, auto, says which it chose):
        \(ImportFormats.helpTable())

        Importing is idempotent: a file imported twice, or a newer export that contains an older \
        one, adds only what is new; identical rows within one file stay separate drinks. Each \
        file is written in batches, so an interrupted import can simply be run again. Bad rows \
        are reported with file:line and skipped (exit status 65); --strict imports nothing if \
        any row is bad. Dates without an offset are read in $TZ.

        A FILE may be a folder or a zip of several exports (each file in it is detected and \
        imported), or `-` for standard input.

        Examples:
          liquidus import ~/Downloads/export.zip
          liquidus import waterminder.csv --dry-run
          liquidus import log.csv --map When=date --map Volume=amount
          liquidus import export.zip --type-map "My Coffee App=Coffee"
          liquidus import a.csv b.csv --strict --quiet
          liquidus import ~/Downloads/takeout/
          cat log.csv | liquidus import - --format csv
          liquidus import export.zip --quiet --report json
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The files, folders or zips to import; - reads standard input.")
    var files: [String]
    @Option(
      help: ArgumentHelp(ImportFormatOption.names.joined(separator: ", ") + "."))
    var format = ImportFormatOption.auto
    @Option(
      name: .customLong("map"),
      help: ArgumentHelp(
        "Read a csv column as a field: date, drink, amount, unit, note, source or caffeine_mg "
          + "(repeatable).",
        valueName: "COLUMN=FIELD"))
    var columnMaps: [String] = []
    @Option(
      name: .customLong("type-map"),
      help: ArgumentHelp(
        "Make drinks from the source app NAME drinks of the existing TYPE (repeatable).",
        valueName: "NAME=TYPE"))
    var typeMaps: [String] = []
    @Flag(help: "Read and count everything, write nothing.") var dryRun = false
    @Flag(help: "Import nothing from a file that has any bad row.") var strict = false
    @Flag(help: "No progress bar.") var quiet = false
    @Option(
      help: """
        text, or json: one object on stdout with each file's figures (added, duplicates \
        skipped, rejected, error), for programs that import in bulk.
        """)
    var report = ImportReportForm.text

    func validate() throws {
      if files.isEmpty { throw ValidationError("Give at least one file to import.") }
      if case .unknown(let name) = format {
        throw ValidationError(
          "Unknown format '\(name)'. Use one of: "
            + "\(ImportFormatOption.names.joined(separator: ", ")).")
      }
      for file in files where file != "-" {
        guard FileManager.default.fileExists(atPath: file) else {
          throw ValidationError("No such file: \(file). Check the path.")
        }
      }
      let fields = ImportOptions.mappableFields
      for pair in try Self.pairs(columnMaps, option: "--map")
      where !fields.contains(pair.1.lowercased()) {
        throw ValidationError(
          "--map \(pair.0)=\(pair.1): unknown field '\(pair.1)'. Use one of "
            + fields.joined(separator: ", ") + ".")
      }
      _ = try Self.pairs(typeMaps, option: "--type-map")
    }

    func run() throws {
      try reportingFailures {
        // Ctrl-C must not leave a copy of someone's health data in $TMPDIR (SECURITY.md).
        TemporaryCopies.removeOnInterrupt()
        let live = try LiveEnvironment.open()
        let bar = ProgressBar(quiet: quiet)
        let printer = ImportOutcomePrinter(bar: bar)
        let request = ImportFiles.Request(
          paths: files, format: format.chosen,
          columnMap: try Self.map(columnMaps, option: "--map"),
          typeMap: try Self.map(typeMaps, option: "--type-map"), strict: strict, dryRun: dryRun,
          progress: { done, total in bar.update(bytesRead: done, totalBytes: total) },
          finished: { outcome in if report == .text { printer.print(outcome) } })
        let outcomes = try ImportFiles().run(request, in: live.call)
        if report == .json {
          let summary = ImportOutcomesJSON(outcomes, paths: files, dryRun: dryRun) {
            $0.message
          }
          Terminal.print(try summary.text(), raw: true)
        }
        let worst = ExitStatus.worst(outcomes.flatMap(\.failures).map(\.exitStatus))
        if let worst { throw ExitCode(worst.rawValue) }
      }
    }

    /// `NAME=VALUE` arguments as a dictionary, the last of a name winning.
    private static func map(_ values: [String], option: String) throws -> [String: String] {
      Dictionary(try pairs(values, option: option).map { ($0.0, $0.1) }) { _, last in last }
    }

    /// Splits `NAME=VALUE` arguments at the first `=`: column and app names may hold spaces
    /// (hence the quotes in the examples), and fields and type names never hold `=`.
    static func pairs(_ values: [String], option: String) throws -> [(String, String)] {
      try values.map { value in
        guard let equals = value.firstIndex(of: "="),
          !value[..<equals].trimmingCharacters(in: .whitespaces).isEmpty,
          !value[value.index(after: equals)...].trimmingCharacters(in: .whitespaces).isEmpty
        else {
          throw ValidationError("\(option) \(value): expected NAME=VALUE, e.g. \(option) \"A=B\".")
        }
        return (
          value[..<equals].trimmingCharacters(in: .whitespaces),
          value[value.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        )
      }
    }
  }
}

/// How `import` reports: words per file, or one JSON object at the end.
enum ImportReportForm: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
