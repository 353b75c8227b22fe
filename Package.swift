// swift-tools-version: 6.1
import PackageDescription

// The layers, each a target that may import only the ones above it in this list, so a
// backwards dependency fails to compile (see ARCHITECTURE.md):
//
//   LiquidusModel         values and rules: volumes, drink types, periods, domain limits, errors
//   LiquidusStore         the only code that touches SQLite (GRDB), the import's bulk writer too
//   LiquidusAnalysis      trends, streaks, a day at a glance
//   LiquidusSources       import readers (Apple Health, CSV dialects) and export; inflates a
//                         zip's Health export with the system's zlib (SystemZlib, a module
//                         map in SystemLibraries/, not a layer)
//   LiquidusUseCases      one operation per thing a person does, for every front end
//   LiquidusPresentation  tables, JSON, CSV, spoken text, gnuplot charts, HTML
//   LiquidusCLI           the commands: parse arguments, pick a view, map errors to exit codes
//   LiquidusPush          Web Push's cryptography (VAPID, RFC 8291 encryption) over swift-crypto;
//                         beside the layers, importing only the model's push values (base64url,
//                         an endpoint's origin), and reached only by the server
//   LiquidusServer        `liquidus serve`: the JSON API over HTTP (Hummingbird), beside the CLI
//   liquidus              the executable: runs LiquidusCLI with the process's environment
//   liquidus-server       the server's executable, which `liquidus serve` starts; apart, so that
//                         `liquidus log` does not load an HTTP stack it never uses (nor compile
//                         swift-crypto's BoringSSL: nothing the `liquidus` executable reaches may
//                         depend on LiquidusPush)
let package = Package(
  name: "Liquidus",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "liquidus", targets: ["liquidus"]),
    .executable(name: "liquidus-server", targets: ["liquidus-server"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    // The HTTP parts Hummingbird's connections carry, which the server's own connection
    // handlers (Load/) read; already Hummingbird's dependency.
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    // P-256, ECDSA, ECDH, HKDF and AES-GCM for Web Push (LiquidusPush); its own BoringSSL,
    // since NIOSSL's is not an API to use.
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // The HTTP client that sends Web Push messages to the push services (LiquidusServer's Push/).
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
  ],
  targets: [
    // The system's zlib, which ZIPFoundation links already: the export's inflating thread calls
    // inflate and crc32 itself, into buffers it reuses (see ZipMemberInflater).
    .systemLibrary(
      name: "SystemZlib", path: "SystemLibraries/SystemZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    .target(name: "LiquidusModel"),
    .target(
      name: "LiquidusStore",
      dependencies: [
        "LiquidusModel",
        .product(name: "GRDB", package: "GRDB.swift"),
        // The raw SQLite API, for the import's insert loop (see ImportWriter).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    .target(name: "LiquidusAnalysis", dependencies: ["LiquidusModel", "LiquidusStore"]),
    .target(
      name: "LiquidusSources",
      dependencies: [
        "LiquidusModel", "LiquidusStore", "SystemZlib",
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    .target(
      name: "LiquidusUseCases",
      dependencies: ["LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources"]
    ),
    .target(
      name: "LiquidusPresentation",
      dependencies: ["LiquidusModel", "LiquidusAnalysis", "LiquidusSources", "LiquidusUseCases"]
    ),
    .target(
      name: "LiquidusCLI",
      dependencies: [
        "LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources",
        "LiquidusUseCases", "LiquidusPresentation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "LiquidusPush",
      dependencies: ["LiquidusModel", .product(name: "Crypto", package: "swift-crypto")]
    ),
    .target(
      name: "LiquidusServer",
      dependencies: [
        "LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources",
        "LiquidusUseCases", "LiquidusPresentation", "LiquidusPush",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      // The page's templates, style sheet, scripts and the OpenAPI document, as real files
      // compiled into the binary (a static binary has no resource folder beside it).
      resources: [.embedInCode("Resources")]
    ),
    .executableTarget(name: "liquidus", dependencies: ["LiquidusCLI"]),
    .executableTarget(
      name: "liquidus-server",
      dependencies: [
        "LiquidusCLI", "LiquidusServer", "LiquidusStore", "LiquidusUseCases",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // What both test targets share: seeded random generators.
    .target(name: "LiquidusTestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "LibraryTests",
      dependencies: [
        "LiquidusTestSupport", "LiquidusModel", "LiquidusStore", "LiquidusAnalysis",
        "LiquidusSources",
        "LiquidusUseCases", "LiquidusPresentation",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "LiquidusTestSupport", "LiquidusModel", "LiquidusStore", "LiquidusAnalysis",
        "LiquidusSources",
        "LiquidusUseCases", "LiquidusPresentation", "LiquidusCLI",
        // To encrypt and sign a push message for the loopback push receiver (Tests/PushReceiver).
        "LiquidusPush",
        // To inspect the database the binary wrote, and to build export.zip files.
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        // To walk the command tree in the help tests.
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      exclude: ["Schemas"]
    ),
    // The server's routes, middleware and problems answered in process (HummingbirdTesting's
    // router client): fast, and beside the few end-to-end tests that start the binary.
    .testTarget(
      name: "ServerTests",
      dependencies: [
        "LiquidusTestSupport", "LiquidusModel", "LiquidusStore", "LiquidusUseCases",
        "LiquidusServer", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        // A channel for a request made by hand, whose body the test watches.
        .product(name: "NIOEmbedded", package: "swift-nio"),
        // The push sender, run in a service group against the loopback push receiver, its
        // outcomes read from its log.
        "LiquidusPush", .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Web Push's cryptography against the RFCs' examples, in process.
    .testTarget(
      name: "PushTests",
      dependencies: ["LiquidusPush", .product(name: "Crypto", package: "swift-crypto")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
