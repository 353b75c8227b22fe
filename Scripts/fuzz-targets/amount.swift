// libFuzzer target: the amount parser must parse or throw AmountError, never crash or hang.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAmount(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for unit in VolumeUnit.allCases {
    if let volume = try? AmountParser(defaultUnit: unit).parse(text, allowLarge: true) {
      precondition(volume.milliliters > 0 && volume <= AmountParser.absoluteLimit)
    }
  }
  return 0
}
