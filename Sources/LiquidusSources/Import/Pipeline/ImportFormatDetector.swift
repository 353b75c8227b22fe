import Foundation
import LiquidusModel

/// Guesses a file's ``ImportFormat`` from its name and first bytes (``detect(url:)``, in
/// `ImportFormatDetector+Detect.swift`, which opens zips) and from a CSV header, by the rules
/// of the registry's descriptors (``ImportFormats``).
public enum ImportFormatDetector {
  /// How much of the file is looked at: enough for any header line or XML prologue start.
  static let sniffSize = 64 * 1024

  /// Whether `bytes` (the start of a file) are text: no NUL byte, and valid UTF-8 but for a
  /// character cut at the end of the sample. A picture or a spreadsheet renamed `.csv` is not.
  static func looksLikeText(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard !bytes.contains(0) else { return false }
    var sample = Array(bytes)
    // Up to three bytes of a character split by the sample's end.
    for _ in 0..<3 where String(validating: sample, as: UTF8.self) == nil && !sample.isEmpty {
      sample.removeLast()
    }
    return String(validating: sample, as: UTF8.self) != nil
  }

  /// Whether the file at `url` starts as text (see ``looksLikeText(_:)``).
  static func isText(url: URL) throws(ImportError) -> Bool {
    looksLikeText(try prefix(of: url)[...])
  }

  /// True when the file starts with a zip local-file-header signature.
  static func isZip(url: URL) throws(ImportError) -> Bool {
    let head = try prefix(of: url, count: 4)
    return head.starts(with: [0x50, 0x4B, 0x03, 0x04])
  }

  static func prefix(of url: URL, count: Int = sniffSize) throws(ImportError) -> [UInt8] {
    let source = try FileByteSource(path: url.path)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
    defer { buffer.deallocate() }
    var filled = 0
    while filled < count {
      let n = try source.read(into: buffer + filled, count: count - filled)
      if n == 0 { break }
      filled += n
    }
    return Array(UnsafeRawBufferPointer(start: buffer, count: filled))
  }

  /// Splits a header line on commas outside quotes (headers rarely need more).
  static func splitHeader(_ line: String) -> [String] {
    var names: [String] = []
    var current = ""
    var inQuotes = false
    for character in line {
      if character == "\"" {
        inQuotes.toggle()
      } else if character == "," && !inQuotes {
        names.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    names.append(current)
    return names
  }
}
