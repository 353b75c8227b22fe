import Foundation
import LiquidusTestSupport
import Testing

/// A zip whose member is compressed with a method Liquidus does not unpack (bzip2 from
/// `zip -Z bzip2` or 7-Zip, LZMA from 7-Zip) is refused by the method's name, with what to do,
/// exit status 65 and nothing written: it is not called truncated or damaged, which sent people
/// to export again for nothing. The zips are made by the tools themselves (Scripts/install-deps
/// installs them; a missing one fails the test).
@Suite struct ZipCompressionMethodTests {
  /// One tool's way of writing a method Liquidus does not read.
  struct Maker: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let method: String
    let tool: String
    let arguments: [String]
  }

  static let makers = [
    Maker(
      testDescription: "zip -Z bzip2", method: "bzip2", tool: "zip",
      arguments: ["-q", "-r", "-Z", "bzip2", "export.zip", "apple_health_export"]),
    Maker(
      testDescription: "7z -mm=BZip2", method: "bzip2", tool: "7z",
      arguments: ["a", "-tzip", "-bd", "-mm=BZip2", "export.zip", "apple_health_export"]),
    Maker(
      testDescription: "7z -mm=LZMA", method: "LZMA", tool: "7z",
      arguments: ["a", "-tzip", "-bd", "-mm=LZMA", "export.zip", "apple_health_export"]),
  ]

  static let xml = try? Data(contentsOf: ImportSupport.fixture("export.xml"))

  @Test(arguments: makers, ["export.xml", "导出.xml"])
  func anExportZipOfAnotherMethodIsRefusedByName(maker: Maker, name: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try Self.write(try #require(Self.xml), to: "apple_health_export/\(name)", in: cli.folder)
    try Self.run(maker.tool, maker.arguments, in: cli.folder)
    let zip = cli.folder.appendingPathComponent("export.zip").path

    let result = try cli.run("import", zip)
    #expect(result.status == 65)
    #expect(
      result.stderr == """
        error: \(zip): apple_health_export/\(name) is compressed with \(maker.method), which \
        Liquidus cannot unpack (it reads zips whose members are stored or compressed with the \
        usual Deflate, as phones and zip tools make them). The zip is not damaged: zip the \
        folder again with the usual Deflate compression, or unpack it with a tool that reads \
        \(maker.method) and import the unpacked folder. For example: `7z x '\(zip)' -oexport`, \
        then `liquidus import export`.

        """)
    #expect(try Self.drinksWritten(cli) == 0)
  }

  /// Health Connect's database is copied out of its zip before it is read: the method is
  /// refused before a byte of the copy is written.
  @Test func aHealthConnectZipOfAnotherMethodIsRefusedBeforeItsCopy() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    let temporary = cli.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    cli.environment["TMPDIR"] = temporary.path
    try Self.write(
      Data("SQLite format 3\u{0}".utf8) + Data(count: 4080), to: "health_connect_export.db",
      in: cli.folder)
    try Self.run(
      "7z", ["a", "-tzip", "-bd", "-mm=LZMA", "Health Connect.zip", "health_connect_export.db"],
      in: cli.folder)
    let zip = cli.folder.appendingPathComponent("Health Connect.zip").path

    let result = try cli.run("import", zip)
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "error: \(zip): health_connect_export.db is compressed with LZMA, which Liquidus cannot"
          + " unpack"), "\(result.stderr)")
    #expect(try Self.drinksWritten(cli) == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  /// The drinks in the CLI's database, 0 when the import never created it.
  private static func drinksWritten(_ cli: CLI) throws -> Int {
    guard FileManager.default.fileExists(atPath: cli.databasePath) else { return 0 }
    return try ImportSupport.count(cli, "drink")
  }

  private static func write(_ data: Data, to path: String, in folder: URL) throws {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }

  /// Runs `tool` in `folder`; fails with its output (a missing tool included) unless it
  /// succeeds.
  private static func run(_ tool: String, _ arguments: [String], in folder: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let (printed, timedOut) = process.bounded {
      defer { process.waitUntilExit() }
      return output.fileHandleForReading.readDataToEndOfFile()
    }
    if timedOut { Issue.record("\(process.commandLine) ran past its limit and was killed") }
    guard process.terminationStatus == 0 else {
      throw ToolFailed(
        description: "\(tool) failed (Scripts/install-deps installs zip and p7zip-full): "
          + String(decoding: printed, as: UTF8.self))
    }
  }

  private struct ToolFailed: Error, CustomStringConvertible {
    let description: String
  }
}
