import Foundation
import Testing
import ZIPFoundation

/// A member copied out of a zip for its reader (Health Connect's database, the files of a zip
/// of several exports) is bounded by what the zip declares and by how far real exports
/// compress: a 64 KB zip that unpacks to 64 MB is refused before a byte is written, and the
/// message names that, not a damaged Apple Health export.
@Suite struct ZipMemberLimitTests {
  private static let unpacked = 64 << 20

  /// A zip of `members`; a `nil` content is the 64 MiB member of one repeated byte.
  private func zip(_ cli: CLI, _ name: String, _ members: [(String, Data?)]) throws -> String {
    let url = cli.folder.appendingPathComponent(name)
    let archive = try Archive(url: url, accessMode: .create)
    let chunk = Data(repeating: 0x20, count: 1 << 20)
    for (path, content) in members {
      let size = content?.count ?? Self.unpacked
      try archive.addEntry(
        with: path, type: .file, uncompressedSize: Int64(size), compressionMethod: .deflate
      ) { position, length in
        content?.subdata(in: Int(position)..<Int(position) + length) ?? chunk.prefix(length)
      }
    }
    return url.path
  }

  private func cli() throws -> (CLI, URL) {
    var cli = try CLI(now: "2026-11-21T16:00:00Z")
    let temporary = cli.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    cli.environment["TMPDIR"] = temporary.path
    return (cli, temporary)
  }

  @Test func aHealthConnectZipThatUnpacksAThousandfoldIsRefused() throws {
    let (cli, temporary) = try cli()
    defer { cli.cleanUp() }
    let file = try zip(cli, "Health Connect.zip", [("health_connect_export.db", nil)])
    let result = try cli.run("import", file)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "error: \(file): health_connect_export.db would unpack to 64 MiB from "),
      "\(result.stderr)")
    #expect(result.stderr.contains("times its packed size"), "\(result.stderr)")
    #expect(!result.stderr.contains("apple_health_export"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  @Test func aBundleMemberThatUnpacksAThousandfoldFailsAloneAndNamesWhy() throws {
    let (cli, temporary) = try cli()
    defer { cli.cleanUp() }
    let drink = Data(
      """
      {"Data Points": [{"dataTypeName": "com.google.hydration",
        "startTimeNanos": "1763640000000000000", "fitValue": [{"value": {"fpVal": 0.25}}]}]}
      """.utf8)
    let file = try zip(
      cli, "takeout.zip",
      [
        ("Takeout/Fit/All Data/raw_com.google.hydration_a.json", drink),
        ("Takeout/Fit/All Data/raw_com.google.hydration_b.json", nil),
      ])
    let result = try cli.run("import", file)
    #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("hydration_a.json (google-fit): 1 added"), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "hydration_b.json failed: \(file): Takeout/Fit/All Data/raw_com.google.hydration_b.json"
          + " would unpack to 64 MiB from "), "\(result.stdout)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  /// A temporary folder without room for the copy (here a file-size limit, `RLIMIT_FSIZE`, which
  /// fails a growing file as a full disk does; unprivileged) is named as such, with what to do,
  /// not as a damaged Apple Health export, and the partial copy is removed.
  @Test func aTemporaryFolderWithoutRoomIsNamed() throws {
    let (cli, temporary) = try cli()
    defer { cli.cleanUp() }
    let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
    let chunk = try #require(try random.read(upToCount: 1 << 20))
    let zip = cli.folder.appendingPathComponent("Health Connect.zip")
    let archive = try Archive(url: zip, accessMode: .create)
    try archive.addEntry(
      with: "health_connect_export.db", type: .file, uncompressedSize: Int64(8 << 20),
      compressionMethod: .none
    ) { _, length in chunk.prefix(length) }
    try cli.run("status")  // the database exists before the limit applies
    let result = try cli.shell(
      "trap '' XFSZ; prlimit --fsize=4000000 \"$LIQUIDUS\" import '\(zip.path)'")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr
        == "error: \(zip.path): health_connect_export.db could not be unpacked: \(temporary.path)"
        + " has no room for it. Set TMPDIR to a folder with more room.\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }
}
