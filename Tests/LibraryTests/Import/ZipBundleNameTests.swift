import Foundation
import Testing

@testable import LiquidusSources

/// A folder of several exports with a name in the phone's language, zipped by a tool that writes
/// it in UTF-8 without the flag, in a legacy code page, or with the flag: every export in it is
/// found under that name and reads as the unpacked file does.
@Suite("Zips of several exports under a localized folder")
struct ZipBundleNameTests {
  static let files = [
    "Takeout/Fit/All Data/raw_com.google.hydration_com.example.waterapp.json",
    "cronometer/servings.csv",
    "samsunghealth/com.samsung.health.water_intake.20261120123000.csv",
  ]

  /// Zips the folder `Экспорт` in a directory into `bundle.zip`, and the folder's name as the
  /// zip shows it.
  struct Maker: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let shownFolder: String
    let make: @Sendable (URL) throws -> Void
  }

  static let makers = [
    Maker(testDescription: "Info-ZIP zip -X", shownFolder: "Экспорт") {
      try ZipTools.run("zip", ["-q", "-X", "-r", "bundle.zip", "Экспорт"], in: $0)
    },
    Maker(testDescription: "7-Zip", shownFolder: "Экспорт") {
      try ZipTools.run("7z", ["a", "-tzip", "-bd", "bundle.zip", "Экспорт"], in: $0)
    },
    Maker(testDescription: "Python zipfile, CP866 without the flag", shownFolder: "¥¬ß»«αΓ") {
      try ZipTools.python("legacy", folder: "Экспорт", zip: "bundle.zip", encoding: "cp866", in: $0)
    },
  ]

  @Test(arguments: makers)
  func everyExportIsFoundAndReadsAsUnpacked(maker: Maker) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var contents: [String: Data] = [:]
    for file in Self.files {
      let name = (file as NSString).lastPathComponent
      contents["Экспорт/\(file)"] = try Data(contentsOf: try ImportFixture.url(name))
    }
    try ZipTools.write(contents, in: directory.url)
    try maker.make(directory.url)

    let bundle = try ExportBundle(url: directory.url.appendingPathComponent("bundle.zip"))
    #expect(bundle.sources.map(\.path) == Self.files.map { "\(maker.shownFolder)/\($0)" }.sorted())
    for (source, file) in zip(bundle.sources, Self.files.sorted()) {
      let copy = try bundle.file(for: source)
      defer { copy.done() }
      let unpacked = directory.url.appendingPathComponent("Экспорт/\(file)")
      #expect(
        try readAll(copy.url, as: source.format) == readAll(unpacked, as: source.format),
        "\(source.path)")
    }
  }
}
