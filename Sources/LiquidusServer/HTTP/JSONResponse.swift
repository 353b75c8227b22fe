import Foundation
import Hummingbird
import LiquidusPresentation

/// A JSON answer: the views' own encoding (`JSONText`: keys sorted, camelCase), so the API
/// says exactly what `--format json` says.
enum JSONResponse {
  static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    let text = try JSONText.encode(value, layout: .oneLine)
    return Response(
      status: status, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
  }

  /// Text that is already JSON (a report's own `jsonText()`).
  static func raw(_ text: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: text.hasSuffix("\n") ? text : text + "\n")))
  }
}

extension Request {
  /// The body decoded as `Body`, read only up to the API's limit (413 beyond it).
  mutating func decodeJSON<Body: Decodable>(as type: Body.Type) async throws -> Body {
    let buffer = try await collectBody(upTo: APIRequestContext.bodyLimit)
    return try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
  }
}
