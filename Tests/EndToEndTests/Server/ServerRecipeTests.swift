import Foundation
import Testing

/// Every recipe of the server's guide, docs/SERVER.md (once the README's "Away from the desk"
/// section), sends its request to a real server: the `curl` lines as written, and Home
/// Assistant's `rest_command` and REST sensor as Home Assistant would send them, to the host
/// name the recipe uses.
@Suite(.serialized) struct ServerRecipeTests {
  static var section: String { ReadmeWalkTests.text("docs/SERVER.md") }

  /// The lines of the section's ```bash (or ```yaml) blocks.
  static func blocks(_ language: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        if current != nil {
          blocks.append(current!)
          current = nil
        } else if line == "```\(language)" {
          current = []
        }
        continue
      }
      current?.append(line)
    }
    return blocks
  }

  static var curlLines: [String] {
    blocks("bash").flatMap { $0 }.filter { $0.hasPrefix("curl ") }
  }

  @Test func theRecipesAreThere() {
    #expect(Self.curlLines.count >= 7)
    #expect(Self.blocks("yaml").count == 1)
  }

  @Test func theProxyRecipesTrustTheirProxy() {
    // Behind Caddy or tailscale serve every client is 127.0.0.1 unless the proxy is believed.
    let serveLines = Self.blocks("bash").flatMap { $0 }.filter {
      $0.hasPrefix("liquidus serve --host-name")
    }
    #expect(serveLines.count == 2, "\(serveLines)")
    for line in serveLines { #expect(line.contains("--trusted-proxy 127.0.0.1"), "\(line)") }
  }

  @Test func everyCurlRecipeIsAnswered() async throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    let server = try RunningServer(cli: cli)
    // The recipes that only read (a status bar's) use a token that may only read.
    let reader = try cli.run("serve", "token", "add", "reader", "--read-only")
    let readToken = reader.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(Self.curlLines.contains { $0.contains("$READ_TOKEN") })
    for line in Self.curlLines {
      // Waybar's signal has no Waybar to reach here.
      let script =
        "pkill() { :; }; export TOKEN='\(server.token)' READ_TOKEN='\(readToken)' "
        + "LIQUIDUS_URL='\(server.base)'; \(line)"
      let result = try cli.shell("bash -c \(Self.quoted(script))")
      #expect(result.status == 0, "\(line): \(result.stderr)")
      #expect(!result.stdout.contains("\"status\":4"), "\(line): \(result.stdout)")
      #expect(!result.stdout.contains("\"status\":5"), "\(line): \(result.stdout)")
    }
    let posted = Self.curlLines.filter { $0.contains("/api/drinks") }.count
    let listed = try cli.runBinary("list", "--format", "csv").stdout
    #expect(listed.split(separator: "\n").count == posted + 1, "\(listed)")
  }

  @Test func homeAssistantsRequestsAreAnswered() async throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    let yaml = try #require(Self.blocks("yaml").first)
    func value(_ key: String, after marker: String) throws -> String {
      let start = try #require(yaml.firstIndex { $0.contains(marker) })
      let line = try #require(
        yaml[start...].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(key + ":") })
      var text = String(line.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(
        in: .whitespaces)
      if text.hasPrefix("\"") || text.hasPrefix("'") { text = String(text.dropFirst().dropLast()) }
      return text
    }
    let url = try value("url", after: "rest_command:")
    let payload = try value("payload", after: "rest_command:")
    let method = try value("method", after: "rest_command:").uppercased()
    let sensor = try value("resource", after: "platform: rest")
    let host = try #require(URL(string: url)?.host)
    let server = try RunningServer(cli: cli, arguments: ["--host-name", host])
    // The sensor only reads, with a token that may do nothing else.
    #expect(try value("authorization", after: "rest_command:") == "!secret liquidus_auth")
    #expect(try value("authorization", after: "platform: rest") == "!secret liquidus_read")
    let reader = try cli.run("serve", "token", "add", "home-assistant", "--read-only")
    let readToken = reader.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    func send(_ arguments: [String], token: String? = nil) throws -> String {
      try server.curl(
        [
          "--resolve", "\(host):8787:127.0.0.1", "--connect-to",
          "\(host):8787:127.0.0.1:\(server.port)",
          "-H", "authorization: Bearer \(token ?? server.token)",
        ] + arguments)
    }
    let logged = try send([
      "-X", method, "-H", "Content-Type: application/json", "-d", payload, url,
    ])
    #expect(logged.contains("\"entry\""), "\(logged)")
    let refused = try send(
      ["-X", method, "-H", "Content-Type: application/json", "-d", payload, url],
      token: readToken)
    #expect(refused.contains("\"status\":403") && refused.contains("may only read"), "\(refused)")
    let status = try send([sensor], token: readToken)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
    // What the sensor's template and attributes read.
    #expect(json["total"] as? Double == 250)
    for attribute in ["goal", "percent", "remaining", "goalMet"] { #expect(json[attribute] != nil) }
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
