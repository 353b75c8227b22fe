// Fuzz target: period expressions parse or throw PeriodExpressionError; a parsed period
// is non-empty and navigable.
import Foundation

private let context = CalendarContext(
  now: Date(timeIntervalSince1970: 1_795_000_000),
  timeZone: TimeZone(identifier: "America/New_York")!)

func fuzzPeriod(_ bytes: UnsafeBufferPointer<UInt8>) {
  let text = String(decoding: bytes, as: UTF8.self)
  if let period = try? PeriodExpression.parse(text, in: context) {
    precondition(period.interval.duration > 0)
    precondition(period.next.previous == period)
  }
  let halves = text.split(separator: " ", maxSplits: 1).map(String.init)
  if halves.count == 2 { _ = try? PeriodExpression.range(from: halves[0], to: halves[1], in: context) }
}
