import LiquidusModel

/// What `liquidus merge` says it did, or with `--dry-run` what it would do.
public struct MergeReportText: Sendable {
  public var tally: MergeTally
  /// The other file, as named on the command line.
  public var source: String
  public var dryRun: Bool

  /// Creates the report.
  public init(tally: MergeTally, source: String, dryRun: Bool) {
    self.tally = tally
    self.source = source
    self.dryRun = dryRun
  }

  /// `Merged laptop.sqlite: 3 added, 1 updated, 1 deleted, 40 unchanged.`, or
  /// `Dry run, nothing was changed: merging laptop.sqlite would add 3, update 1, delete 1 and
  /// leave 40 unchanged.`, and the types created (or that would be).
  public var lines: [String] {
    var lines: [String]
    if dryRun {
      lines = [
        "Dry run, nothing was changed: merging \(source) would add \(tally.added), update "
          + "\(tally.updated), delete \(tally.deleted) and leave \(tally.unchanged) unchanged."
      ]
    } else {
      lines = [
        "Merged \(source): \(tally.added) added, \(tally.updated) updated, \(tally.deleted) "
          + "deleted, \(tally.unchanged) unchanged."
      ]
    }
    if tally.caffeineAdded > 0 {
      let records = "\(tally.caffeineAdded) caffeine record\(tally.caffeineAdded == 1 ? "" : "s")"
      lines.append(dryRun ? "It would add \(records)." : "Added \(records).")
    }
    if tally.goalChanges > 0 {
      let changes = "\(tally.goalChanges) goal change\(tally.goalChanges == 1 ? "" : "s")"
      lines.append(dryRun ? "It would take \(changes)." : "Took \(changes).")
    }
    if tally.workoutsAdded > 0 || tally.workoutsDeleted > 0 {
      func workouts(_ count: Int) -> String { "\(count) workout\(count == 1 ? "" : "s")" }
      // Verbs in the sentence's tense, joined; a dry run says what it would do.
      var parts: [String] = []
      if tally.workoutsAdded > 0 {
        parts.append("\(dryRun ? "add" : "added") \(workouts(tally.workoutsAdded))")
      }
      if tally.workoutsDeleted > 0 {
        parts.append("\(dryRun ? "delete" : "deleted") \(workouts(tally.workoutsDeleted))")
      }
      let sentence = parts.joined(separator: " and ")
      lines.append(
        dryRun
          ? "It would \(sentence)." : sentence.prefix(1).uppercased() + sentence.dropFirst() + ".")
    }
    if !tally.createdTypes.isEmpty {
      let names = tally.createdTypes.joined(separator: ", ")
      lines.append(
        dryRun ? "It would add the drink types \(names)." : "Added drink types: \(names).")
    }
    return lines
  }
}
