// The one entry point libFuzzer calls, for every target: all targets build into one binary
// (one compile of the library sources instead of one per target, which is what lets CI build
// and run them all), and LIQUIDUS_FUZZ_TARGET picks the target a run fuzzes.
import Foundation

/// Every target, by the name Scripts/fuzz gives it (its file's name).
let fuzzTargets: [String: @Sendable (UnsafeBufferPointer<UInt8>) -> Void] = [
  "amount": fuzzAmount, "period": fuzzPeriod, "time": fuzzTime,
  "health-csv": fuzzHealthCSV, "health-auto-export": fuzzHealthAutoExport,
  "waterminder": fuzzWaterMinder, "samsung-health": fuzzSamsungHealth, "csv": fuzzPlainCSV,
  "apple-health-xml": fuzzAppleHealthXML, "cronometer": fuzzCronometer, "garmin": fuzzGarmin,
  "google-fit": fuzzGoogleFit, "zip-directory": fuzzZipDirectory, "multipart": fuzzMultipart,
]

private let selectedTarget: @Sendable (UnsafeBufferPointer<UInt8>) -> Void = {
  let name = ProcessInfo.processInfo.environment["LIQUIDUS_FUZZ_TARGET"] ?? ""
  guard let target = fuzzTargets[name] else {
    let known = fuzzTargets.keys.sorted().joined(separator: " ")
    FileHandle.standardError.write(
      Data("LIQUIDUS_FUZZ_TARGET is '\(name)'; set it to one of: \(known)\n".utf8))
    exit(64)
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  selectedTarget(UnsafeBufferPointer(start: data, count: size))
  return 0
}
