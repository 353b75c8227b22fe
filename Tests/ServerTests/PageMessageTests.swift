import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiquidusServer

/// What a person should type is shown as code on the page, not between backticks.
@Suite struct PageMessageTests {
  @Test func aCommandInASentenceIsCodeAndEveryWordIsKept() {
    let message = PageMessage("Make a new one with `liquidus serve link`, or paste a token.")
    #expect(
      message.parts == [
        .init(text: "Make a new one with ", code: false),
        .init(text: "liquidus serve link", code: true),
        .init(text: ", or paste a token.", code: false),
      ])
    // An unmatched backtick is text as typed.
    #expect(
      PageMessage("a `b").parts == [.init(text: "a `b", code: false)])
  }

  @Test func theSignInScreenShowsASpentLinksAdviceWithoutBackticks() async throws {
    try await InProcessServer().test { client in
      let response = try await client.execute(uri: "/signin?link=spent", method: .get)
      let html = String(buffer: response.body)
      #expect(response.status == .unauthorized)
      #expect(html.contains("<code>liquidus serve link</code>"), "\(html)")
      #expect(!html.contains("`"), "\(html)")
    }
  }
}
