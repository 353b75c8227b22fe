import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiquidusServer

/// The page's files are the repository's own files, compiled in, and revalidated by ETag.
@Suite struct PageFilesTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test(arguments: [
    ("/static/app.css", "Static/app.css"), ("/static/app.js", "Static/app.js"),
    ("/sw.js", "Static/sw.js"), ("/manifest.webmanifest", "Static/manifest.webmanifest"),
    ("/static/icon.svg", "Static/icon.svg"), ("/api/openapi.json", "openapi.json"),
    ("/static/icon-192.png", "Static/icon-192.png"),
    ("/static/icon-512.png", "Static/icon-512.png"),
    ("/static/icon-maskable-512.png", "Static/icon-maskable-512.png"),
    ("/apple-touch-icon.png", "Static/apple-touch-icon.png"),
    ("/static/offline.html", "Static/offline.html"),
  ])
  func eachFileIsServedAsWrittenAndRevalidated(path: String, file: String) async throws {
    let written = try Data(
      contentsOf: Self.repository.appendingPathComponent(
        "Sources/LiquidusServer/Resources/\(file)"))
    try await InProcessServer().test { client in
      let first = try await client.execute(uri: path, method: .get)
      #expect(first.status == .ok)
      #expect(Data(buffer: first.body) == written, "\(path) is not \(file) as written")
      let etag = try #require(first.headers[.eTag])
      #expect(first.headers[.cacheControl] != nil)
      let again = try await client.execute(
        uri: path, method: .get, headers: [.ifNoneMatch: etag])
      #expect(again.status == .notModified)
      #expect(again.body.readableBytes == 0)
      let stale = try await client.execute(
        uri: path, method: .get, headers: [.ifNoneMatch: "\"stale\""])
      #expect(stale.status == .ok)
    }
  }

  @Test func theOpenAPIDocumentIsJSON() throws {
    let object = try JSONSerialization.jsonObject(with: Data(buffer: PageFiles.openAPI.bytes))
    let document = try #require(object as? [String: Any])
    #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
  }
}
