import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import Testing

@testable import LiquidusServer

/// Import from the phone's share sheet, and the import's result as a summary (issue 43,
/// item 6).
@Suite struct PageShareTests {
  static let boundary = "----liquidusShare0gW"

  static func upload(_ csv: String, csrf: String?) -> ByteBuffer {
    var body = ""
    if let csrf {
      body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n"
    }
    body +=
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"shared.csv\"\r\n"
      + "Content-Type: text/csv\r\n\r\n\(csv)\r\n--\(boundary)--\r\n"
    return ByteBuffer(string: body)
  }

  @Test func theManifestOffersThePageAsAShareTargetForExportsPostedToImport() async throws {
    try await InProcessServer().test { client in
      let answer = try await client.execute(uri: "/manifest.webmanifest", method: .get)
      let manifest = try JSONValue.parse(Data(buffer: answer.body))
      let share = manifest["share_target"]
      #expect(share?["action"] == .string("/import"))
      #expect(share?["method"] == .string("POST"))
      #expect(share?["enctype"] == .string("multipart/form-data"))
      guard case .array(let files)? = share?["params"]?["files"] else {
        Issue.record("no files in the share target's params")
        return
      }
      #expect(files.first?["name"] == .string("file"))
      // The share sheet's post carries no CSRF token: refused before its body is read; the
      // service worker sends it on with the page's token instead.
      let page = try await SignedInPage.signIn(client)
      let bare = try await client.execute(
        uri: "/import", method: .post,
        headers: [
          .cookie: page.cookie, .contentType: "multipart/form-data; boundary=\(Self.boundary)",
        ], body: Self.upload("date,drink,amount,unit\n", csrf: nil))
      #expect(bare.status == .forbidden)
    }
  }

  @Test func undoAfterAnImportDoesNotReachPastItToTheChangeBefore() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      _ = try await page.post(
        client, "/settings", "csrf=\(page.csrf)&action=caffeine-model&limit=300mg")
      let csv = "date,drink,amount,unit\n2025-03-01T09:00:00+00:00,Water,300,mL\n"
      let imported = try await client.execute(
        uri: "/import", method: .post,
        headers: [
          .cookie: page.cookie, .contentType: "multipart/form-data; boundary=\(Self.boundary)",
          .init("X-CSRF-Token")!: page.csrf,
        ], body: Self.upload(csv, csrf: page.csrf))
      #expect(imported.status == .ok)
      _ = try await page.post(client, "/undo", "csrf=\(page.csrf)")
      #expect(try server.store.settings().caffeineLimitMg == 300, "the limit set before stays")
      let today = try await client.execute(uri: "/", method: .get, headers: [.cookie: page.cookie])
      #expect(String(buffer: today.body).contains("Nothing to undo"))
    }
  }

  @Test func anImportIsSummarisedWithItsFirstProblemsAndTheReportBehindDetails() async throws {
    try await InProcessServer().test { client in
      let page = try await SignedInPage.signIn(client)
      let csv =
        "date,drink,amount,unit,note,source\n2025-03-01T09:00:00+00:00,Water,300,mL,,share\n"
        + "2025-03-01T10:00:00+00:00,Water,lots,mL,,share\n"
      let answer = try await client.execute(
        uri: "/import", method: .post,
        headers: [
          .cookie: page.cookie, .contentType: "multipart/form-data; boundary=\(Self.boundary)",
          .init("X-CSRF-Token")!: page.csrf,
        ], body: Self.upload(csv, csrf: page.csrf))
      #expect(answer.status == .ok)
      let html = String(buffer: answer.body)
      #expect(
        html.contains(
          "<p id=\"import-headline\">Added 1 drink; skipped 0 already here or empty; 1 not imported.</p>"
        ),
        "\(html)")
      #expect(html.contains("<ul class=\"problems\"><li>Line 3: "), "\(html)")
      #expect(html.contains("<summary>Details</summary><pre class=\"report\">"))
    }
  }
}
