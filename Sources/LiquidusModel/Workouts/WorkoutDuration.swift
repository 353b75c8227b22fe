import Foundation

/// Reads how long a workout lasted as people write it: `45min`, `45 min`, `45m`, `1h`,
/// `1.5h`, `1h30m`, `1:30` (hours and minutes) or a bare `45` (minutes).
public enum WorkoutDuration {
  /// The minutes `text` names.
  /// - Throws: ``WorkoutError/unreadableDuration(_:)`` for anything else, and
  ///   ``WorkoutError/durationOutOfRange(_:)`` for less than a minute or more than a day.
  public static func minutes(_ text: String) throws(WorkoutError) -> Double {
    let folded = text.lowercased().filter { !$0.isWhitespace }
    guard let minutes = read(folded), minutes.isFinite else {
      throw .unreadableDuration(text)
    }
    guard minutes >= Workout.shortestMinutes, minutes <= Workout.maximumMinutes else {
      throw .durationOutOfRange(text)
    }
    return minutes
  }

  private static let hourWords = ["hours", "hour", "hrs", "hr", "h"]
  private static let minuteWords = ["minutes", "minute", "mins", "min", "m"]

  /// Every word a duration's unit may be written as.
  public static let unitWords = hourWords + minuteWords

  /// A plain decimal (`45`, `1.5`): Swift's `Double("1e3")` or `Double("0x10")` would read
  /// what nobody means as a duration.
  private static func decimal(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
      return nil
    }
    return Double(text)
  }

  private static func read(_ text: String) -> Double? {
    if let number = decimal(Substring(text)) { return number }
    let clock = text.split(separator: ":", omittingEmptySubsequences: false)
    if clock.count == 2, clock[1].count == 2, let hours = decimal(clock[0]),
      let minutes = decimal(clock[1]), minutes < 60, hours == hours.rounded()
    {
      // In Double: a clock of a billion hours is out of range, not an overflow.
      return hours * 60 + minutes
    }
    var rest = Substring(text)
    var total = 0.0
    var read = false
    // `1h30m`, `1h 30min`: an hours part, then a minutes part, each a number and a word; after
    // hours, the minutes are those of the next hour at most.
    for (words, scale) in [(hourWords, 60.0), (minuteWords, 1.0)] {
      guard let digits = rest.firstIndex(where: { !($0.isNumber || $0 == ".") }),
        let number = decimal(rest[..<digits])
      else { continue }
      let after = rest[digits...]
      guard let word = words.first(where: { after.hasPrefix($0) }) else { continue }
      if scale == 1, read, number >= 60 { return nil }
      total += number * scale
      rest = after.dropFirst(word.count)
      read = true
    }
    return read && rest.isEmpty ? total : nil
  }
}

extension WorkoutAllowance {
  /// Reads `250ml/30min`, `0.5l/1h` or `8oz/30m`: an amount, a slash, a duration.
  /// - Throws: ``WorkoutError`` for anything else (an amount that cannot be read included) or
  ///   a rate out of bounds.
  public init(parsing text: String, amounts: AmountParser) throws {
    guard let slash = text.lastIndex(of: "/") else {
      throw WorkoutError.unreadableAllowance(text)
    }
    // An amount's own errors speak of entries; here it is a rate.
    guard let amount = try? amounts.parse(String(text[..<slash]), allowLarge: true) else {
      throw WorkoutError.unreadableAllowance(text)
    }
    let minutes: Double
    do {
      minutes = try WorkoutDuration.minutes(String(text[text.index(after: slash)...]))
    } catch {
      throw WorkoutError.unreadableAllowance(text)
    }
    self.init(amount: amount, minutes: minutes)
    guard isWithinBounds else { throw WorkoutError.allowanceOutOfRange(text) }
  }
}
