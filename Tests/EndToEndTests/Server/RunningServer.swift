import Foundation
import LiquidusTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `liquidus serve` started for a test: the real executable on a free loopback port, over
/// the test's own database, spoken to with real HTTP.
final class RunningServer: @unchecked Sendable {
  let process: Process
  let port: Int
  let output: URL
  let cli: CLI
  /// A token made for the test with `liquidus serve token add`.
  let token: String

  let scheme: String
  var base: String { "\(scheme)://127.0.0.1:\(port)" }

  /// Starts `liquidus serve --listen 127.0.0.1:0` through the `liquidus` binary (which becomes
  /// `liquidus-server`) and waits for its "Listening on" line.
  init(cli: CLI, arguments: [String] = [], environment: [String: String] = [:]) throws {
    self.cli = cli
    let made = try cli.run("serve", "token", "add", "test-\(UUID().uuidString.prefix(8))")
    try #require(made.status == 0, "serve token add: \(made.stderr)")
    token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    output = cli.folder.appendingPathComponent("server-\(UUID().uuidString).log")
    try Data().write(to: output)
    process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
    process.environment = cli.environment.merging(environment) { _, new in new }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var found: Int?
    for _ in 0..<600 where found == nil {
      Thread.sleep(forTimeInterval: 0.05)
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      for candidate in ["http", "https"] {
        if let range = text.range(of: "Listening on \(candidate)://127.0.0.1:") {
          found = Int(text[range.upperBound...].prefix { $0.isNumber })
        }
      }
      if !process.isRunning { break }
    }
    guard let found else {
      process.terminate()
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      throw ServerDidNotStart(log: text)
    }
    port = found
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    scheme = text.contains("Listening on https://") ? "https" : "http"
  }

  struct ServerDidNotStart: Error, CustomStringConvertible {
    let log: String
    var description: String { "the server did not start: \(log)" }
  }

  /// Stops it with `signal` (SIGTERM: gracefully) and waits, at most a minute: a server that
  /// does not stop is killed, and the test fails.
  func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
    if !process.waitUntilExit(within: .seconds(60)) {
      Issue.record("the server did not stop within a minute of signal \(signal) and was killed")
    }
    return process.terminationStatus
  }

  var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      _ = process.waitUntilExit(within: .seconds(60))
    }
  }

  /// An answer: status, headers and body.
  struct Answer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    func json() throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }
  }

  /// Sends one request with the test's token (unless `token` says otherwise).
  func send(
    _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
    token: String?? = .none
  ) async throws -> Answer {
    var request = URLRequest(url: URL(string: base + path)!)
    request.httpMethod = method
    request.timeoutInterval = 30
    let bearer: String? = token ?? self.token
    if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    if let json {
      request.httpBody = Data(json.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await Self.session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      fields[String(describing: name).lowercased()] = String(describing: value)
    }
    return Answer(status: http.statusCode, headers: fields, body: data)
  }

  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 32
    return URLSession(configuration: configuration)
  }()

  /// Runs `curl` with `arguments` (a real client, for what URLSession will not send, such as
  /// a foreign `Host`), and returns its output.
  func curl(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s", "--max-time", "20"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    // curl's --max-time bounds the request; the limit bounds curl.
    let (data, timedOut) = process.bounded(by: .seconds(60)) {
      defer { process.waitUntilExit() }
      return pipe.fileHandleForReading.readDataToEndOfFile()
    }
    if timedOut { Issue.record("curl \(arguments) ran past a minute and was killed") }
    return String(decoding: data, as: UTF8.self)
  }
}
