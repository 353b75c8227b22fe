import Foundation

extension ExportedJSONReader {
  /// Whether the file at `path` begins as `liquidus export --format json` writes: an array
  /// whose first object starts with its `date` (the key the export always writes first), or
  /// an empty array. Google Fit's and Garmin's JSON begin otherwise (an object; `valueInML`).
  /// Only a regular file is looked at: reading the head of a pipe would take it from the
  /// import that reads it next.
  public static func isExport(atPath path: String) -> Bool {
    let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    guard type == .typeRegular, let handle = FileHandle(forReadingAtPath: path) else {
      return false
    }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 64) else { return false }
    let text = String(decoding: head, as: UTF8.self).filter { !$0.isWhitespace }
    return text.hasPrefix("[{\"date\":") || text == "[]"
  }
}
