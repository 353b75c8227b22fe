import Hummingbird
import NIOCore

/// A file of `Sources/LiquidusServer/Resources/`, compiled into the binary by SwiftPM's
/// `embedInCode`: the release binary is static and copied alone, so there is no folder beside
/// it to read files from at run time.
struct EmbeddedFile: Sendable {
  let bytes: ByteBuffer
  let contentType: String
  /// A strong validator of the content (`"` + a 64-bit FNV-1a hash + `"`): it changes with
  /// every release that changes the file, so a client revalidating gets 304 or the new file.
  let etag: String

  init(_ bytes: [UInt8], _ contentType: String) {
    self.bytes = ByteBuffer(bytes: bytes)
    self.contentType = contentType
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    etag = "\"\(String(hash, radix: 16))\""
  }

  /// The file as UTF-8 text.
  var text: String { String(buffer: bytes) }

  /// The file, or 304 when the request already holds this version of it.
  /// - Parameter cacheControl: how long a client may keep it without asking again.
  func response(to request: Request, cacheControl: String) -> Response {
    var headers: HTTPFields = [.eTag: etag, .cacheControl: cacheControl]
    if request.headers[values: .ifNoneMatch].contains(where: { $0 == etag || $0 == "*" }) {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentType] = contentType
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
  }
}
