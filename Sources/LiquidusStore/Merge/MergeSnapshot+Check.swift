import Foundation
import LiquidusModel

extension MergeSnapshot {
  /// Refuses a snapshot that holds anything `log`, `edit` or `import` would not store, before a
  /// merge writes any of it, whichever file it came from (a database or an export): one check
  /// for every source.
  ///
  /// Ids must be entry ids; amounts and caffeine keep ``EntryLimits``; every time must be
  /// stored text that reads back to itself (``StoredTime``), from 1970 on and no more than
  /// ``EntryLimits/clockSkew`` after `now` (a change dated years ahead would win every later
  /// edit on every device); types keep the limits of `types`; texts have a bounded length.
  /// - Throws: ``StoreError/mergeSourceRejected(path:reason:)`` naming the first problem and
  ///   where it is.
  func check(now: Date) throws(StoreError) {
    if let problem = firstProblem(now: now) {
      throw .mergeSourceRejected(path: path, reason: problem)
    }
  }

  /// Where the entry with `uid` is, for a message: its place in an export (`entry 3`), or its id.
  func place(of uid: String) -> String {
    places[uid] ?? "the entry \(uid)"
  }

  private func firstProblem(now: Date) -> String? {
    let latest = now.addingTimeInterval(EntryLimits.clockSkew)
    for type in types {
      if let problem = Self.problem(of: type) { return problem }
    }
    for entry in entries {
      if let problem = problem(of: entry, now: now, latest: latest) { return problem }
    }
    // Each name once: a merge may bring years of entries of a handful of types.
    for name in Set(entries.map(\.typeName)) {
      if let problem = Self.nameProblem(name) { return problem }
    }
    for tombstone in tombstones {
      guard EntryUID.isWellFormed(tombstone.uid) else {
        return "a deletion has an id that is not an entry id: \(Self.shown(tombstone.uid))"
      }
      let place = "the deletion of \(tombstone.uid)"
      if let problem = Self.changeProblem(tombstone.deletedAt, kind: "deletion", latest: latest) {
        return "\(place): \(problem)"
      }
    }
    for record in caffeineRecords {
      if let problem = Self.problem(of: record, now: now) { return problem }
    }
    for change in goalChanges {
      if let problem = Self.problem(of: change, latest: latest) { return problem }
    }
    for workout in workouts {
      if let problem = Self.workoutProblem(workout, now: now) { return problem }
    }
    for tombstone in workoutTombstones {
      guard EntryUID.isWellFormed(tombstone.uid) else {
        return "a workout's deletion has an id that is not an entry id: "
          + Self.shown(tombstone.uid)
      }
      if let problem = Self.changeProblem(tombstone.deletedAt, kind: "deletion", latest: latest) {
        return "the deletion of the workout \(tombstone.uid): \(problem)"
      }
    }
    return nil
  }

  private func problem(of entry: EntryVersion, now: Date, latest: Date) -> String? {
    guard EntryUID.isWellFormed(entry.uid) else {
      return "an entry has an id that is not an entry id: \(Self.shown(entry.uid))"
    }
    let place = place(of: entry.uid)
    let problem =
      Self.instantProblem(entry.utc, now: now)
      ?? Self.changeProblem(entry.modifiedAt, kind: "change", latest: latest)
      ?? EntryLimits.volumeProblem(entry.milliliters)
      ?? EntryLimits.caffeineProblem(entry.caffeine, milliliters: entry.milliliters)
      ?? Self.lengthProblem(
        ["note": entry.note, "source": entry.sourceName, "import key": entry.importKey])
    return problem.map { "\(place): \($0)" }
  }

  private static func problem(of type: TypeInfo) -> String? {
    if let problem = nameProblem(type.name) { return problem }
    let name = "the drink type \(type.name)"
    guard type.caffeinePer100mL >= 0, type.caffeinePer100mL <= CaffeineContent.maximum else {
      return "\(name) has a caffeine content of \(type.caffeinePer100mL) mg per 100 mL, not 0 "
        + "to \(Int(CaffeineContent.maximum))"
    }
    guard HydrationFactor.range.contains(type.hydrationFactor) else {
      return "\(name) has a hydration factor of \(type.hydrationFactor), not 0 to 2"
    }
    return nil
  }

  private static func problem(of record: CaffeineRecord, now: Date) -> String? {
    let place = "the caffeine record \(shown(record.importKey))"
    if let drink = record.drinkUID, !EntryUID.isWellFormed(drink) {
      return "\(place) has an id that is not an entry id: \(shown(drink))"
    }
    let problem =
      instantProblem(record.utc, now: now)
      ?? EntryLimits.caffeineProblem(record.milligrams)
      ?? lengthProblem(["source": record.sourceName, "import key": record.importKey])
    return problem.map { "\(place): \($0)" }
  }

  private static func problem(of change: GoalChange, latest: Date) -> String? {
    let place = "the goal change of \(shown(change.from ?? "the beginning"))"
    if let day = change.from, StoredTime.milliseconds(day + " 00:00:00.000") == nil {
      return "\(place): '\(shown(day))' is not a day (YYYY-MM-DD)"
    }
    guard change.changedAt >= EntryError.earliest, change.changedAt <= latest else {
      return "\(place) was made at \(iso(change.changedAt)), not between 1970 and now"
    }
    if let problem = EntryLimits.volumeProblem(change.target.amount.milliliters) {
      return "\(place): \(problem)"
    }
    if let allowance = change.target.perWorkout, !allowance.isWithinBounds {
      return "\(place): its water for exercise is not more than 0 and at most 2 L an hour"
    }
    return nil
  }

  /// A drink's or a record's time: stored text, from 1970, not in the future.
  private static func instantProblem(_ text: String, now: Date) -> String? {
    guard let milliseconds = StoredTime.milliseconds(text) else { return notATime(text) }
    return EntryLimits.instantProblem(
      Date(millisecondsSince1970: milliseconds), now: now,
      skew: EntryLimits.clockSkew)
  }

  /// When an entry was changed or deleted: stored text, from 1970, not past `latest`.
  private static func changeProblem(_ text: String, kind: String, latest: Date) -> String? {
    guard let milliseconds = StoredTime.milliseconds(text) else { return notATime(text) }
    let instant = Date(millisecondsSince1970: milliseconds)
    if instant < EntryError.earliest {
      return "the \(kind) at \(iso(instant)) is before 1970"
    }
    if instant > latest {
      return "the \(kind) at \(iso(instant)) is in the future; the other device's clock is "
        + "probably wrong: set it right, then export or back up again"
    }
    return nil
  }

  private static func notATime(_ text: String) -> String {
    "'\(shown(text))' is not a time (YYYY-MM-DD HH:MM:SS.SSS in UTC, as Liquidus stores it)"
  }

  private static func nameProblem(_ name: String) -> String? {
    do {
      _ = try DrinkStore.validName(name)
      return nil
    } catch {
      return "the drink name '\(shown(name))' is not 1 to \(DrinkStore.maxNameLength) "
        + "characters without control characters"
    }
  }

  /// The first text longer than ``EntryLimits/longestText``, by its name.
  private static func lengthProblem(_ texts: KeyValuePairs<String, String?>) -> String? {
    for (name, text) in texts where (text?.utf8.count ?? 0) > EntryLimits.longestText {
      return "its \(name) is longer than \(EntryLimits.longestText) bytes"
    }
    return nil
  }

  /// At most 40 characters of a text from the file, control characters written out.
  private static func shown(_ text: String) -> String {
    let head = text.unicodeScalars.prefix(40).map { scalar in
      scalar.properties.generalCategory == .control
        ? scalar.escaped(asASCII: true) : String(scalar)
    }.joined()
    return text.unicodeScalars.count > 40 ? head + "…" : head
  }

  private static func iso(_ instant: Date) -> String {
    ClockText.iso8601(
      instant, timeZone: TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!)
  }
}
