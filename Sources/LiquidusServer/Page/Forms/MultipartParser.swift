import Foundation

/// The parsing of one `multipart/form-data` upload, fed chunk by chunk: the `file` part
/// written to a file in `folder` as it arrives, the other fields (a few KiB at most) kept.
/// The last bytes of each chunk are kept back, since they may be the start of the boundary.
///
/// Foundation only, so that the fuzzer (Scripts/fuzz, target `multipart`) builds it alone.
struct MultipartParser {
  /// The file is larger than the limit.
  struct TooLarge: Error {}
  /// Not a form this page sends: no boundary, headers without end, no file part.
  struct Malformed: Error {}

  let boundary: [UInt8]
  let folder: URL
  let limit: Int64
  /// Bytes not yet given to a part (may hold the start of a boundary).
  var pending: [UInt8] = Array("\r\n".utf8)
  var part: (name: String, filename: String?)?
  var fields: [String: String] = [:]
  var value: [UInt8] = []
  var output: FileHandle?
  var file: URL?
  var filename = "upload"
  var written: Int64 = 0
  var finished = false

  mutating func consume(_ bytes: [UInt8]) throws {
    pending += bytes
    while !finished {
      if part == nil {
        // Headers of the next part: after a boundary, up to a blank line; `--` after the
        // boundary closes the form.
        guard let start = pending.firstRange(of: boundary) else {
          if pending.count > 32 * 1024 { throw Malformed() }
          return
        }
        if pending[start.upperBound...].starts(with: Array("--".utf8)) {
          finished = true
          return
        }
        guard let end = pending[start.upperBound...].firstRange(of: Array("\r\n\r\n".utf8))
        else {
          if pending.count > 32 * 1024 { throw Malformed() }
          return
        }
        let headers = String(decoding: pending[start.upperBound..<end.lowerBound], as: UTF8.self)
        part = Self.disposition(headers)
        pending = Array(pending[end.upperBound...])
        if let filename = part?.filename, part?.name == "file" {
          self.filename = Self.safeName(filename)
          let url = folder.appendingPathComponent(self.filename)
          _ = FileManager.default.createFile(
            atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
          output = try FileHandle(forWritingTo: url)
          file = url
        }
        continue
      }
      // The part's content, up to the next boundary; the last bytes wait for more.
      if let next = pending.firstRange(of: boundary) {
        try take(Array(pending[..<next.lowerBound]))
        finishPart()
        pending = Array(pending[next.lowerBound...])
        continue
      }
      let keep = min(pending.count, boundary.count)
      try take(Array(pending[..<(pending.count - keep)]))
      pending = Array(pending[(pending.count - keep)...])
      return
    }
  }

  private mutating func take(_ bytes: [UInt8]) throws {
    guard !bytes.isEmpty else { return }
    if let output {
      written += Int64(bytes.count)
      if written > limit { throw TooLarge() }
      try output.write(contentsOf: bytes)
    } else {
      value += bytes
      if value.count > 4096 { throw Malformed() }
    }
  }

  private mutating func finishPart() {
    if let name = part?.name, output == nil {
      fields[name] = String(decoding: value, as: UTF8.self)
    }
    try? output?.close()
    output = nil
    value = []
    part = nil
  }

  /// What the form held, once its closing boundary was read.
  func result() throws -> (file: URL, name: String, csrf: String, bytes: Int64) {
    guard finished, let file else { throw Malformed() }
    return (file, filename, fields["csrf"] ?? "", written)
  }

  /// `name` and `filename` of a part's Content-Disposition.
  static func disposition(_ headers: String) -> (String, String?) {
    var name = ""
    var filename: String?
    for line in headers.split(separator: "\r\n")
    where line.lowercased().hasPrefix("content-disposition:") {
      for item in line.split(separator: ";").dropFirst() {
        let parts = item.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let key = parts[0].trimmingCharacters(in: .whitespaces)
        let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if key == "name" { name = value }
        if key == "filename" { filename = value }
      }
    }
    return (name, filename)
  }

  static func safeName(_ name: String) -> String {
    let base = name.split(separator: "/").last.map(String.init) ?? name
    let kept = base.unicodeScalars.filter {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "._-".unicodeScalars.contains($0)
    }
    let text = String(String.UnicodeScalarView(kept.suffix(100)))
    return text.isEmpty || text.hasPrefix(".") ? "upload" + text : text
  }
}
