import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import Testing

@testable import LiquidusServer

/// What a signed-in person does on the page beyond a tap: delete an entry, download a period.
@Suite struct PageScreensTests {
  @Test func anEntryDeletedFromTodayIsGoneAndOnlyThatOne() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      for amount in ["250ml", "330ml"] {
        let logged = try await page.post(
          client, "/log", "drink=Water&amount=\(amount)&csrf=\(page.csrf)")
        #expect(logged.status == .seeOther)
      }
      let all = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
      let first = try #require(all.first { $0.volume.milliliters == 250 }?.uid)
      let forged = try await page.post(client, "/entries/\(first)/delete", "csrf=guess")
      #expect(forged.status == .forbidden)
      let deleted = try await page.post(client, "/entries/\(first)/delete", "csrf=\(page.csrf)")
      #expect(deleted.status == .seeOther)
      let today = try await client.execute(uri: "/", method: .get, headers: [.cookie: page.cookie])
      #expect(!String(buffer: today.body).contains("Delete Water 250 mL"))
      #expect(String(buffer: today.body).contains("Delete Water 330 mL"))
    }
    let left = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    #expect(left.map(\.volume.milliliters) == [330])
  }

  @Test func aPeriodDownloadsAsTheCommandLinesCSVAndJSON() async throws {
    try await InProcessServer().test { client in
      let page = try await SignedInPage.signIn(client)
      _ = try await page.post(client, "/log", "drink=Water&amount=250ml&csrf=\(page.csrf)")
      let csv = try await client.execute(
        uri: "/trends/summary.csv?period=week", method: .get, headers: [.cookie: page.cookie])
      #expect(csv.status == .ok)
      #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
      #expect(
        csv.headers[.contentDisposition] == "attachment; filename=\"liquidus-week.csv\"")
      #expect(String(buffer: csv.body).contains("250"))
      let json = try await client.execute(
        uri: "/trends/summary.json?period=week", method: .get, headers: [.cookie: page.cookie])
      #expect(json.status == .ok)
      let summary = try JSONValue.parse(Data(buffer: json.body))
      #expect(summary["total"] == .number(250))
      let refused = try await client.execute(
        uri: "/trends/summary.json?period=fortnight", method: .get,
        headers: [.cookie: page.cookie])
      #expect(refused.status == .badRequest)
    }
  }
}
