import Foundation
import Testing
import ZIPFoundation

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C or SIGTERM in the middle of an import leaves no private copy of a person's health
/// data in `$TMPDIR`: not the spool of `import -` from a pipe, not Health Connect's database
/// while it is copied out of its zip.
@Suite struct InterruptedImportTests {
  private func cli() throws -> (CLI, URL) {
    var cli = try CLI(now: "2026-11-21T16:00:00Z")
    let temporary = cli.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    cli.environment["TMPDIR"] = temporary.path
    return (cli, temporary)
  }

  /// Waits until `folder` holds something whose name starts with `prefix`; true when it did
  /// within ten seconds.
  private func waitForCopy(in folder: URL, prefix: String, while process: SpawnedProcess) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline && process.isRunning {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if names.contains(where: { $0.hasPrefix(prefix) }) { return true }
      usleep(1_000)
    }
    return false
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalDuringAPipedImportLeavesNoSpool(signal: Int32) throws {
    let (cli, temporary) = try cli()
    defer { cli.cleanUp() }
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let process = try SpawnedProcess(
      ["import", "-", "--format", "csv"], environment: cli.environment, input: ends[0])
    close(ends[0])
    let rows = String(repeating: "2026-11-20 08:00,water,250,ml\n", count: 2_000)
    let bytes = Array(("date,drink,amount,unit\n" + rows).utf8)
    #expect(write(ends[1], bytes, bytes.count) == bytes.count)
    // The pipe stays open: the import waits for more, its spool in $TMPDIR.
    let spooled = waitForCopy(in: temporary, prefix: "liquidus-", while: process)
    kill(process.pid, signal)
    let (ending, _) = process.wait()
    close(ends[1])
    #expect(spooled)
    #expect(ending == .signaled(signal))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }

  @Test func aSignalWhileHealthConnectsDatabaseIsCopiedOutLeavesNoCopy() throws {
    let (cli, temporary) = try cli()
    defer { cli.cleanUp() }
    // 96 MB that do not compress, stored: copying it out takes long enough to interrupt.
    let size = 96 << 20
    let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
    let chunk = try #require(try random.read(upToCount: 1 << 20))
    let zip = cli.folder.appendingPathComponent("Health Connect.zip")
    let archive = try Archive(url: zip, accessMode: .create)
    try archive.addEntry(
      with: "health_connect_export.db", type: .file, uncompressedSize: Int64(size),
      compressionMethod: .none
    ) { _, length in chunk.prefix(length) }
    let process = try SpawnedProcess(["import", zip.path], environment: cli.environment)
    let copying = waitForCopy(in: temporary, prefix: "liquidus-", while: process)
    kill(process.pid, SIGTERM)
    let (ending, _) = process.wait()
    #expect(copying)
    #expect(ending == .signaled(SIGTERM))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }
}
