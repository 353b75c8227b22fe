/// Why a reminder setting was refused.
public enum ReminderError: LiquidusError, Equatable {
  case unreadableInterval(String)
  case intervalTooShort(String)
  case intervalTooLong(String)
  case intervalReversed(String)
  case unreadableClockTime(String)
  case emptyWindow(WallClockTime)
  case unknownMode(String)

  public var description: String {
    switch self {
    case .unreadableInterval(let text):
      return "Cannot read the interval '\(text)'. Write minutes or hours such as 90m, 2h or "
        + "1h30m, or a range such as 60m-120m."
    case .intervalTooShort(let text):
      return "The interval '\(text)' is shorter than a minute. Give e.g. 90m or 60m-120m."
    case .intervalTooLong(let text):
      return "The interval '\(text)' is longer than 12 hours, which would remind once a day at "
        + "most. Give e.g. 90m or 60m-120m."
    case .intervalReversed(let text):
      return "The interval '\(text)' runs backwards. Write the shorter wait first, e.g. 60m-120m."
    case .unreadableClockTime(let text):
      return "Cannot read the time '\(text)'. Write a 24-hour time such as 08:00 or 22:30."
    case .emptyWindow(let time):
      return "The waking window starts and ends at \(time), so it holds no time to remind in. "
        + "Give different times."
    case .unknownMode(let text):
      return "Unknown mode '\(text)'. Use after-drink or fixed."
    }
  }
}
