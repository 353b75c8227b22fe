import Foundation
import LiquidusAnalysis
import LiquidusModel

extension CaffeineReport {
  /// `caffeine --format json`: camelCase, mg rounded to 0.1, times in ISO 8601 with the offset.
  public struct JSON: Encodable, Sendable, Equatable {
    public struct DayJSON: Codable, Sendable, Equatable {
      public var date: String
      public var mg: Double
    }

    public var period: String
    public var now: String
    public var todayMg: Double
    public var inBodyMg: Double
    public var limitMg: Double
    public var halfLifeHours: Double
    public var sleepLevelMg: Double
    public var belowSleepLevelAt: String?
    public var daysOverLimit: Int
    public var days: [DayJSON]

    enum CodingKeys: String, CodingKey {
      case period, now, todayMg, inBodyMg, limitMg, halfLifeHours, sleepLevelMg
      case belowSleepLevelAt, daysOverLimit, days
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(period, forKey: .period)
      try container.encode(now, forKey: .now)
      try container.encode(todayMg, forKey: .todayMg)
      try container.encode(inBodyMg, forKey: .inBodyMg)
      try container.encode(limitMg, forKey: .limitMg)
      try container.encode(halfLifeHours, forKey: .halfLifeHours)
      try container.encode(sleepLevelMg, forKey: .sleepLevelMg)
      try container.encode(belowSleepLevelAt, forKey: .belowSleepLevelAt)  // null, not absent
      try container.encode(daysOverLimit, forKey: .daysOverLimit)
      try container.encode(days, forKey: .days)
    }
  }

  private var context: CalendarContext { period.context }

  private func date(_ day: Day) -> String {
    ClockText.localDate(day.interval.start, calendar: context.calendar)
  }

  public func json() -> JSON {
    let zone = context.timeZone
    return JSON(
      period: period.description, now: ClockText.iso8601(now, timeZone: zone),
      todayMg: CaffeineText.value(todayMilligrams), inBodyMg: CaffeineText.value(inBodyMilligrams),
      limitMg: settings.caffeineLimitMg, halfLifeHours: settings.caffeineHalfLifeHours,
      sleepLevelMg: settings.caffeineSleepLevelMg,
      belowSleepLevelAt: belowSleepLevelAt.map { ClockText.iso8601($0, timeZone: zone) },
      daysOverLimit: daysOverLimit,
      days: days.map { JSON.DayJSON(date: date($0.day), mg: CaffeineText.value($0.milligrams)) })
  }

  /// `date,mg`, a row per day.
  public func csv() -> String {
    (["date,mg"] + days.map { "\(date($0.day)),\(CaffeineText.plain($0.milligrams))" })
      .joined(separator: "\n")
  }

  /// The first lines of every format for people: today, the body, the sleep level.
  private func headline() -> [String] {
    let milligrams = { CaffeineText.milligrams($0, locale: context.locale) }
    var now =
      "Today \(milligrams(todayMilligrams)) (limit \(milligrams(settings.caffeineLimitMg)))"
      + " · in your body now \(milligrams(inBodyMilligrams))"
    if let below = belowSleepLevelAt {
      now +=
        " · below \(milligrams(settings.caffeineSleepLevelMg)) (the sleep level) at "
        + ClockText.describe(below, in: context)
    } else {
      now += " · below the sleep level (\(milligrams(settings.caffeineSleepLevelMg)))"
    }
    return [now]
  }

  public func table() -> String {
    var table = TextTable(header: ["Day", "Caffeine", ""], alignments: [.left, .right, .left])
    for total in days {
      let over = !total.isFuture && total.milligrams > settings.caffeineLimitMg
      table.rows.append([
        Period.day(total.day).shortLabel,
        total.isFuture ? "" : CaffeineText.milligrams(total.milligrams, locale: context.locale),
        over ? "over the limit" : "",
      ])
    }
    return
      (["Caffeine · \(period.description)"] + headline() + ["", table.render(), ""]
      + [
        "Over the \(CaffeineText.milligrams(settings.caffeineLimitMg)) limit on "
          + "\(daysOverLimit) of \(SpokenSummary.count(elapsedDays, "day"))."
      ]).joined(separator: "\n")
  }

  /// For the ear: sentences, units spelled out.
  public func text() -> String {
    func say(_ value: Double) -> String {
      let rounded = WholeNumber.of(value)
      return rounded == 1 ? "1 milligram" : "\(rounded) milligrams"
    }
    var sentences = [
      "Caffeine, \(period.accessibilityDescription).",
      "Today you took \(say(todayMilligrams)) of caffeine; your daily limit is "
        + "\(say(settings.caffeineLimitMg)).",
      "About \(say(inBodyMilligrams)) are in your body now.",
    ]
    if let below = belowSleepLevelAt {
      sentences.append(
        "It falls below \(say(settings.caffeineSleepLevelMg)), the level that can disturb "
          + "sleep, at \(ClockText.describe(below, in: context)).")
    } else {
      sentences.append(
        "That is below \(say(settings.caffeineSleepLevelMg)), the level that can disturb sleep.")
    }
    sentences.append(
      "You went over the limit on \(daysOverLimit) of \(SpokenSummary.count(elapsedDays, "day")).")
    let lines = days.filter { !$0.isFuture }.map {
      "\(Period.day($0.day).spokenBucketLabel): \(say($0.milligrams))."
    }
    return sentences.joined(separator: " ") + "\n\n" + lines.joined(separator: "\n")
  }
}
