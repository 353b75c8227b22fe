import LiquidusModel
import LiquidusUseCases

/// The question `types delete --purge` asks before it removes entries: how many will go, and
/// whether to go on. A purge cannot be taken back without the backup, so a person sees the
/// number first; a script, which nobody answers, must say `--yes`.
enum PurgeConfirmation {
  /// A purge of entries asked for where nobody can answer.
  struct Unconfirmed: CommandLineFailure {
    var name: String
    var count: Int
    var exitStatus: ExitStatus { .usage }
    var message: String {
      "Purging \(name) would remove \(PurgeConfirmation.entries(count)), and there is no "
        + "terminal to confirm it. Add --yes to remove them, or leave out --purge to archive "
        + "the type and keep its entries."
    }
  }

  /// Whether to purge the type named `name`: true at once when it has no entries (or no such
  /// type exists, which the change itself reports), else the person's answer.
  /// - Throws: ``Unconfirmed`` when entries would go and standard input is not a terminal.
  static func ask(_ name: String, live: LiveEnvironment) throws -> Bool {
    let listing = try ListDrinkTypes().run(.init(), in: live.call)
    guard
      let type = listing.types.first(where: {
        $0.name.compare(name, options: .caseInsensitive) == .orderedSame
      }),
      let count = listing.counts[type.id], count > 0
    else { return true }
    guard let answers = CommandEnvironment.current.answers else {
      throw Unconfirmed(name: type.name, count: count)
    }
    Terminal.warn(
      "This removes \(type.name) and its \(entries(count)) (a backup is made first). "
        + "Remove them? [y/N]")
    let answer = answers()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    return answer == "y" || answer == "yes"
  }

  static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }
}
