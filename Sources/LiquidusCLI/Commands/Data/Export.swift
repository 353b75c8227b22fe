import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write entries, or one row per day, as CSV, JSON or FHIR.",
      discussion: """
        PERIOD is any period expression (default: all, every entry): today, week, last-month, \
        2026-11, 2026-H2, 2026, ... or --from/--to for whole days (either alone: from that day \
        on, or up to it). Dates are ISO 8601 with the offset of $TZ, amounts in millilitres. \
        The CSV reads back with `liquidus import`; entries of one instant come in the order \
        of their ids, so an export is the same bytes on every device.

        --daily writes one row per local day instead, from the first entry's day (or --from) \
        to today (or --to), days without entries as rows of zeros: intake, timing, caffeine, \
        the day's goal or limit and whether it was kept, and how complete the day's data is. \
        --by-drink gives one row per day and drink. docs/FORMATS.md explains every column.

        --format fhir writes FHIR R4 Observations (LOINC 9000-1), one per line (NDJSON), for \
        a clinic's server; --subject names the patient.

        Examples:
          liquidus export > drinks.csv
          liquidus export 2026 --format json --out drinks-2026.json
          liquidus export --from 2026-11-01 --to 2026-11-30
          liquidus export --daily --out days.csv
          liquidus export --daily --by-drink 2026-10
          liquidus export --format fhir --subject Patient/123 > observations.ndjson
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var period: PeriodOptions<EverythingByDefault>
    @Option(
      help: """
        csv reads back with `liquidus import`; json with `liquidus merge`; fhir is NDJSON for \
        a FHIR server.
        """)
    var format: DrinkExport.Format = .csv
    @Flag(help: "One row per local day, empty days included, instead of one per entry.")
    var daily = false
    @Flag(help: "With --daily: one row per day and drink.") var byDrink = false
    @Option(help: "With --format fhir: the observations' subject, as Patient/123.")
    var subject: String?
    @Option(help: "Write to this file (created readable by you only) instead of stdout.")
    var out: String?
    @Flag(help: "Write through a symbolic link at --out (refused by default).")
    var followSymlink = false

    func validate() throws {
      if byDrink && !daily {
        throw ValidationError("--by-drink goes with --daily: `liquidus export --daily --by-drink`.")
      }
      if daily && format == .fhir {
        throw ValidationError(
          "--daily writes csv or json; FHIR is one Observation per drink: "
            + "`liquidus export --format fhir` (docs/FORMATS.md says how a clinic sums days).")
      }
      if let subject {
        guard format == .fhir else {
          throw ValidationError(
            "--subject goes with --format fhir: `liquidus export --format fhir --subject \(subject)`."
          )
        }
        guard DrinkExport.isFHIRSubject(subject) else {
          throw ValidationError(
            "--subject '\(subject)' is not an Observation's subject: give Patient/ID, Group/ID, "
              + "Device/ID or Location/ID, as Patient/123 (an id of letters, digits, - and ., at "
              + "most 64).")
        }
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let output = DeferredOutput { [out, followSymlink] in
          try out.map { path in try OutputFile.create(path, followingSymlink: followSymlink) }
            ?? OutputFile.standardOutput
        }
        if daily {
          try exportDays(live, to: output)
          return
        }
        let exported = try ExportEntries().run(
          .init(period: period.selection, format: format, subject: subject) { text in
            try output.write(text)
          },
          in: live.call)
        try output.close()
        let count = exported.count
        if let out {
          Terminal.warn("Exported \(count) \(count == 1 ? "entry" : "entries") to \(out).")
        }
        // The other entries are written; an export that lacks one must not look complete.
        try reportLeftOut(exported.damaged)
      }
    }

    private func exportDays(_ live: LiveEnvironment, to output: DeferredOutput) throws {
      guard let textFormat = DailyTableText.Format(rawValue: format.rawValue) else { return }
      let text = DailyText(DailyTableText(format: textFormat, byDrink: byDrink))
      let exported: ExportDays.View
      do {
        exported = try ExportDays().run(
          .init(period: period.selection, byDrink: byDrink) { day, drinks in
            try output.write(try text.next(day, drinks))
          },
          in: live.call)
      } catch PeriodExpressionError.tooLongToLayOut(let from, let to, _) {
        throw DailyRangeTooLong(from: from, to: to)
      }
      try output.write(text.rest)
      try output.close()
      if let out {
        let days = exported.days
        Terminal.warn("Exported \(days) \(days == 1 ? "day" : "days") to \(out).")
      }
      try reportLeftOut(exported.damaged)
    }
  }
}

/// `--daily` over more than a century: the period error's own advice (`list` or `export` take
/// any range) would be wrong here.
private struct DailyRangeTooLong: CommandLineFailure {
  var from: String
  var to: String
  var exitStatus: ExitStatus { .usage }
  var message: String {
    "--daily covers at most \(ExportDays.longestYears) years, and \(from) to \(to) is longer. "
      + "Give a shorter PERIOD or --from/--to."
  }
}

/// The day table's text, kept by reference: the use case's writer is a `@Sendable` closure
/// called on this thread only, and the text must know whether a row came before. The header
/// comes with the first day, so that a range refused before any day writes nothing at all.
private final class DailyText: @unchecked Sendable {
  private var table: DailyTableText
  private var started = false
  init(_ table: DailyTableText) { self.table = table }

  /// The text of one day, after the header if it is the first.
  func next(_ day: DayRow, _ drinks: [DrinkDayRow]) throws -> String {
    defer { started = true }
    return (started ? "" : table.header) + (try table.text(of: day, drinks: drinks))
  }

  /// What is left once every day is written: the footer, after the header if no day was.
  var rest: String { (started ? "" : table.header) + table.footer }
}

extension DrinkExport.Format: ExpressibleByArgument {}
