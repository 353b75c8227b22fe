import Foundation
import LiquidusModel

/// One local day of a person's intake, as a study pools it (`export --daily`): every day of a
/// range has one, a day without entries included, so that missing data shows as zeros rather
/// than as a gap.
///
/// Amounts are millilitres and milligrams as summed (the formats round them); times of day are
/// minutes after the day's local midnight read on the wall clock, so `first` at 90 is 01:30
/// even on a day whose clocks went back at 02:00.
public struct DayRow: Sendable, Hashable {
  /// The local date, `2026-11-20`.
  public var date: String
  /// Whether the day has ended: false for today while it runs.
  public var isComplete: Bool
  /// The zone's offset from UTC at the day's start, in seconds.
  public var utcOffsetSeconds: Int
  /// How long the day lasts: 24, or 23 and 25 on a daylight-saving change (23.5 and 24.5
  /// where clocks move by half an hour, on Lord Howe Island).
  public var hours: Double
  /// Every drink at its full volume.
  public var total = 0.0
  /// Every drink times its type's hydration factor.
  public var hydration = 0.0
  /// What the day's goal or limit counts: the hydration toward a goal, the full volume
  /// against a limit (as `status` counts it).
  public var counted = 0.0
  /// Drinks of the type named Water.
  public var water = 0.0
  /// Drink entries.
  public var drinks = 0
  /// The first and last drink's wall-clock minute of the day; nil without drinks.
  public var firstDrinkMinute: Int?
  public var lastDrinkMinute: Int?
  /// The longest time between two consecutive drinks of the day, in whole minutes of real
  /// time; nil under two drinks.
  public var longestGapMinutes: Int?
  /// Full volumes by the wall clock: 00-06, 06-12, 12-18, 18-24.
  public var night = 0.0
  public var morning = 0.0
  public var afternoon = 0.0
  public var evening = 0.0
  /// Caffeine of the day's drinks and caffeine records.
  public var caffeine = 0.0
  /// When the modelled caffeine falls below the sleep level after the day's last caffeine,
  /// as wall-clock minutes after the day's midnight (past 1,440 when it is the next day); the
  /// minute of the last caffeine when it never rose above the level; nil without caffeine.
  public var caffeineClearMinute: Int?
  /// The goal or limit in force that day, its exercise applied.
  public var target: DailyTarget
  /// Minutes of the workouts begun that day.
  public var exerciseMinutes = 0.0
  /// Local clock hours (0-23) holding an entry; a repeated hour on the day clocks go back
  /// counts once.
  public var hoursWithLog = 0
  /// Distinct sources: the app or device an imported entry named, else `typed` or `imported`.
  public var sources = 0
  /// Entries typed (at the command line or on the page), and imported.
  public var typedEntries = 0
  public var importedEntries = 0

  /// ``counted`` as a percentage of the target's amount.
  public var percentOfGoal: Double {
    target.amount.milliliters > 0 ? counted / target.amount.milliliters * 100 : 0
  }

  /// Whether the day reached its goal, or stayed within its limit.
  public var goalMet: Bool { target.isKept(volume: total, hydration: hydration) }
}

/// One drink type on one day (`export --daily --by-drink`): the long companion of ``DayRow``.
public struct DrinkDayRow: Sendable, Hashable {
  public var date: String
  /// The type's name.
  public var drink: String
  /// Full volume, and volume times the type's hydration factor.
  public var milliliters = 0.0
  public var hydration = 0.0
  public var entries = 0
  public var caffeine = 0.0
}
