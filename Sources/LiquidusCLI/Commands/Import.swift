import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

extension Liquidus {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Import drinks from Apple Health exports and health CSV files.",
      discussion: """
        Formats (--format; the default, auto, says which it chose):
          apple-health        export.zip (Health > Export All Health Data), export.xml
          health-csv          converter CSVs: type,sourceName,...,startDate,value
          health-auto-export  Health Auto Export: Date, "Dietary Water (mL)", ...
          waterminder         WaterMinder's CSV export (creates its drink types)
          samsung-health      Samsung Health's com.samsung.health.water_intake.*.csv
                              and caffeine_intake.*.csv
          cronometer          Cronometer's servings.csv (drinks measured by volume)
          google-fit          Takeout's Fit/All Data/raw_com.google.hydration_*.json
          health-connect      Health Connect's export zip (health_connect_export.db)
          garmin              Garmin Connect's HydrationLogFile_*.json (DI_CONNECT)
          csv                 date,drink,amount,unit[,note,...], as `export` writes

        Importing is idempotent: a file imported twice, or a newer export that contains an older \
        one, adds only what is new; identical rows within one file stay separate drinks. Each \
        file is written in batches, so an interrupted import can simply be run again. Bad rows \
        are reported with file:line and skipped (exit status 65); --strict imports nothing if \
        any row is bad. Dates without an offset are read in $TZ.

        Examples:
          liquidus import ~/Downloads/export.zip
          liquidus import waterminder.csv --dry-run
          liquidus import log.csv --map When=date --map Volume=amount
          liquidus import export.zip --type-map "My Coffee App=Coffee"
          liquidus import a.csv b.csv --strict --quiet
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The files to import.") var files: [String]
    @Option(
      help: ArgumentHelp(
        "auto, " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", ") + "."))
    var format = "auto"
    @Option(
      name: .customLong("map"),
      help: ArgumentHelp(
        "Read a csv column as a field: date, drink, amount, unit, note or source (repeatable).",
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

    func validate() throws {
      if files.isEmpty { throw ValidationError("Give at least one file to import.") }
      if format != "auto" && ImportFormat(rawValue: format) == nil {
        let names = ["auto"] + ImportFormat.allCases.map(\.rawValue)
        throw ValidationError(
          "Unknown format '\(format)'. Use one of: \(names.joined(separator: ", ")).")
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
        let live = try LiveEnvironment.open()
        let columnMap = Dictionary(
          try Self.pairs(columnMaps, option: "--map").map { ($0.0, $0.1) }
        ) { _, last in last }
        let typeMap = Dictionary(
          try Self.pairs(typeMaps, option: "--type-map").map { ($0.0, $0.1) }
        ) { _, last in last }
        let importer = Importer(
          store: live.store,
          settings: ImportSettings(
            typeMap: typeMap, strict: strict, dryRun: dryRun, now: live.context.now))
        let options = ImportOptions(
          columnMap: columnMap, defaultTimeZone: live.context.timeZone,
          decimalSeparator: live.context.locale.decimalSeparator?.first ?? ".")
        var worst: ExitStatus?
        for (index, file) in files.enumerated() {
          if index > 0 { Terminal.print() }
          let status = try importOne(file, importer: importer, options: options)
          worst = Self.worse(worst, status)
        }
        if let worst { throw ExitCode(worst.rawValue) }
      }
    }

    /// Imports one file and prints its report; returns the exit status it calls for.
    private func importOne(
      _ file: String, importer: Importer, options: ImportOptions
    ) throws -> ExitStatus? {
      let chosen = ImportFormat(rawValue: format)
      // A folder, or a zip of several exports: every file found, one report. A zip that is
      // one export forced with --format goes to that format's reader as before.
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: file, isDirectory: &isFolder)
      let zipForcedAsOneExport =
        !isFolder.boolValue && (chosen == .appleHealth || chosen == .healthConnect)
      if file != "-", !zipForcedAsOneExport, ExportBundle.isBundle(url: URL(fileURLWithPath: file))
      {
        return try importBundle(file, only: chosen, importer: importer, options: options)
      }
      let report: ImportReport
      switch try withProgressBar({ progress in
        try importer.importFile(
          atPath: file, format: chosen, options: options,
          progress: progress)
      }) {
      case .success(let read):
        report = read.report
        Terminal.print(report.text(seconds: read.seconds, remedies: Remedy.commandLine))
      case .failure(let error): return error.exitStatus
      }
      if let failure = report.failure {
        let kept =
          report.discarded
          ? "The archive is damaged, so nothing from it was kept; download or export it again."
          : strict || dryRun
            ? "Nothing from this file was written."
            : "Entries read before the failure were kept; importing a good copy adds only the rest."
        Terminal.warn("error: \(failure.message) \(kept)")
      } else if report.rejectedCount > 0 {
        let rows = report.rejectedCount == 1 ? "1 row was" : "\(report.rejectedCount) rows were"
        Terminal.warn(
          "error: \(rows) rejected in \(report.path) (listed above with line numbers). "
            + (report.strictRollback != nil
              ? "Nothing was imported (--strict); fix the rows and import again."
              : "The other rows were imported; fix these and import the file again "
                + "(rows already imported are not added twice)."))
      }
      if let failure = report.failure { return failure.exitStatus }
      return report.hasRejections ? .dataError : nil
    }

    /// Runs `work` with a progress bar on stderr, gone before anything else is printed; an
    /// ``ImportError`` (nothing was written) is printed here and handed back.
    private func withProgressBar<Report>(
      _ work: (_ progress: (Int64, Int64?) -> Void) throws -> Report
    ) throws -> Result<(report: Report, seconds: Double), ImportError> {
      let bar = ProgressBar(quiet: quiet)
      defer { bar.clear() }
      do {
        let report = try work { done, total in bar.update(bytesRead: done, totalBytes: total) }
        return .success((report, bar.elapsedSeconds))
      } catch let error as ImportError {
        bar.clear()
        Terminal.warn("error: \(error.message)")
        return .failure(error)
      }
    }

    /// Imports every file found in a folder or zip, and prints one report for them all.
    private func importBundle(
      _ path: String, only: ImportFormat?, importer: Importer, options: ImportOptions
    ) throws -> ExitStatus? {
      let report: BundleImportReport
      switch try withProgressBar({ progress in
        try importer.importBundle(
          at: URL(fileURLWithPath: path), path: path, only: only, options: options,
          progress: progress)
      }) {
      case .success(let read):
        report = read.report
        Terminal.print(report.text(seconds: read.seconds, remedies: Remedy.commandLine))
      case .failure(let error): return error.exitStatus
      }
      guard report.hasProblems else { return nil }
      Terminal.warn(
        "error: some files in \(path) had bad rows or failed (listed above). "
          + (report.strictRolledBack
            ? "Nothing was imported (--strict); fix them and import again."
            : "Everything else was imported; fix them and import again (what is already"
              + " imported is not added twice)."))
      var worst: ExitStatus?
      for source in report.reports {
        worst = Self.worse(
          worst, source.failure?.exitStatus ?? (source.hasRejections ? .dataError : nil))
      }
      return worst
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

    /// 1 (something failed) outranks 65 (bad data), which outranks success.
    private static func worse(_ a: ExitStatus?, _ b: ExitStatus?) -> ExitStatus? {
      if a == .failure || b == .failure { return .failure }
      if a == .dataError || b == .dataError { return .dataError }
      return a ?? b
    }
  }
}
