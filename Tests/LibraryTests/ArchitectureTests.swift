import Foundation
import Testing

/// The layers as ARCHITECTURE.md draws them, checked against the sources: each target imports
/// only the layers below it, and SQL and GRDB live in the store alone.
///
/// SwiftPM already refuses most backward imports (a target cannot import one it does not
/// depend on once the build graph is clean, and a cycle does not build), but an undeclared
/// import can compile by accident when the other module happens to be built first. This test
/// reads the `import` lines, so it fails the same way on every machine.
@Suite struct ArchitectureTests {
  /// What each target may import, besides the system's modules.
  static let allowed: [String: Set<String>] = [
    "LiquidusModel": [],
    "LiquidusStore": ["LiquidusModel", "GRDB", "GRDBSQLite"],
    "LiquidusAnalysis": ["LiquidusModel", "LiquidusStore"],
    // SystemZlib: the system's zlib, for the export's inflating thread (Zip/).
    "LiquidusSources": ["LiquidusModel", "LiquidusStore", "ZIPFoundation", "SystemZlib"],
    "LiquidusUseCases": ["LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources"],
    "LiquidusPresentation": [
      "LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources", "LiquidusUseCases",
    ],
    "LiquidusCLI": [
      "LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources", "LiquidusUseCases",
      "LiquidusPresentation", "ArgumentParser",
    ],
    // Web Push's cryptography, beside the layers: of the model only its push values (base64url,
    // an endpoint's origin), no store, no GRDB.
    "LiquidusPush": ["LiquidusModel", "Crypto"],
    "LiquidusServer": [
      "LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources", "LiquidusUseCases",
      "LiquidusPresentation", "LiquidusPush", "Hummingbird", "HummingbirdCore", "HummingbirdTLS",
      "NIOSSL",
      "NIOCore", "NIOHTTPTypes", "ServiceLifecycle", "Logging", "Mustache",
      // The push sender's HTTP client (Push/).
      "AsyncHTTPClient", "NIOHTTP1",
    ],
    "liquidus": ["LiquidusCLI"],
    "liquidus-server": ["LiquidusCLI", "LiquidusServer", "LiquidusStore", "ArgumentParser"],
  ]
  static let system: Set<String> = [
    "Foundation", "Glibc", "Musl", "Darwin", "Synchronization", "Dispatch",
  ]

  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Every Swift file of `target` with its text.
  static func files(of target: String) throws -> [(path: String, text: String)] {
    let root = sources.appendingPathComponent(target)
    let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
    return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map {
      ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
    }
  }

  @Test func everyTargetIsKnownToTheLayerTable() throws {
    let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
    #expect(Set(targets) == Set(Self.allowed.keys))
  }

  @Test(arguments: allowed.keys.sorted())
  func importsPointOnlyDownward(target: String) throws {
    for (path, text) in try Self.files(of: target) {
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") || $0.isEmpty })
        else { continue }
        let module = String(words[index + 1])
        #expect(
          Self.system.contains(module) || Self.allowed[target]!.contains(module),
          "\(target)/\(path) imports \(module)")
      }
    }
  }

  /// Each target of Package.swift with what it depends on: target names, and products as
  /// `package/product`, read from the manifest's text.
  static func manifestDependencies() throws -> [String: Set<String>] {
    let manifest = try String(
      contentsOf: sources.deletingLastPathComponent().appendingPathComponent("Package.swift"),
      encoding: .utf8)
    var graph: [String: Set<String>] = [:]
    for text in manifest.split(separator: /\.(?:target|executableTarget|testTarget)\(/).dropFirst()
    {
      guard let name = text.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
      var dependencies = Set<String>()
      for product in text.matches(of: /\.product\(name: "([^"]+)", package: "([^"]+)"\)/) {
        dependencies.insert("\(product.2)/\(product.1)")
      }
      // The quoted names after `dependencies:` (a product's and folders' names too, which
      // are no target and so lead nowhere).
      let list = text.split(separator: "dependencies:").dropFirst().first ?? ""
      for word in list.matches(of: /"([^"]+)"/) { dependencies.insert(String(word.1)) }
      graph[String(name), default: []].formUnion(dependencies)
    }
    return graph
  }

  /// swift-crypto compiles a second BoringSSL: the `liquidus` executable, which a person runs
  /// for every drink, must not reach it through any target, only the server does.
  @Test func onlyTheServerReachesSwiftCrypto() throws {
    let graph = try Self.manifestDependencies()
    #expect(graph["LiquidusPush"]?.contains("swift-crypto/Crypto") == true, "\(graph)")
    #expect(graph["LiquidusServer"]?.contains("LiquidusPush") == true, "\(graph)")
    var reached: Set<String> = []
    var waiting = ["liquidus"]
    while let target = waiting.popLast() {
      guard reached.insert(target).inserted else { continue }
      waiting += (graph[target] ?? []).filter { graph[$0] != nil }
    }
    #expect(reached.contains("LiquidusCLI") && reached.contains("LiquidusStore"), "\(reached)")
    #expect(!reached.contains("LiquidusPush"), "liquidus reaches LiquidusPush: \(reached)")
    let products = reached.flatMap { graph[$0] ?? [] }.filter { $0.hasPrefix("swift-crypto/") }
    #expect(products.isEmpty, "liquidus reaches \(products)")
  }

  @Test(arguments: allowed.keys.sorted().filter { $0 != "LiquidusStore" })
  func noSQLOutsideTheStore(target: String) throws {
    for (path, text) in try Self.files(of: target) {
      for keyword in ["SELECT ", "INSERT INTO", "UPDATE ", "DELETE FROM", "CREATE TABLE", "PRAGMA"]
      {
        #expect(!text.contains(keyword), "\(target)/\(path) holds SQL (\(keyword))")
      }
    }
  }

  /// Every command, by its file under `LiquidusCLI/Commands/`: each calls a use case, so none
  /// may reach into the store, the journal or the analysis itself, or the server would have
  /// to copy that orchestration (and the two would drift, as "what a tap logs" once did).
  static var commandFiles: [String] {
    let files = (try? Self.files(of: "LiquidusCLI")) ?? []
    return files.map(\.path).filter { $0.hasPrefix("Commands/") }.sorted()
  }

  @Test func everyCommandFileIsChecked() {
    #expect(Self.commandFiles.count >= 40, "\(Self.commandFiles)")
  }

  @Test(arguments: commandFiles)
  func commandCallsAUseCaseNotTheStore(command: String) throws {
    let file = try #require(try Self.files(of: "LiquidusCLI").first { $0.path == command })
    for reach in [
      "DrinkStore", "live.store", ".store.", ".journal.", "Journal(", "TrendEngine(",
      "ReminderPlanner(", "Importer(", "CaffeineReport.make", "MergeSource.",
    ] {
      #expect(!file.text.contains(reach), "\(command) reaches past its use case (\(reach))")
    }
  }

  /// The page's controllers and screens turn a use case's answer into a view: what the page
  /// shows and what a tap logs is decided where the command line's is, never by a query of
  /// the page's own. (The server's access checks, under `Access/`, keep the store: tokens,
  /// sessions and sign-in links are the server's business, not a use case's.)
  @Test func thePageCallsUseCasesNotTheStore() throws {
    let page = try Self.files(of: "LiquidusServer").filter { $0.path.hasPrefix("Page/") }
    #expect(!page.isEmpty)
    for (path, text) in page {
      for reach in ["DrinkStore", "store.", ".journal", "Journal("] {
        #expect(
          !text.contains(reach), "LiquidusServer/\(path) reaches past the use cases (\(reach))")
      }
    }
  }
}
