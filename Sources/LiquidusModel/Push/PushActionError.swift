/// Why a notification's button did nothing.
public enum PushActionError: LiquidusError, Equatable {
  /// The credential is unknown, spent, expired, of a phone that stopped its reminders, or for
  /// the other button: all the same to whoever sent it, so nothing about it is given away.
  case unusable
  /// "Log" sent without the drink the reminder named.
  case needsDrink

  public var description: String {
    switch self {
    case .unusable:
      "This reminder's button no longer works: it was used already, or the reminder is more "
        + "than 4 hours old, or this phone's reminders were stopped. Open Liquidus to log a "
        + "drink."
    case .needsDrink:
      "Name the drink the reminder offered, e.g. {\"drink\":\"Water\",\"amountMl\":250}."
    }
  }
}
