// libFuzzer target: time expressions (`log --at`) parse or throw TimeExpressionError.
import Foundation

private let context = CalendarContext(
  now: Date(timeIntervalSince1970: 1_795_000_000),
  timeZone: TimeZone(identifier: "Australia/Lord_Howe")!)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTime(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = try? TimeExpression.parse(text, in: context)
  return 0
}
