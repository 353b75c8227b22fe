import Foundation
import GRDB
import LiquidusTestSupport
import ZIPFoundation

#if canImport(Glibc)
  import Glibc
#endif

/// Files and database checks shared by the import and export tests.
enum ImportSupport {
  /// The hand-written fixtures of the library tests (full DTD, DST offsets, ...).
  static func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("LibraryTests/Fixtures/\(name)")
  }

  /// Writes `contents` to `name` in the CLI's folder.
  static func file(_ cli: CLI, _ name: String, _ contents: String) throws -> String {
    let url = cli.folder.appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  /// Zips `xml` as `apple_health_export/export.xml`, deflated, as the Health app does.
  static func exportZip(
    _ cli: CLI, xml: Data, name: String = "export.zip",
    entry: String = "apple_health_export/export.xml"
  ) throws -> String {
    let url = cli.folder.appendingPathComponent(name)
    let archive = try Archive(url: url, accessMode: .create)
    try archive.addEntry(
      with: entry, type: .file, uncompressedSize: Int64(xml.count),
      compressionMethod: .deflate
    ) { position, size in
      xml.subdata(in: Int(position)..<Int(position) + size)
    }
    return url.path
  }

  /// Runs `liquidus import FILE --quiet` as its own process and kills it with SIGKILL once the
  /// database holds `rows` drinks: a crash in the middle of an import. Returns the process,
  /// ended, for the caller to check that it was the kill that ended it.
  static func killImport(_ cli: CLI, _ file: String, onceThereAre rows: Int) throws -> Process {
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["import", file, "--quiet"]
    process.environment = cli.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let database = try Self.database(cli)
    var count = 0
    let deadline = Date().addingTimeInterval(60)
    while count < rows && process.isRunning && Date() < deadline {
      count = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM drink") ?? 0
      }
      usleep(2_000)
    }
    kill(process.processIdentifier, SIGKILL)
    _ = process.waitUntilExit(within: .seconds(60))
    return process
  }

  /// The database the CLI wrote, opened read-only (WAL lets it read while an import runs).
  static func database(_ cli: CLI) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.readonly = true
    return try DatabaseQueue(path: cli.databasePath, configuration: configuration)
  }

  /// SQL giving an instant column (whole milliseconds since 1970) as the text the tests compare,
  /// `YYYY-MM-DD HH:MM:SS.SSS` in UTC (for instants after 1970).
  static func instantText(_ column: String) -> String {
    "strftime('%Y-%m-%d %H:%M:%S', \(column) / 1000, 'unixepoch') "
      + "|| printf('.%03d', \(column) % 1000)"
  }

  /// SQL giving an entry id column (16 bytes) as its text, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
  static func uidText(_ column: String) -> String {
    let hex = "lower(hex(\(column)))"
    return [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)].map { "substr(\(hex), \($0), \($1))" }
      .joined(separator: " || '-' || ")
  }

  /// Every drink as `type|millilitres|UTC instant|note|source`, oldest first.
  static func drinks(_ cli: CLI) throws -> [String] {
    try database(cli).read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT t.name || '|' || d.volume_ml || '|' || \(instantText("d.at_ms")) || '|' || IFNULL(d.note, '')
            || '|' || d.source
          FROM drink d JOIN drink_type t ON t.id = d.type_id ORDER BY d.at_ms, d.id
          """)
    }
  }

  /// How many rows `table` holds (one of the fixed table names).
  static func count(_ cli: CLI, _ table: String) throws -> Int {
    try database(cli).read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
    }
  }
}
