// Fuzz target: the amount parser must parse or throw AmountError, never crash or hang.
import Foundation

func fuzzAmount(_ bytes: UnsafeBufferPointer<UInt8>) {
  let text = String(decoding: bytes, as: UTF8.self)
  for unit in VolumeUnit.allCases {
    if let volume = try? AmountParser(defaultUnit: unit).parse(text, allowLarge: true) {
      precondition(volume.milliliters > 0 && volume <= AmountParser.absoluteLimit)
    }
  }
}
