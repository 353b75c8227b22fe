import Foundation
import LiquidusModel

/// Where days sit on the calendar and the daily-line charts, and how those axes are labelled.
///
/// Days are placed by counting, not by instants: a 23- or 25-hour day still takes one cell, and
/// the weekday of each day follows from the first day's.
struct DayAxis {
  /// The days shown, in order.
  var days: [Day]
  /// The context: first weekday, locale, zone.
  var context: CalendarContext
  /// A phone's canvas: a month label every other month over long spans.
  var narrow = false

  /// How far the first day is from the start of its week (0 when it is the first weekday).
  var leadingDays: Int {
    guard let first = days.first else { return 0 }
    let weekday = context.calendar.component(.weekday, from: first.interval.start)
    return (weekday - context.calendar.firstWeekday + 7) % 7
  }

  /// The calendar cell of the day at `index`: week column and weekday row (0 = first weekday).
  func cell(_ index: Int) -> (column: Int, row: Int) {
    ((index + leadingDays) / 7, (index + leadingDays) % 7)
  }

  /// How many week columns the calendar has.
  var columns: Int { days.isEmpty ? 0 : cell(days.count - 1).column + 1 }

  /// The weekday names for rows 0...6, starting at the first weekday ("Sun", "Mon", ...).
  var weekdayNames: [String] {
    let symbols = context.calendar.shortWeekdaySymbols
    return (0..<7).map { symbols[(context.calendar.firstWeekday - 1 + $0) % 7] }
  }

  /// The first weekday's full name, for descriptions: "Sunday".
  var firstWeekdayName: String {
    context.calendar.weekdaySymbols[(context.calendar.firstWeekday - 1) % 7]
  }

  /// Labels along a day axis at `position(index)`: each month's name where the month starts when
  /// the span is long, else each week's first day ("Nov 8"), so the labels never crowd.
  /// - Parameter monthsOnly: label months even for short spans (the calendar's columns are too
  ///   narrow for dates).
  func labels(monthsOnly: Bool = false, position: (Int) -> Int) -> [(label: String, at: Int)] {
    var labels: [(String, Int)] = []
    let long = monthsOnly || days.count > 62
    for (index, day) in days.enumerated() {
      let start = day.interval.start
      let date = context.calendar.dateComponents([.day, .month], from: start)
      if long {
        guard date.day == 1 || index == 0 else { continue }
        // A month whose first day is the last few of the span would crowd its neighbour.
        if index == 0 && date.day ?? 1 > 20 { continue }
        // Month names only: the title carries the years, and "Dec 2025" beside "Jan 2026"
        // would not fit in the four columns between them.
        labels.append(
          (FormatterCache.shared.string(from: start, template: "MMM", in: context), index))
      } else if cell(index).row == 0 || index == 0 {
        labels.append(
          (FormatterCache.shared.string(from: start, template: "MMMd", in: context), index))
      }
    }
    var placed: [(String, Int)] = []
    var seen = Set<Int>()
    let every = narrow && labels.count > 6 ? 2 : 1
    for (number, (label, index)) in labels.enumerated()
    where number % every == 0 && seen.insert(position(index)).inserted {
      placed.append((label, position(index)))
    }
    return placed
  }

  /// The `set xtics (...)` command for ``labels(position:)``.
  func ticsCommand(monthsOnly: Bool = false, position: (Int) -> Int) -> String {
    let pairs = labels(monthsOnly: monthsOnly, position: position).map {
      "\(GnuplotScript.ticLabel($0.label)) \($0.at)"
    }
    return "set xtics (\(pairs.joined(separator: ", "))) scale 0 noenhanced"
  }
}
