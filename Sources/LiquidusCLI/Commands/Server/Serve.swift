import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Liquidus {
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract:
        "Serve the JSON API, so a phone, Siri, an NFC tag or Home Assistant can log drinks.",
      discussion: """
        Listens on 127.0.0.1:8787 by default. Every request needs a token: make one with \
        `liquidus serve token add NAME`. See the recipes in docs/SERVER.md for iOS Shortcuts, \
        Android, Home Assistant, Waybar and curl. A browser opens the page at / with the one-time \
        sign-in link the server prints as it starts (`liquidus serve link` makes another).

        Examples:
          liquidus serve
          liquidus serve link
          liquidus serve --listen 0.0.0.0:8787 --tls-cert cert.pem --tls-key key.pem
          liquidus serve token add phone
        """,
      subcommands: [Run.self, Link.self, Token.self, Install.self, Uninstall.self],
      defaultSubcommand: Run.self)

    struct Run: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Serve until stopped (Ctrl-C or SIGTERM finish the requests in flight).",
        discussion: """
          Example:
            liquidus serve run --listen 127.0.0.1:8787
          """)

      @OptionGroup var global: GlobalOptions
      @OptionGroup var options: ServeOptions

      func run() throws {
        try reportingFailures { try ServerExecutable.replaceProcess(with: options.arguments) }
      }
    }
  }
}

/// The server is its own executable, `liquidus-server`, installed beside `liquidus`: linking an
/// HTTP stack into `liquidus` would load it for every `log`. `liquidus serve` becomes it.
enum ServerExecutable {
  static let name = "liquidus-server"

  /// Replaces this process with the server, with the command's environment (its `--db` is
  /// `LIQUIDUS_DB` there).
  static func replaceProcess(with arguments: [String]) throws {
    let path = try locate()
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let environment =
      CommandEnvironment.current.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    execve(path, argv, environment)
    throw ServerMissing(path: path, reason: String(cString: strerror(errno)))
  }

  /// `liquidus-server` in the folder of this executable.
  static func locate() throws -> String {
    let own = Liquidus.Remind.RemindInstall.executablePath()
    let path = URL(fileURLWithPath: own).deletingLastPathComponent()
      .appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw ServerMissing(path: path, reason: "it is not there")
    }
    return path
  }
}

/// The server's executable cannot be started.
struct ServerMissing: CommandLineFailure {
  let path: String
  let reason: String
  var exitStatus: ExitStatus { .failure }
  var message: String {
    "Cannot start the server \(path): \(reason). Install it beside liquidus (Scripts/install "
      + "does), or build it with `swift build --product liquidus-server`."
  }
}
