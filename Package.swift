// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Liquidus",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "LiquidusKit", targets: ["LiquidusKit"]),
    .executable(name: "liquidus", targets: ["liquidus"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
  ],
  targets: [
    .target(
      name: "LiquidusKit",
      dependencies: [
        .product(name: "GRDB", package: "GRDB.swift"),
        // The raw SQLite API, for the import's insert loop (see ImportWriter).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    .executableTarget(
      name: "liquidus",
      dependencies: [
        "LiquidusKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "LiquidusKitTests",
      dependencies: [
        "LiquidusKit",
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "liquidusTests",
      dependencies: [
        "LiquidusKit",
        // To inspect the database the binary wrote, and to build export.zip files.
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      exclude: ["Schemas"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
