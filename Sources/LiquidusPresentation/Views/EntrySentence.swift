import Foundation
import LiquidusModel

/// How one entry is named in a sentence: `250 mL of Water at 14:03` (`yesterday 21:00`, or the
/// date when older). `log`, `undo`, `delete` and `edit` all describe their entry with it.
public struct EntrySentence: Sendable {
  private let formatter: VolumeFormatter
  private let context: CalendarContext

  /// Names entries in `unit`, with times relative to the context's now.
  public init(unit: VolumeUnit, context: CalendarContext) {
    formatter = VolumeFormatter(unit: unit, locale: context.locale)
    self.context = context
  }

  /// `250 mL of Water at 14:03`, or with the serving it was logged as, `350 mL (1 mug) of Tea
  /// at 14:03`.
  public func describe(_ drink: Drink, typeName: String, serving: String? = nil) -> String {
    "\(formatter.string(drink.volume))\(serving.map { " (\($0))" } ?? "") of \(typeName) at "
      + ClockText.describe(drink.instant, in: context)
  }
}
