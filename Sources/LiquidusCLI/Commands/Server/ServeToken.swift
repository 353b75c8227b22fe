import ArgumentParser
import Foundation
import LiquidusModel
import LiquidusUseCases

extension Liquidus.Serve {
  struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "token",
      abstract: "Make, list and revoke the tokens the API asks for.",
      discussion: """
        A token is shown once, when it is made; only its SHA-256 digest is stored. Send it as \
        'Authorization: Bearer TOKEN'. A token made with --read-only may only read (GET): \
        give one to a status bar or a dashboard.

        Examples:
          liquidus serve token add phone
          liquidus serve token add waybar --read-only
          liquidus serve token list
          liquidus serve token revoke phone
        """,
      subcommands: [Add.self, List.self, Revoke.self])

    struct Add: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Make a token and print it once.",
        discussion: """
          Examples:
            liquidus serve token add phone
            liquidus serve token add home-assistant --read-only
          """)
      @OptionGroup var global: GlobalOptions
      @Argument(help: "A name for it: letters, digits, '-', '_', '.'.") var name: String
      @Flag(
        name: .customLong("read-only"),
        help: "It may only read (GET), never log, change or delete: for a status bar or sensor.")
      var readOnly = false

      func run() throws {
        try reportingFailures {
          let live = try LiveEnvironment.open()
          guard
            case .added(let token, let secret) = try ManageTokens().run(
              .add(name: name, scope: readOnly ? .readOnly : .readWrite), in: live.call)
          else { return }
          Terminal.print(secret, raw: true)
          let what = token.scope == .readOnly ? "Read-only token" : "Token"
          Terminal.warn(
            "\(what) '\(token.name)' made. It is shown only now: put it into the phone or app. "
              + "Revoke it with `liquidus serve token revoke \(token.name)`.")
        }
      }
    }

    struct List: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the tokens: names, what each may do, when made, when last used.",
        discussion: "Example:\n  liquidus serve token list")
      @OptionGroup var global: GlobalOptions

      func run() throws {
        try reportingFailures {
          let live = try LiveEnvironment.open()
          guard case .listed(let tokens) = try ManageTokens().run(.list, in: live.call) else {
            return
          }
          if tokens.isEmpty {
            Terminal.print("No tokens yet. Make one with `liquidus serve token add NAME`.")
            return
          }
          let zone = live.context.timeZone
          for token in tokens {
            let made = ClockText.iso8601(token.createdAt, timeZone: zone)
            let used = token.lastUsedAt.map { "last used " + ClockText.iso8601($0, timeZone: zone) }
            Terminal.print(
              "\(token.name)  \(token.scope.rawValue)  made \(made)  \(used ?? "never used")")
          }
        }
      }
    }

    struct Revoke: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a token: requests with it are refused at once.",
        discussion: "Example:\n  liquidus serve token revoke phone")
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The token's name.") var name: String

      func run() throws {
        try reportingFailures {
          let live = try LiveEnvironment.open()
          _ = try ManageTokens().run(.revoke(name: name), in: live.call)
          Terminal.print("Revoked '\(name)'.")
        }
      }
    }
  }
}
