import LiquidusModel

/// What people type that ArgumentParser would only call "unexpected": read before parsing,
/// either mended into what was meant or answered with the fix.
///
/// - `liquidus lgo ...`: an unknown command gets the nearest one (`log`).
/// - `liquidus help nosuch`: an unknown command to explain is an error, not the general help.
/// - `log water 250 ml`, `log coffee 8 fl oz`, `log water 10 imp fl oz`, `log water 0,5 l`,
///   `goal 2.5 l`: a unit split from its number by the shell is joined back on (the number as
///   people write it, with a comma or a point).
/// - `log 250ml water`: the drink comes first; say so.
/// - `log water -5`, `goal -1`: a negative amount looks like an option to the parser; say that
///   amounts are positive.
/// - `summary last week`: joined into `last-week` (also month and year); `summary this week`
///   is `week` (also month, half-year and year).
/// - `remind snooze 2 hours`: joined into `2h`.
enum CommandLineHints {
  /// An answer instead of running the command.
  struct Refusal: Error {
    var message: String
  }

  /// The commands ``QuickLog`` and ``QuickStatus`` run: known to exist, so checking one does
  /// not need the list of commands.
  static let fastPathCommands: Set<String> = ["log", "status"]

  /// The command line to parse, mended where it could only mean one thing.
  /// - Throws: ``Refusal`` for a mistake with a better answer than the parser's.
  /// - Parameter commands: the command names; asked for only when the command is not one of
  ///   ``fastPathCommands``, since listing them makes ArgumentParser reflect over every command,
  ///   which would cost `log` and `status` (run many times a day) more than their own work.
  static func mend(
    _ arguments: [String], commands: () -> [String]
  ) throws(Refusal) -> [String] {
    guard let command = arguments.first, !command.hasPrefix("-") else { return arguments }
    if command == "help" {
      if let topic = arguments.dropFirst().first, !commands().contains(topic) {
        throw unknownCommand(topic, commands: commands())
      }
      return arguments
    }
    guard fastPathCommands.contains(command) || commands().contains(command) else {
      throw unknownCommand(command, commands: commands())
    }
    var rest = joinNegativeValues(Array(arguments.dropFirst()))
    if ["log", "edit"].contains(command) { try refuseOtherTimeWords(rest) }
    switch command {
    case "log":
      rest = try mendAmount(rest, at: 1, command: command)
      if rest.count >= 2, looksLikeAmount(rest[0]), !looksLikeAmount(rest[1]),
        !rest[1].hasPrefix("-")
      {
        throw Refusal(
          message: "The drink comes first, then the amount: `liquidus log \(rest[1]) \(rest[0])`.")
      }
    case "goal":
      rest = try mendAmount(rest, at: 0, command: command)
    case "summary", "list", "report", "export", "caffeine", "workouts":
      rest = joinLast(rest)
    case "log-workout":
      rest = joinWorkoutDuration(rest)
    case "remind":
      rest = joinSnoozeDuration(rest)
    default:
      break
    }
    return [command] + rest
  }

  /// `--time 07:30` or `--when 07:30`: the parser's nearest spelling is `--note`, but a time
  /// was meant, which is `--at`.
  private static func refuseOtherTimeWords(_ arguments: [String]) throws(Refusal) {
    for argument in arguments.prefix(while: { $0 != "--" }) {
      let option = String(argument.prefix { $0 != "=" })
      guard ["--time", "--when", "--date"].contains(option) else { continue }
      throw Refusal(
        message: "Unknown option '\(option)'. Did you mean '--at'? Give the time with --at, "
          + "e.g. --at 07:30 or --at \"yesterday 21:00\".")
    }
  }

  private static func unknownCommand(_ typed: String, commands: [String]) -> Refusal {
    let hint = NameSuggester.nearest(to: typed, in: commands).map { " Did you mean '\($0)'?" } ?? ""
    return Refusal(
      message: "Unknown command '\(typed)'.\(hint) See `liquidus --help` for the commands.")
  }

  /// `--caffeine -5mg` as `--caffeine=-5mg`: the parser takes a value that starts with `-`
  /// for an option and calls the value missing; joined, the value reaches the command, whose
  /// own check says what is wrong with it.
  private static func joinNegativeValues(_ arguments: [String]) -> [String] {
    var joined: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        joined += arguments[index...]
        break
      }
      if valueOptions.contains(argument), index + 1 < arguments.count,
        arguments[index + 1].count > 1, arguments[index + 1].hasPrefix("-"),
        arguments[index + 1].dropFirst().first?.isNumber == true
      {
        joined.append(argument + "=" + arguments[index + 1])
        index += 2
        continue
      }
      joined.append(argument)
      index += 1
    }
    return joined
  }

  /// The options that take a value.
  private static let valueOptions = [
    "--at", "--note", "--db", "--format", "--out", "--from", "--to", "--type", "--caffeine",
  ]

  /// The positional arguments (those not options or their values) of `arguments`, by index.
  private static func positions(_ arguments: [String]) -> [Int] {
    var indexes: [Int] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        indexes += (index + 1)..<arguments.count
        break
      }
      if valueOptions.contains(argument) {
        index += 2
        continue
      }
      if argument.hasPrefix("--") {
        index += 1
        continue
      }
      indexes.append(index)
      index += 1
    }
    return indexes
  }

  /// Joins a unit the shell split off the amount at positional `slot`, and refuses a negative
  /// amount with the reason.
  private static func mendAmount(
    _ arguments: [String], at slot: Int, command: String
  ) throws(Refusal) -> [String] {
    var arguments = arguments
    let positional = positions(arguments)
    // A negative number is not an option the parser knows: it is a negative amount.
    let beforeSeparator = arguments.prefix { $0 != "--" }
    if let negative = beforeSeparator.first(where: {
      $0.count > 1 && $0.hasPrefix("-") && $0.dropFirst().first?.isNumber == true
    }) {
      let (what, example) = command == "goal" ? ("A daily goal", "2000ml") : ("An amount", "250ml")
      throw Refusal(
        message: "\(what) must be more than zero, not \(negative). Give e.g. \(example).")
    }
    guard slot < positional.count, isNumber(arguments[positional[slot]]) else {
      return arguments
    }
    for width in [3, 2, 1] where slot + width < positional.count {
      let pieces = positional[(slot + 1)...(slot + width)]
      // Only adjacent words, so an option between them is never swallowed.
      guard pieces.last! - positional[slot] == width else { continue }
      let unit = pieces.map { arguments[$0] }.joined(separator: " ")
      guard UnitTable.typedUnitMilliliters(unit) != nil else { continue }
      arguments[positional[slot]] += " " + unit
      arguments.removeSubrange(pieces.first!...pieces.last!)
      return arguments
    }
    // `log water 2 glasses`: a count, then a word that may name a serving (the store decides).
    if command == "log", slot + 1 < positional.count, positional[slot + 1] == positional[slot] + 1,
      arguments[positional[slot + 1]].allSatisfy(\.isLetter)
    {
      arguments[positional[slot]] += " " + arguments[positional[slot + 1]]
      arguments.remove(at: positional[slot + 1])
    }
    return arguments
  }

  /// Digits with commas or points (`250`, `0,5`, `1,500`, `.5`): what comes before a unit.
  private static func isNumber(_ text: String) -> Bool {
    text.contains(where: \.isNumber) && text.allSatisfy { $0.isNumber || $0 == "," || $0 == "." }
  }

  private static func looksLikeAmount(_ text: String) -> Bool {
    guard let first = text.first, first.isNumber else { return false }
    return (try? AmountParser(defaultUnit: .milliliters).parse(text, allowLarge: true)) != nil
  }

  /// `remind snooze 2 hours` (or `1 h 30 min`): the words of the duration after `snooze`
  /// become one, `2hours`, as the shell split them.
  private static func joinSnoozeDuration(_ arguments: [String]) -> [String] {
    guard arguments.first == "snooze" else { return arguments }
    let words = arguments.dropFirst().prefix { !$0.hasPrefix("-") }
    guard words.count > 1, words.first?.first?.isNumber == true else { return arguments }
    return ["snooze", words.joined()] + arguments.dropFirst(1 + words.count)
  }

  /// `log-workout 1 h 30 min`: the words of the duration become one, `1h30min`, as the shell
  /// split them.
  private static func joinWorkoutDuration(_ arguments: [String]) -> [String] {
    // Only the words a duration is made of: `45min running` is a slip of its own.
    let durationWords = WorkoutDuration.unitWords
    let words = arguments.prefix { word in
      word.allSatisfy { $0.isNumber || $0 == "." || $0 == ":" }
        || durationWords.contains(word.lowercased())
        || (word.first?.isNumber == true
          && durationWords.contains { word.lowercased().hasSuffix($0) })
    }
    guard words.count > 1, words.first?.first?.isNumber == true else { return arguments }
    return [words.joined()] + arguments.dropFirst(words.count)
  }

  /// `last week` as two words becomes `last-week`; `this week` (and `this month`, `this
  /// half-year`, `this year`) is the current one, `week`.
  private static func joinLast(_ arguments: [String]) -> [String] {
    var arguments = arguments
    if let index = arguments.firstIndex(of: "last"), index + 1 < arguments.count,
      ["week", "month", "year"].contains(arguments[index + 1])
    {
      arguments[index] = "last-" + arguments[index + 1]
      arguments.remove(at: index + 1)
    }
    if let index = arguments.firstIndex(of: "this"), index + 1 < arguments.count,
      ["week", "month", "half-year", "year"].contains(arguments[index + 1])
    {
      arguments.remove(at: index)
    }
    return arguments
  }
}
