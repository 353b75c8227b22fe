import Foundation
import Hummingbird

/// A form the page posts (`application/x-www-form-urlencoded`), read up to 16 KiB.
struct PageForm {
  let fields: [String: String]

  static func read(_ request: inout Request) async throws -> PageForm {
    let buffer = try await request.collectBody(upTo: 16 * 1024)
    let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
      }
      if let name = parts.first { fields[name] = parts.count > 1 ? parts[1] : "" }
    }
    return PageForm(fields: fields)
  }

  subscript(name: String) -> String? { fields[name] }
}
