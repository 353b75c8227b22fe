import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

extension ChangeDrinkType.View {
  /// What the change did, in one sentence for the command line, which names the commands that
  /// undo or complete it.
  var sentence: String {
    switch self {
    case .added(let added, let restored):
      restored
        ? "Restored \(added.name) from the archive, with its history."
        : "Added \(added.name) (\(added.color.hex)) at position \(added.position)."
    case .renamed(let renamed, let name):
      "Renamed \(name) to \(renamed.name)."
    case .recolored(let changed):
      "\(changed.name) is now \(changed.color.hex)."
    case .moved(let order):
      order.map { "\($0.position). \($0.name)" }.joined(separator: "  ")
    case .enabled(let changed) where changed.isArchived:
      // Enabled, but still deleted-with-history: say how to really bring it back.
      "\(changed.name) is archived (it was deleted; its history is kept), so it is "
        + "still not offered for new entries. Bring it back with "
        + "`liquidus types add \(changed.name)`."
    case .enabled(let changed):
      "\(changed.name) is enabled."
    case .disabled(let changed):
      "\(changed.name) is disabled; its entries stay in every report."
    case .caffeine(let changed, let perHundred):
      "\(changed.name) now has \(TypeListing.number(perHundred)) mg of caffeine per 100 mL ("
        + CaffeineText.milligrams(changed.caffeine(in: Volume(milliliters: UnitTable.usCup)))
        + " a cup), for entries logged from now on."
    case .hydration(let changed, let factor):
      factor == 1
        ? "\(changed.name) now counts its full volume toward the goal."
        : "\(changed.name) now counts \(TypeListing.number(factor)) times its volume toward the "
          + "goal."
    case .deleted(let type):
      "Deleted \(type.name); it had no entries."
    case .archived(let type, let count):
      "Archived \(type.name): its \(Self.entries(count)) \(count == 1 ? "stays" : "stay") in every "
        + "report. "
        + "Use --purge to remove them too, or `liquidus types add \(type.name)` to restore it."
    case .purged(let type, let count, let backup):
      (backup.map { "A backup of everything before this is in \($0).\n" } ?? "")
        + "Removed \(type.name) and \(Self.entries(count))."
    }
  }

  private static func entries(_ count: Int) -> String {
    count == 1 ? "1 entry" : "\(count) entries"
  }
}
