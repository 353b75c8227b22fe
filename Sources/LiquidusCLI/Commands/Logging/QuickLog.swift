import Foundation

/// The fast path for `liquidus log`, the command people run many times a day.
///
/// Parsing with ArgumentParser costs more than the whole logging work (it reflects over every
/// command's properties and looks up protocol conformances, about 13 million instructions in a
/// static binary); a plain `log <drink> <amount> [--at T] [--note N] [--caffeine C] [--force]`
/// (`--db` is taken before) is read here instead and runs the very same
/// ``Liquidus/Log/perform(drink:amount:at:note:caffeine:force:)``.
/// Anything else — help, a misspelt or repeated option, a missing argument, an option's value
/// that starts with `-` — returns nil and goes through ArgumentParser, so messages and exit
/// codes stay exactly those of the full parser (`FastPathDifferentialTests` compares the two).
struct QuickLog {
  var drink: String
  var amount: String
  var at: String?
  var note: String?
  var caffeine: String?
  var force = false

  /// Reads the arguments after the program name; nil when they are not a plain `log` call.
  init?(arguments: [String]) {
    guard arguments.first == "log" else { return nil }
    var positional: [String] = []
    var rest = arguments.dropFirst()
    var sawSeparator = false
    while let argument = rest.popFirst() {
      if sawSeparator || !argument.hasPrefix("-") || argument == "-" {
        positional.append(argument)
        continue
      }
      switch argument {
      case "--":
        sawSeparator = true
      case "--force":
        guard !force else { return nil }
        force = true
      case "--at", "--note", "--caffeine":
        // ArgumentParser does not take a word that starts with `-` as an option's value
        // (`--note --force` is a note without its text, then a flag), so neither does this.
        guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
        switch argument {
        case "--at" where at == nil: at = value
        case "--note" where note == nil: note = value
        case "--caffeine" where caffeine == nil: caffeine = value
        default: return nil
        }
      default:
        return nil
      }
    }
    guard positional.count == 2 else { return nil }
    drink = positional[0]
    amount = positional[1]
  }

  /// Logs and returns the exit code.
  func run() -> Int32 {
    exitStatus {
      try Liquidus.Log.perform(
        drink: drink, amount: amount, at: at, note: note, caffeine: caffeine, force: force)
    }
  }
}
