import Foundation

/// A 16-bit PCM mono WAV file: the RIFF header every audio player reads, then the samples.
///
/// Writing the 44-byte header by hand keeps the audio graph free of any system dependency.
struct WaveFile: Sendable {
  /// Samples per second.
  var sampleRate: Int
  /// The samples, little-endian on disk.
  var samples: [Int16]

  /// The whole file.
  var data: Data {
    let dataBytes = samples.count * 2
    var bytes = Data(capacity: 44 + dataBytes)
    bytes.append(contentsOf: Array("RIFF".utf8))
    bytes.appendLittleEndian(UInt32(36 + dataBytes))
    bytes.append(contentsOf: Array("WAVE".utf8))
    bytes.append(contentsOf: Array("fmt ".utf8))
    bytes.appendLittleEndian(UInt32(16))  // the size of a PCM format chunk
    bytes.appendLittleEndian(UInt16(1))  // PCM
    bytes.appendLittleEndian(UInt16(1))  // mono
    bytes.appendLittleEndian(UInt32(sampleRate))
    bytes.appendLittleEndian(UInt32(sampleRate * 2))  // bytes per second
    bytes.appendLittleEndian(UInt16(2))  // bytes per frame
    bytes.appendLittleEndian(UInt16(16))  // bits per sample
    bytes.append(contentsOf: Array("data".utf8))
    bytes.appendLittleEndian(UInt32(dataBytes))
    for sample in samples { bytes.appendLittleEndian(UInt16(bitPattern: sample)) }
    return bytes
  }
}

extension Data {
  fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}
