import Foundation
import Hummingbird
import LiquidusTestSupport
import Testing

@testable import LiquidusServer

/// The page's upload parser: the file streamed to disk as sent, whatever the chunks, and every
/// malformed or oversized form refused with nothing left behind.
@Suite(.serialized) struct MultipartUploadTests {
  static let boundary = "----liquidus7MA4YWxkTrZu0gW"

  /// A form as a browser sends it: the CSRF field, then the file.
  static func form(file: [UInt8], filename: String = "export.zip", csrf: String = "c5rf")
    -> [UInt8]
  {
    var body = Array("--\(boundary)\r\n".utf8)
    body += Array("Content-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n".utf8)
    body += Array("--\(boundary)\r\n".utf8)
    body += Array(
      ("Content-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\n"
        + "Content-Type: application/zip\r\n\r\n").utf8)
    body += file
    body += Array("\r\n--\(boundary)--\r\n".utf8)
    return body
  }

  /// `body` as a request arriving in chunks of the given sizes (the rest in one).
  static func request(_ body: [UInt8], chunks sizes: [Int] = [], type: String? = nil) -> Request {
    var chunks: [ByteBuffer] = []
    var rest = body[...]
    for size in sizes where !rest.isEmpty {
      chunks.append(ByteBuffer(bytes: rest.prefix(size)))
      rest = rest.dropFirst(size)
    }
    if !rest.isEmpty { chunks.append(ByteBuffer(bytes: rest)) }
    let stream = AsyncStream<ByteBuffer> { continuation in
      for chunk in chunks { continuation.yield(chunk) }
      continuation.finish()
    }
    return Request(
      head: HTTPRequest(
        method: .post, scheme: "http", authority: "localhost", path: "/import",
        headerFields: [.contentType: type ?? "multipart/form-data; boundary=\(boundary)"]),
      body: RequestBody(asyncSequence: stream))
  }

  /// The temporary folders an upload may leave.
  static func leftovers() throws -> Set<String> {
    Set(
      try FileManager.default.contentsOfDirectory(
        atPath: FileManager.default.temporaryDirectory.path
      ).filter { $0.hasPrefix("liquidus-upload-") })
  }

  @Test func aFileSplitAnywhereArrivesWhole() async throws {
    var random = SeededRandom()
    // Bytes that look like the boundary's start, a CR LF, and a lone dash: the parser must not
    // end the file early on any of them.
    let file =
      Array("PK\u{3}\u{4}\r\n--\r\n----liquidus7MA4\r\n-".utf8)
      + (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    let body = Self.form(file: file)
    for _ in 0..<40 {
      let sizes = (0..<8).map { _ in Int.random(in: 1...300, using: &random) }
      let upload = try await MultipartUpload.read(Self.request(body, chunks: sizes), limit: 1 << 20)
      defer { upload.remove() }
      #expect(try Data(contentsOf: upload.file) == Data(file), "chunks \(sizes), \(random)")
      #expect(upload.csrf == "c5rf")
      #expect(upload.name == "export.zip")
      #expect(upload.bytes == Int64(file.count))
    }
  }

  @Test func aFileOverTheLimitIsRefusedAndRemoved() async throws {
    let before = try Self.leftovers()
    let body = Self.form(file: Array(repeating: 0x41, count: 10_000))
    await #expect(throws: MultipartUpload.TooLarge.self) {
      _ = try await MultipartUpload.read(Self.request(body, chunks: [100, 100]), limit: 5_000)
    }
    #expect(try Self.leftovers() == before)
  }

  @Test(
    arguments: [
      ("text/plain", nil), ("multipart/form-data", nil), (nil, "no closing boundary"),
      (nil, "no file part"), (nil, "endless headers"),
    ] as [(String?, String?)])
  func aMalformedFormIsRefusedAndLeavesNothing(type: String?, shape: String?) async throws {
    let before = try Self.leftovers()
    var body = Self.form(file: Array("date,drink\n".utf8))
    switch shape {
    case "no closing boundary": body = Array(body.dropLast(Self.boundary.count + 6))
    case "no file part":
      body = Array(
        "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nx\r\n--\(Self.boundary)--\r\n"
          .utf8)
    case "endless headers":
      body = Array("--\(Self.boundary)\r\nX-Padding: ".utf8) + Array(repeating: 0x61, count: 40_000)
    default: break
    }
    await #expect(throws: MultipartUpload.Malformed.self) {
      _ = try await MultipartUpload.read(
        Self.request(body, chunks: [7, 64], type: type), limit: 1 << 20)
    }
    #expect(try Self.leftovers() == before)
  }

  @Test(arguments: [
    ("export.zip", "export.zip"), ("../../etc/passwd", "passwd"), (".hidden", "upload.hidden"),
    ("Mes données.csv", "Mesdonnes.csv"), ("", "upload"), ("a/b/", "b"),
  ])
  func aFilesNameIsKeptOnlyAsSafeLetters(sent: String, kept: String) async throws {
    let upload = try await MultipartUpload.read(
      Self.request(Self.form(file: [1, 2, 3], filename: sent)), limit: 1 << 20)
    defer { upload.remove() }
    #expect(upload.name == kept)
    #expect(upload.file.deletingLastPathComponent().lastPathComponent.hasPrefix("liquidus-upload-"))
  }

  /// Random bytes and random cuts of a good form: an answer or a refusal, never a crash, a
  /// hang or a file left behind.
  @Test func randomFormsAreAnsweredOrRefused() async throws {
    var random = SeededRandom()
    let before = try Self.leftovers()
    let good = Self.form(file: Array("date,drink,amount\n2026-11-20,water,250\n".utf8))
    for _ in 0..<300 {
      var body = good
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let at = Int.random(in: 0..<body.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: body[at] = UInt8.random(in: 0...255, using: &random)
        case 1: body.remove(at: at)
        default: body.insert(Array("\r\n--".utf8).randomElement(using: &random)!, at: at)
        }
      }
      let sizes = (0..<4).map { _ in Int.random(in: 1...64, using: &random) }
      if let upload = try? await MultipartUpload.read(
        Self.request(body, chunks: sizes), limit: 1 << 16)
      {
        #expect(upload.bytes <= 1 << 16)
        upload.remove()
      }
    }
    #expect(try Self.leftovers() == before, "\(random)")
  }
}
