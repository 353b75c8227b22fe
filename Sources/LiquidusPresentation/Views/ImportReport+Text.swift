import Foundation
import LiquidusModel
import LiquidusSources

extension ImportReport {
  /// The report as `liquidus import` prints it, e.g.
  ///
  ///     export.zip: apple-health (detected)
  ///       Added 1,204 entries: Water 1,204
  ///       Caffeine records added: 310
  ///       Duplicates skipped: 0
  ///       Other records skipped: 3,512 (HeartRate 2,900, StepCount 612)
  ///       Rows rejected: 0
  ///       Took 0.42 s
  ///
  /// - Parameters:
  ///   - seconds: How long the file took (measured by the caller: the library reads no clock).
  ///   - remedies: The caller's words for the controls the report points to (``Remedy``): the
  ///     command line names its options, which the library does not know.
  public func text(seconds: Double, remedies: (Remedy) -> String?) -> String {
    let verb = dryRun ? "Would add" : "Added"
    var lines = ["\(path): \(formatName)\(detected ? " (detected)" : "")"]
    if dryRun { lines.append("  Dry run: nothing was written.") }
    if let strictRollback {
      let rows =
        rejectedCount == 1
        ? "line \(strictRollback.line) was rejected"
        : "\(Self.grouped(rejectedCount)) rows were rejected (the first on line \(strictRollback.line))"
      let strict = remedies(.strictImport) ?? Remedy.strictImport.domainWords ?? ""
      lines.append("  Nothing imported (\(strict)): \(rows), so the whole file was rolled back.")
    }
    let byType = addedByType.map { "\($0.type) \(Self.grouped($0.count))" }
    lines.append(
      "  \(verb) \(Self.grouped(drinksAdded)) \(drinksAdded == 1 ? "entry" : "entries")"
        + (byType.isEmpty ? "" : ": " + byType.joined(separator: ", ")))
    for unmatched in tally.unmatchedTypeMap {
      let map = Remedy.typeMap(source: unmatched.source, type: unmatched.type)
      var line =
        "  \(remedies(map) ?? map.domainWords ?? "") matched no drink: no source app"
        + " of that name in this file"
      if let guess = unmatched.didYouMean {
        line += "; did you mean '\(guess)'"
        if guess.contains("'") != unmatched.source.contains("'") {
          line += " (a plain ' where you typed a typographic one, or the other way round)"
        }
        line += "?"
      } else if !tally.sourcesSeen.isEmpty {
        let listed = tally.sourcesSeen.prefix(5).joined(separator: ", ")
        line += " (it has: \(listed)\(tally.sourcesSeen.count > 5 ? ", ..." : ""))"
      }
      lines.append(line)
    }
    if !createdTypes.isEmpty {
      lines.append(
        "  \(dryRun ? "Would create" : "Created") drink types: "
          + createdTypes.joined(separator: ", ") + Self.aside(remedies(.listTypes)))
    }
    lines.append(
      "  Caffeine records \(dryRun ? "to add" : "added"): \(Self.grouped(caffeineAdded))")
    if workoutsAdded > 0 {
      lines.append("  Workouts \(dryRun ? "to add" : "added"): \(Self.grouped(workoutsAdded))")
    }
    lines.append("  Duplicates skipped: \(Self.grouped(duplicatesSkipped))")
    lines.append("  Other records skipped: \(Self.grouped(otherSkippedCount))\(otherSummary)")
    if emptySkipped > 0 {
      lines.append("  Empty records (0 mL) skipped: \(Self.grouped(emptySkipped))")
    }
    lines.append("  Rows rejected: \(Self.grouped(rejectedCount))")
    for rejection in rejections {
      lines.append("    \(path):\(rejection.line): \(rejection.text(remedies: remedies))")
    }
    if rejectedCount > rejections.count {
      lines.append("    ... and \(Self.grouped(rejectedCount - rejections.count)) more")
    }
    lines.append("  Took \(String(format: "%.2f", seconds)) s")
    return lines.joined(separator: "\n")
  }

  /// ` (words)`, or nothing when there are no words.
  static func aside(_ words: String?) -> String {
    words.map { " (\($0))" } ?? ""
  }

  /// The largest kinds of skipped records, HealthKit prefixes dropped.
  private var otherSummary: String {
    guard !otherSkipped.isEmpty else { return "" }
    let top = otherSkipped.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    let shown = top.prefix(top.count == 5 ? 5 : 4).map {
      "\(Self.shortType($0.key)) \(Self.grouped($0.value))"
    }
    let more = top.count > 5 ? ", \(top.count - 4) more kinds" : ""
    return " (" + shown.joined(separator: ", ") + more + ")"
  }

  private static func shortType(_ type: String) -> String {
    for prefix in [
      "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
      "HKDataType",
    ] where type.hasPrefix(prefix) {
      return String(type.dropFirst(prefix.count))
    }
    return type
  }

  /// `1234567` as `1,234,567`: fixed grouping, so output does not depend on the locale.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }
}

extension ImportReport.Rejection {
  /// The reason, followed by the caller's words for its remedy, if it has one.
  public func text(remedies: (Remedy) -> String?) -> String {
    guard let remedy, let words = remedies(remedy) ?? remedy.domainWords else { return reason }
    return reason + " " + words
  }
}
