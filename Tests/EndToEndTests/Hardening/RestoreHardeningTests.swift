import Foundation
import GRDB
import Testing

@testable import LiquidusStore

/// Restore and backups under attack: a logger running beside a restore, a relative `--db`,
/// and the files a backup leaves behind.
@Suite struct RestoreHardeningTests {
  /// The notes of every entry in the database at `path`.
  private func notes(_ path: String) throws -> Set<String> {
    var readOnly = Configuration()
    readOnly.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: readOnly)
    defer { try? queue.close() }
    return Set(try queue.read { try String.fetchAll($0, sql: "SELECT note FROM drink") })
  }

  @Test(.timeLimit(.minutes(2)))
  func aDrinkLoggedDuringARestoreIsNeverLost() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "1ml", "--at", "08:00", "--note", "before")
    let copy = cli.folder.appendingPathComponent("copy.sqlite").path
    #expect(try cli.run("backup", copy).status == 0)
    // One process logs 100 drinks, each with its own note, printing the notes it was told
    // were logged; another restores the copy four times meanwhile.
    let logger = try cli.launch(
      """
      i=0; while [ $i -lt 100 ]; do \
        "$LIQUIDUS" log water 1ml --at 08:00 --note "n$i" >/dev/null && echo "n$i"; i=$((i+1)); \
      done
      """)
    let restorer = try cli.launch(
      """
      i=0; while [ $i -lt 4 ]; do "$LIQUIDUS" restore '\(copy)' >/dev/null \
        || { echo "restore failed" >&2; exit 1; }; i=$((i+1)); done
      """)
    let logged = logger.finish()
    let restored = restorer.finish()
    #expect(restored.status == 0, "\(restored.stderr)")
    let acknowledged = Set(logged.stdout.split(separator: "\n").map(String.init))
    #expect(acknowledged.count == 100, "every log should succeed: \(logged.stderr)")

    // Every acknowledged entry is in the database now or in a copy a restore kept.
    var kept = try notes(cli.databasePath)
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    for name in try FileManager.default.contentsOfDirectory(atPath: folder)
    where name.hasSuffix("-before-restore.sqlite") || name.contains("-before-restore-") {
      kept.formUnion(try notes("\(folder)/\(name)"))
    }
    #expect(acknowledged.subtracting(kept).isEmpty, "lost: \(acknowledged.subtracting(kept))")
  }

  @Test func aRelativeDatabasePathKeepsItsCopiesBesideIt() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let script = """
      cd '\(cli.folder.path)' && mkdir -p rel && cd rel \
        && "$LIQUIDUS" --db my.sqlite log soda 330ml --at 08:00 >/dev/null \
        && "$LIQUIDUS" --db my.sqlite backup copy.sqlite >/dev/null \
        && "$LIQUIDUS" --db my.sqlite restore copy.sqlite \
        && "$LIQUIDUS" --db my.sqlite types delete soda --purge --yes
      """
    let result = try cli.shell(script)
    #expect(result.status == 0, "\(result.stderr)")
    let folder = cli.folder.appendingPathComponent("rel").path
    #expect(result.stdout.contains("kept in \(folder)/my-"), "\(result.stdout)")
    #expect(result.stdout.contains("\(folder)/backups/my-"), "\(result.stdout)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names.contains { $0.hasSuffix("-before-restore.sqlite") })
    #expect(names.contains("backups"))
  }

  @Test func backupsLeaveNoWalOrShmFilesBehind() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let copy = cli.folder.appendingPathComponent("copy.sqlite").path
    #expect(try cli.run("backup", copy).status == 0)
    #expect(try cli.run("restore", copy).status == 0)
    for suffix in ["-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: copy + suffix), "\(copy)\(suffix)")
    }
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter {
        $0.contains("before-restore") && !$0.hasSuffix(".sqlite") || $0.hasPrefix(".restore-")
      }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }
}
