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

  @Test(.enabled(if: CLI.canRunAsNobody, "needs root and setpriv to run as nobody"))
  func anImportAsAUserWhoCannotWriteIsRefusedCleanly() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let file = try drinks(cli)
    try cli.makeDatabaseReadOnlyForNobody()
    let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
    for arguments in ["import '\(file)'", "import '\(file)' --dry-run"] {
      let result = try cli.runAsNobody(arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr == readOnlyMessage(cli.databasePath), "\(arguments)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
  }

  @Test(.enabled(if: getuid() != 0, "root writes read-only folders; see the variant as nobody"))
  func anImportIntoAReadOnlyFolderIsRefusedCleanly() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let file = try drinks(cli)
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    chmod(cli.databasePath, 0o444)
    chmod(folder, 0o555)
    defer { chmod(folder, 0o700) }
    let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
    for arguments in [["import", file], ["import", file, "--dry-run"]] {
      let result = try cli.runBinary(arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr == readOnlyMessage(cli.databasePath), "\(arguments)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
  }
}
