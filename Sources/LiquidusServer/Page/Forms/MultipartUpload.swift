import Foundation
import Hummingbird

/// The one file of a `multipart/form-data` upload, streamed from the request straight to a
/// private file: never held in memory, and never more than ``limit`` bytes on disk (a larger
/// upload is cut off and its file removed).
///
/// Only what the page's upload form sends is read: a `csrf` field and one `file` part. The
/// parser keeps back the last few bytes of each chunk, which may be the start of the closing
/// boundary, so a boundary split across two chunks is still found.
struct MultipartUpload {
  /// The file, in a folder of its own (`0700`, the file `0600`) that ``remove()`` deletes.
  let file: URL
  /// The name the person's file had, reduced to letters, digits, `.`, `-` and `_`.
  let name: String
  /// The form's `csrf` field.
  let csrf: String
  let bytes: Int64

  typealias TooLarge = MultipartParser.TooLarge
  typealias Malformed = MultipartParser.Malformed

  static func read(_ request: Request, limit: Int64) async throws -> MultipartUpload {
    guard let type = request.headers[.contentType], type.hasPrefix("multipart/form-data"),
      let range = type.range(of: "boundary=")
    else { throw Malformed() }
    let boundary = Array(
      ("\r\n--"
        + type[range.upperBound...].trimmingCharacters(
          in: CharacterSet(charactersIn: "\" "))).utf8)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-upload-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    var parser = MultipartParser(boundary: boundary, folder: folder, limit: limit)
    do {
      for try await chunk in request.body {
        try parser.consume(Array(chunk.readableBytesView))
        if parser.finished { break }
      }
      let parsed = try parser.result()
      return MultipartUpload(
        file: parsed.file, name: parsed.name, csrf: parsed.csrf, bytes: parsed.bytes)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  /// Deletes the file and its folder.
  func remove() {
    try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
  }
}
