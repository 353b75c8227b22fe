import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `import` into a database in a folder its user may not write to: the same clean "cannot be
/// written" as `log` and `types`, exit 1, and the file unchanged, for a real import and a dry
/// run alike (both open a write transaction).
@Suite struct ReadOnlyImportTests {
  private func readOnlyMessage(_ path: String) -> String {
    "error: \(path) cannot be written (read-only file, folder or file system). Nothing was "
      + "changed; check its permissions, or copy it somewhere writable.\n"
  }

  private func drinks(_ cli: CLI) throws -> String {
    let file = cli.folder.appendingPathComponent("drinks.csv")
    try Data("date,drink,amount,unit\n2026-11-20 08:00,water,250,ml\n".utf8).write(to: file)
    chmod(file.path, 0o644)
    return file.path
  }

  @Test func anImportAsAUserWhoCannotWriteIsRefusedCleanly() throws {
    // As a user who may only read the database and its folder (CLI.runUnprivileged).
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let file = try drinks(cli)
    try cli.makeDatabaseReadOnlyForUnprivileged()
    let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
    for arguments in ["import '\(file)'", "import '\(file)' --dry-run"] {
      let result = try cli.runUnprivileged(arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr == readOnlyMessage(cli.databasePath), "\(arguments)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
  }
}
