// Fuzz target: the page's upload parser (MultipartParser), fed any bytes in chunks whose sizes
// the input chooses: it reaches an answer or throws, never crashes or hangs, never writes more
// than its limit, and a finished form's file holds exactly what was counted.
import Foundation

private let folder: URL = {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("liquidus-fuzz-multipart-\(getpid())")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}()

func fuzzMultipart(_ bytes: UnsafeBufferPointer<UInt8>) {
  guard let first = bytes.first else { return }
  // The first byte sets the chunk size, the rest is the body.
  let chunk = Int(first % 61) + 1
  let body = Array(bytes.dropFirst())
  var parser = MultipartParser(boundary: Array("\r\n--b".utf8), folder: folder, limit: 4096)
  var offset = 0
  do {
    while offset < body.count, !parser.finished {
      try parser.consume(Array(body[offset..<min(body.count, offset + chunk)]))
      offset += chunk
    }
    let parsed = try parser.result()
    let size =
      (try? FileManager.default.attributesOfItem(atPath: parsed.file.path)[.size])
      as? Int64
    precondition(parsed.bytes <= 4096 && size == parsed.bytes)
  } catch {}
  for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
    try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
  }
}
