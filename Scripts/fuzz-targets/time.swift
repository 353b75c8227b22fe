// Fuzz target: time expressions (`log --at`) parse or throw TimeExpressionError.
import Foundation

private let context = CalendarContext(
  now: Date(timeIntervalSince1970: 1_795_000_000),
  timeZone: TimeZone(identifier: "Australia/Lord_Howe")!)

func fuzzTime(_ bytes: UnsafeBufferPointer<UInt8>) {
  let text = String(decoding: bytes, as: UTF8.self)
  _ = try? TimeExpression.parse(text, in: context)
}
