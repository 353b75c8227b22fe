import ArgumentParser
import Foundation
import LiquidusKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Liquidus {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write entries out as CSV or JSON.",
      discussion: """
        PERIOD is any period expression (default: all, every entry): today, week, last-month,
        2026-11, 2026-H2, 2026, ... or --from/--to for whole days. Dates are ISO 8601 with the
        offset of $TZ, amounts in millilitres. The CSV reads back with `liquidus import`.

        Examples:
          liquidus export > drinks.csv
          liquidus export 2026 --format json --out drinks-2026.json
          liquidus export --from 2026-11-01 --to 2026-11-30
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The period to export (default: all).") var period: String?
    @Option(help: "The first day of a custom range (YYYY-MM-DD).") var from: String?
    @Option(help: "The last day of a custom range, inclusive (YYYY-MM-DD).") var to: String?
    @Option(help: "csv or json.") var format: DrinkExport.Format = .csv
    @Option(help: "Write to this file (created readable by you only) instead of stdout.")
    var out: String?

    func validate() throws {
      if (from == nil) != (to == nil) {
        throw ValidationError("Give both --from and --to (inclusive days, YYYY-MM-DD).")
      }
      if from != nil && period != nil {
        throw ValidationError("Give either a period or --from/--to, not both.")
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open(global)
        let interval = try PeriodArguments.interval(
          period: period, from: from, to: to, in: live.context)
        let output = try out.map(OutputFile.create) ?? OutputFile.standardOutput
        let exporter = DrinkExport(format: format, timeZone: live.context.timeZone)
        let count = try exporter.write(from: live.store, in: interval) { text in
          try output.write(text)
        }
        try output.close()
        if let out {
          Terminal.warn("Exported \(count) \(count == 1 ? "entry" : "entries") to \(out).")
        }
      }
    }
  }
}

extension DrinkExport.Format: ExpressibleByArgument {}

/// Where `export` writes: standard output, or a new file only its owner can read.
struct OutputFile {
  private let handle: FileHandle
  private let path: String?

  static let standardOutput = OutputFile(handle: .standardOutput, path: nil)

  /// Creates (or truncates) `path` with mode 0600: an export is a person's health history.
  static func create(_ path: String) throws -> OutputFile {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else {
      throw OutputError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    // An existing file keeps its old mode through O_TRUNC; tighten it as well.
    _ = fchmod(descriptor, 0o600)
    return OutputFile(
      handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), path: path)
  }

  func write(_ text: String) throws {
    do {
      try handle.write(contentsOf: Data(text.utf8))
    } catch {
      throw OutputError.cannotWrite(path: path ?? "standard output", reason: "\(error)")
    }
  }

  func close() throws {
    if path != nil { try handle.close() }
  }
}

/// The export's output could not be written.
enum OutputError: LiquidusFailure {
  case cannotCreate(path: String, reason: String)
  case cannotWrite(path: String, reason: String)

  var exitStatus: ExitStatus { .failure }
  var description: String {
    switch self {
    case .cannotCreate(let path, let reason):
      "Cannot create \(path): \(reason). Check the folder exists and is writable."
    case .cannotWrite(let path, let reason):
      "Cannot write to \(path): \(reason). Check free space; the export is incomplete."
    }
  }
}
