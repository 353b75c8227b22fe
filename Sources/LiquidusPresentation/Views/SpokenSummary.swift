import Foundation
import LiquidusAnalysis
import LiquidusModel

/// The accessible summary: plain sentences written for the ear, then one line per bucket, like
/// the data points of an audio graph.
///
/// ```
/// Nov 15th to 21st, 2026. You drank 12.6 liters, 1.8 liters a day on average.
/// You reached your 2 liter goal on 3 of 7 days. ...
/// Sunday, Nov 15th: 2.6 liters, goal reached.
/// ```
public struct SpokenSummary: Sendable {
  /// The report to put into words.
  public var report: TrendReport

  /// Creates the summary of `report`.
  public init(report: TrendReport) {
    self.report = report
  }

  /// The sentences, then a blank line, then one line per bucket.
  /// `text` ended with a full stop, unless it already ends with one: labels in some languages
  /// end with an abbreviation (`17 nov.`), and `17 nov..` reads as a typo.
  static func sentence(_ text: String) -> String {
    text.hasSuffix(".") ? text : text + "."
  }

  public func render() -> String {
    ([paragraph()] + [""] + dataPoints()).joined(separator: "\n")
  }

  /// The opening sentences on one line: what a chart's `<desc>` or an `alt` text carries.
  public func paragraph() -> String {
    // A day says its date even when it is today: the words are kept in files and read later.
    let opening =
      if case .day(let day) = report.period { day.datedAccessibilityDescription } else {
        report.period.accessibilityDescription
      }
    var sentences = [Self.sentence(opening)]
    guard report.total.milliliters > 0 else {
      sentences.append("Nothing was logged in this period.")
      return sentences.joined(separator: " ")
    }
    let elapsedDays = report.streaks.elapsedDays
    var drank = "You drank \(say(report.total))"
    if elapsedDays > 1 { drank += ", \(say(report.averages.perDay)) a day on average" }
    sentences.append(drank + ".")
    if let start = ComparisonWords.startSentence(report) { sentences.append(start) }
    if report.hydrationDiffers {
      sentences.append(
        "Counting each drink's hydration, \(say(report.hydration)) went toward your goal.")
    }
    sentences.append(goalSentence())
    if let extremes = extremesSentence() { sentences.append(extremes) }
    sentences.append(sharesSentence())
    if let change = changeSentence() { sentences.append(change) }
    if report.caffeine > 0 {
      let milligrams = WholeNumber.of(report.caffeine)
      var caffeine = "Caffeine: \(milligrams) milligrams"
      if elapsedDays > 1 {
        caffeine += ", \(WholeNumber.of(report.caffeine / Double(elapsedDays))) a day"
      }
      sentences.append(caffeine + ".")
    }
    if let trend = report.trend {
      let speed = say(Volume(milliliters: abs(trend.slopePerWeek.milliliters)))
      switch trend.direction {
      case .steady: sentences.append("Your intake held steady over the period.")
      case .up: sentences.append("Your intake is rising, by about \(speed) a day each week.")
      case .down: sentences.append("Your intake is falling, by about \(speed) a day each week.")
      }
    }
    return sentences.joined(separator: " ")
  }

  /// One line per bucket that has begun since the first entry: "Tuesday, Nov 17th: 2.6
  /// liters, goal reached."
  public func dataPoints() -> [String] {
    report.buckets.filter(\.counts).map { bucket in
      var line = "\(bucket.period.spokenBucketLabel): \(say(bucket.total))"
      if let met = bucket.goalMet, bucket.goalKind == .limit {
        line += met ? ", within the limit" : ", over the limit"
      } else if let met = bucket.goalMet {
        line += met ? ", goal reached" : ", goal not reached"
      } else if let goalDays = bucket.goalDays, bucket.goal != nil {
        line +=
          goalDays == 0 ? ", goal not reached" : ", goal reached on \(Self.count(goalDays, "day"))"
      }
      return line + "."
    }
  }

  private func goalSentence() -> String {
    if report.isLimit { return limitSentence() }
    let goal = report.goalsInForce.map { say($0, singular: true) }.joined(separator: ", then ")
    if report.streaks.elapsedDays <= 1 {
      let dayGoal = report.goalsInForce[report.goalsInForce.count - 1]
      let remaining = dayGoal.milliliters - report.total.milliliters
      return remaining <= 0
        ? "You reached your \(goal) goal."
        : "You are \(say(Volume(milliliters: remaining))) short of your \(goal) goal."
    }
    var sentence =
      "You reached your \(goal) goal on \(report.streaks.goalDays) of "
      + "\(report.streaks.elapsedDays) days."
    if report.streaks.current > 1 && report.period.isCurrent {
      sentence += " Your current streak is \(Self.count(report.streaks.current, "day"))."
    }
    return sentence
  }

  /// Under a limit: what is left, or how often the days stayed within it.
  private func limitSentence() -> String {
    let limit = report.targetsInForce.filter { $0.kind == .limit }
      .map { say($0.amount, singular: true) }.joined(separator: ", then ")
    if report.streaks.elapsedDays <= 1 {
      let dayLimit = report.goalsInForce[report.goalsInForce.count - 1]
      let left = dayLimit.milliliters - report.total.milliliters
      return left < 0
        ? "You are \(say(Volume(milliliters: -left))) over your \(limit) limit."
        : "You have \(say(Volume(milliliters: left))) left of your \(limit) limit."
    }
    return "You stayed within your \(limit) limit on \(report.streaks.goalDays) of "
      + "\(report.streaks.elapsedDays) days."
  }

  private func extremesSentence() -> String? {
    // A day before the first entry is no "least".
    let started = report.buckets.filter(\.counts)
    guard started.count > 1,
      let highest = started.max(by: { $0.total < $1.total }),
      let lowest = started.min(by: { $0.total < $1.total }),
      highest.total != lowest.total
    else { return nil }
    let most = "The most was \(say(highest.total)) \(Self.when(highest.period))"
    // The quietest hour of a day is the night: not worth saying.
    if case .hour = highest.period { return most + "." }
    return Self.sentence(most + "; the least was \(say(lowest.total)) \(Self.when(lowest.period))")
  }

  private func sharesSentence() -> String {
    let parts = report.shares.filter { $0.total.milliliters > 0 }.map { share in
      "\(share.type.name) \(Percent.text(share.share, of: 1).replacingOccurrences(of: "%", with: " percent"))"
    }
    if parts.count == 1 { return "All of it was \(report.shares[0].type.name)." }
    return "By drink: " + parts.joined(separator: ", ") + "."
  }

  private func changeSentence() -> String? {
    guard let previous = report.previous else { return nil }
    let name = ComparisonWords.spokenTarget(previous, kind: report.period.kind)
    guard let change = previous.changePercent else {
      // "Nothing was logged yesterday until 10:00", "... in the previous week".
      let preposition = previous.comparedUntil == nil ? "in " : ""
      return Self.sentence("Nothing was logged \(preposition)\(name)")
    }
    let compared = say(previous.comparedTotal ?? previous.total)
    // A start within the compared days makes it a comparison of averages a day.
    let perDay = previous.isPerDay ? " a day, counted from your first entry," : ""
    let rounded = WholeNumber.of(change)
    if rounded == 0 { return "That is about the same\(perDay) as \(name) (\(compared))." }
    let direction = rounded > 0 ? "more" : "less"
    return "That is \(abs(rounded)) percent \(direction)\(perDay) than \(name) (\(compared))."
  }

  private func say(_ volume: Volume, singular: Bool = false) -> String {
    let text = SpokenVolume.text(
      volume, unit: report.settings.displayUnit, locale: report.period.context.locale)
    // "your 2 liter goal": a unit used as an adjective stays singular.
    guard singular else { return text }
    return text.replacingOccurrences(of: "liters", with: "liter")
      .replacingOccurrences(of: "milliliters", with: "milliliter")
      .replacingOccurrences(of: "ounces", with: "ounce").replacingOccurrences(
        of: "cups", with: "cup")
  }

  /// "at 9 AM", "on Tuesday, Nov 17th", "in the week of Nov 1st to 6th, 2021", "in April 2026".
  static func when(_ bucket: Period) -> String {
    switch bucket.kind {
    case .hour: "at \(bucket.spokenBucketLabel)"
    case .day: "on \(bucket.spokenBucketLabel)"
    case .week: "in the week of \(bucket.spokenBucketLabel)"
    default: "in \(bucket.spokenBucketLabel)"
    }
  }

  static func count(_ value: Int, _ noun: String) -> String {
    value == 1 ? "1 \(noun)" : "\(value) \(noun)s"
  }

  static func kindName(_ kind: PeriodKind) -> String {
    switch kind {
    case .hour: "hour"
    case .day: "day"
    case .week: "week"
    case .month: "month"
    case .halfYear: "half-year"
    case .year: "year"
    case .range: "range of the same length"
    }
  }
}
