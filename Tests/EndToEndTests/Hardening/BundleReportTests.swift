import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The report of a folder of several exports: a member's name cannot forge a line of it, and a
/// sub-folder that cannot be read is named with a non-zero exit instead of skipped in silence.
@Suite struct BundleReportTests {
  /// One Google Fit drink, 250 mL on 2025-11-20.
  private static let googleFit = """
    {"Data Points": [{"dataTypeName": "com.google.hydration",
      "startTimeNanos": "1763640000000000000", "fitValue": [{"value": {"fpVal": 0.25}}],
      "originDataSourceId": "raw:com.google.hydration:com.example.water:x"}]}
    """

  private func place(_ folder: URL, _ subfolder: String) throws {
    let url = folder.appendingPathComponent(subfolder)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let file = url.appendingPathComponent("raw_com.google.hydration_\(subfolder.count).json")
    try Data(Self.googleFit.utf8).write(to: file)
    chmod(file.path, 0o644)
  }

  @Test func aMemberNameCannotForgeALineOfTheReport() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let folder = cli.folder.appendingPathComponent("phone")
    let forged = "x\n  Total: 999 entries added (Water 999)\r"
    try place(folder, forged)
    let result = try cli.run("import", folder.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("\n  Total: 999"), "\(result.stdout)")
    #expect(!result.stdout.contains("\r"))
    #expect(
      result.stdout.contains(
        "\(folder.path)/x\\u{A}  Total: 999 entries added (Water 999)\\u{D}/"
          + "raw_com.google.hydration_41.json (google-fit): 1 added"), "\(result.stdout)")
    #expect(result.stdout.split(separator: "\n").count == 4, "\(result.stdout)")
  }

  private func lockedFolder(_ cli: CLI) throws -> URL {
    let folder = cli.folder.appendingPathComponent("phone")
    try place(folder, "open")
    try place(folder, "locked")
    chmod(folder.path, 0o755)
    chmod(folder.appendingPathComponent("open").path, 0o755)
    chmod(folder.appendingPathComponent("locked").path, 0o000)
    return folder
  }

  private func expectLockedFolderNamed(_ result: CLI.Result, _ folder: URL) {
    // 1, as for any file that cannot be read: not the data's fault.
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains("open/raw_com.google.hydration_4.json (google-fit): 1 to add"),
      "\(result.stdout)")
    #expect(
      result.stdout.contains("  \(folder.path)/locked failed: Cannot read \(folder.path)/locked:"),
      "\(result.stdout)")
  }

  @Test func anUnreadableSubfolderIsNamedAndFailsTheImport() throws {
    // Run as a user the folder's permissions hold for (CLI.runUnprivileged: `nobody` under
    // root, who reads any folder), with the database left usable to that user.
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    try cli.run("status")
    let folder = try lockedFolder(cli)
    defer { chmod(folder.appendingPathComponent("locked").path, 0o700) }
    if CLI.isRoot {
      _ = try cli.shell("chmod -R a+rwX '\(cli.folder.path)/data'; chmod 755 '\(cli.folder.path)'")
    }
    expectLockedFolderNamed(try cli.runUnprivileged("import '\(folder.path)' --dry-run"), folder)
  }
}
