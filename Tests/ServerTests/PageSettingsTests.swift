import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import Testing

@testable import LiquidusServer

/// Settings grouped to fit a phone, every command-line setting on it, a refusal next to its
/// field, and "Undo" for the last change of any kind (issue 43, items 4, 5 and 8).
@Suite struct PageSettingsTests {
  func settings(_ client: any TestClientProtocol, _ page: SignedInPage) async throws -> String {
    let answer = try await client.execute(
      uri: "/settings", method: .get, headers: [.cookie: page.cookie])
    #expect(answer.status == .ok)
    return String(buffer: answer.body)
  }

  @Test func everySettingOfTheCommandLineHasItsFieldAndEachDrinkIsARowThatOpens() async throws {
    try await InProcessServer().test { client in
      let page = try await SignedInPage.signIn(client)
      let html = try await settings(client, page)
      for id in [
        "goal", "goal-kind", "goal-exercise", "goal-from", "serving-name", "serving-amount",
        "serving-drink", "remind-on", "remind-every", "remind-mode", "remind-from", "remind-until",
        "unit", "weekday", "clock", "caffeine-limit", "caffeine-sleep", "caffeine-half-life",
      ] {
        #expect(html.contains("id=\"\(id)\""), "no field \(id)")
      }
      #expect(html.contains("<li><details id=\"drink-"))
      for jargon in ["Hydration factor", "mg/100ml", "times its volume"] {
        #expect(!html.contains(jargon), "\(jargon)")
      }
    }
  }

  @Test func aRefusedValueIsShownNextToItsFieldFocusedAndTheRestAsTyped() async throws {
    try await InProcessServer().test { client in
      let page = try await SignedInPage.signIn(client)
      let refused = try await page.post(
        client, "/settings",
        "csrf=\(page.csrf)&action=reminders&enabled=on&every=60m-120m&mode=after-drink"
          + "&from=lots&until=10%3A00+PM")
      #expect(refused.status == .unprocessableContent)
      let html = String(buffer: refused.body)
      #expect(
        html.contains(
          "<input id=\"remind-from\" name=\"from\" value=\"lots\" autocomplete=\"off\" "
            + "aria-invalid=\"true\" autofocus aria-describedby=\"remind-from-error\">"), "\(html)")
      #expect(html.contains("<p id=\"remind-from-error\" class=\"error field-error\">"))
      #expect(html.contains("value=\"10:00 PM\""), "the other field as typed")
      #expect(!html.contains("id=\"settings-error\""), "not at the top")
    }
  }

  @Test func undoTakesBackADeleteAndThenASetting() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      _ = try await page.post(client, "/log", "drink=Water&amount=275ml&csrf=\(page.csrf)")
      let all = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
      let uid = try #require(all.first?.uid)
      _ = try await page.post(client, "/entries/\(uid)/delete", "csrf=\(page.csrf)")
      #expect(
        try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture)).isEmpty)
      let undone = try await page.post(client, "/undo", "csrf=\(page.csrf)")
      #expect(undone.status == .seeOther && undone.headers[.location] == "/")
      let back = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
      #expect(back.map(\.volume.milliliters) == [275])
      #expect(back.first?.instant == all.first?.instant)
      let today = try await client.execute(uri: "/", method: .get, headers: [.cookie: page.cookie])
      #expect(String(buffer: today.body).contains("Undone. Back: 275 mL of Water at 3:00 PM."))

      let changed = try await page.post(
        client, "/settings", "csrf=\(page.csrf)&action=caffeine-model&limit=300mg")
      #expect(changed.status == .ok)
      #expect(try server.store.settings().caffeineLimitMg == 300)
      let settingBack = try await page.post(client, "/undo", "csrf=\(page.csrf)&back=/settings")
      #expect(settingBack.headers[.location] == "/settings")
      #expect(try server.store.settings().caffeineLimitMg == 400)
      #expect(try await settings(client, page).contains("Undone. Caffeine: at most 400 mg a day"))
    }
  }

  @Test func theEditScreenShowsTheTimeInThePersonsClockAndTheAmountInTheUnit() async throws {
    let server = try InProcessServer()
    try await server.test { client in
      let page = try await SignedInPage.signIn(client)
      _ = try await page.post(client, "/log", "drink=Water&amount=8floz&csrf=\(page.csrf)")
      let uid = try #require(
        try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
          .first?.uid)
      let edit = try await client.execute(
        uri: "/entries/\(uid)/edit", method: .get, headers: [.cookie: page.cookie])
      let html = String(buffer: edit.body)
      #expect(html.contains("id=\"edit-time\" name=\"time\" value=\"3:00 PM\""), "\(html)")
      #expect(html.contains("id=\"edit-amount\" name=\"amount\" value=\"237 mL\""), "\(html)")
      #expect(!html.contains("HH:MM"))
      let moved = try await page.post(
        client, "/entries/\(uid)/edit",
        "csrf=\(page.csrf)&drink=Water&amount=237+mL&time=2%3A30+PM&note=")
      #expect(moved.status == .seeOther)
      let drink = try #require(
        try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture)).first)
      #expect(drink.instant == InProcessServer.now.addingTimeInterval(-1800))
      #expect(abs(drink.volume.milliliters - 236.59) < 0.01, "an amount left alone stays exact")
    }
  }
}
