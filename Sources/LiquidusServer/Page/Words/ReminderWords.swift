import LiquidusModel

/// The reminder settings in a sentence, with the window's times in the person's clock:
/// "Reminders on: every 60m-120m after the last drink (sooner when behind pace), from 8:00 AM
/// until 10:00 PM."
enum ReminderWords {
  static func describe(_ settings: ReminderSettings, _ clock: ClockStyle) -> String {
    let how =
      settings.mode == .afterDrink
      ? "every \(settings.everyText) after the last drink (sooner when behind pace)"
      : "every \(ReminderInterval.text(settings.maximumInterval)) on a fixed schedule"
    return "Reminders \(settings.isEnabled ? "on" : "off"): \(how), from "
      + "\(PageClock.text(settings.from, clock)) until \(PageClock.text(settings.until, clock))."
  }
}
