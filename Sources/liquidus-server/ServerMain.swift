import ArgumentParser
import Foundation
import LiquidusCLI
import LiquidusServer
import LiquidusStore

/// `liquidus-server`: what `liquidus serve` becomes. Opens the database once, for many callers,
/// and serves until SIGINT or SIGTERM.
@main
struct ServerMain: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "liquidus-server",
    abstract: "The Liquidus API server; run it as `liquidus serve`.")

  @OptionGroup var options: ServeOptions

  func run() async throws {
    do {
      try await serve()
    } catch let failure as ListenFailure {
      throw failure.report()
    }
  }

  private func serve() async throws {
    let environment = ProcessInfo.processInfo.environment
    let path = DatabaseFile.path(option: nil, environment: environment)
    let store = try DrinkStore.open(
      at: path, sharing: .manyCallers,
      durability: options.syncEveryCommit ? .powerCut : .processCrash)
    let (host, port) = try options.address
    let pinned: Date? =
      (environment["LIQUIDUS_NOW"] ?? "").isEmpty ? nil : try LiveEnvironment.now(environment)
    // For tests of the page turning at midnight: the pinned clock runs on from LIQUIDUS_NOW
    // instead of standing still, so a server started a minute before midnight sees it pass.
    let started = Date()
    let runs = pinned != nil && environment["LIQUIDUS_NOW_RUNS"] == "1"
    var configuration = LiquidusServer.Configuration(
      host: host, port: port, hostNames: options.hostNames,
      tls: options.tlsCertificate.flatMap { cert in options.tlsKey.map { (cert, $0) } },
      idleTimeout: .seconds(Int(environment["LIQUIDUS_SERVE_IDLE_SECONDS"] ?? "") ?? 15),
      clock: {
        guard let pinned else { return Date() }
        return runs ? pinned.addingTimeInterval(Date().timeIntervalSince(started)) : pinned
      },
      timeZone: LiveEnvironment.timeZone(environment),
      locale: LiveEnvironment.locale(environment))
    configuration.trustedProxies = options.trustedProxies
    configuration.maxConnections = options.maxConnections
    configuration.requestDeadline = .seconds(options.requestDeadline)
    configuration.minimumBodyRate = options.minimumBodyRate
    configuration.heavyRequests = options.heavyRequests
    configuration.push.services = options.pushServiceRules
    configuration.push.contact = options.pushContact ?? configuration.push.contact
    configuration.push.authorityFile = options.pushAuthorityFile
    // For API fuzzing, whose requests without a token would otherwise lock its address out.
    if let limit = Int(environment["LIQUIDUS_SERVE_GUESSES_PER_MINUTE"] ?? "") {
      configuration.guessesPerMinute = limit
    }
    // For tests of the second signal, which must come before the deadline ends the wait.
    if let seconds = Int(environment["LIQUIDUS_SERVE_SHUTDOWN_SECONDS"] ?? "") {
      configuration.shutdownDeadline = .seconds(seconds)
    }
    // For Scripts/bench-serve: the HTTP floor of a POST, beside the real one.
    configuration.benchFloor = environment["LIQUIDUS_SERVE_BENCH_FLOOR"] == "1"
    // For tests of the reminders pushed to phones, which cannot wait a minute for a turn.
    if let seconds = Double(environment["LIQUIDUS_SERVE_REMINDER_SECONDS"] ?? ""), seconds > 0 {
      configuration.reminderTurn = .milliseconds(Int(seconds * 1000))
    }
    if let limit = Int64(environment["LIQUIDUS_SERVE_UPLOAD_LIMIT"] ?? "") {
      configuration.uploadLimit = limit
    }
    let scheme = configuration.tls == nil ? "http" : "https"
    let server = LiquidusServer(store: store, configuration: configuration)
    try await server.run { port in
      let shown = host.contains(":") ? "[\(host)]" : host
      // Written at once (not buffered): tests and scripts that ask for port 0 read the port.
      let line = "Listening on \(scheme)://\(shown):\(port)/ (database \(path))\n"
      FileHandle.standardOutput.write(Data(line.utf8))
      // As Jupyter does: a link that signs a browser in once, so nobody types a token.
      let linkHost =
        options.hostNames.first ?? (["0.0.0.0", "::"].contains(host) ? "127.0.0.1" : shown)
      Task {
        let text: String
        do {
          let link = try await server.makeSignInLink(base: "\(scheme)://\(linkHost):\(port)")
          text =
            "Sign in from a browser (once, within 15 minutes): \(link.url)\n"
            + "A new link: liquidus serve link\n"
        } catch {
          text = "No sign-in link: \(error). Sign in with a token instead.\n"
        }
        FileHandle.standardOutput.write(Data(text.utf8))
      }
    }
  }
}
