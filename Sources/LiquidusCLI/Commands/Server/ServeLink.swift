import ArgumentParser
import Foundation
import LiquidusModel
import LiquidusUseCases

extension Liquidus.Serve {
  /// `liquidus serve link`: another one-time sign-in link, for a second phone or after the one
  /// printed at start has expired. The CLI and the server share the database, so the server
  /// redeems what this command stores.
  struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "link",
      abstract: "Make a one-time link that signs a browser in to the page.",
      discussion: """
        The link works once, within 15 minutes, and opens a session of the token 'page' (made \
        on first use; `liquidus serve token revoke page` ends its sessions) or of --token NAME.

        Examples:
          liquidus serve link
          liquidus serve link --url https://laptop.tailnet.ts.net:8787 --token phone
        """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "Where the server is reached, as the browser will open it.")
    var url = "http://127.0.0.1:8787"

    @Option(help: "The token whose session the link opens (default: 'page').")
    var token: String?

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let link = try MakeSignInLink().run(.init(tokenName: token), in: live.call)
        let base = url.hasSuffix("/") ? String(url.dropLast()) : url
        Terminal.print(link.url(base: base), raw: true)
        let until = ClockText.iso8601(link.expires, timeZone: live.context.timeZone)
        Terminal.warn(
          "Open it once, before \(until); it signs in as token '\(link.token.name)' "
            + "(`liquidus serve token revoke \(link.token.name)` ends its sessions).")
      }
    }
  }
}
