import Foundation
import Testing

/// A symbolic link planted where a backup or an export is to be written is not written through.
@Suite struct SymlinkTests {
  private func planted(_ cli: CLI) throws -> (link: String, victim: String) {
    let victim = cli.folder.appendingPathComponent("victim.txt").path
    try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
    let link = cli.folder.appendingPathComponent("out.csv").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
    return (link, victim)
  }

  @Test func exportRefusesALinkUnlessAsked() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let (link, victim) = try planted(cli)
    let refused = try cli.run("export", "--out", link)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is a symbolic link"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    let asked = try cli.run("export", "--out", link, "--follow-symlink")
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8).hasPrefix("date,drink"))
  }

  @Test func backupRefusesALinkEvenOneThatPointsNowhere() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let (link, victim) = try planted(cli)
    let existing = try cli.run("backup", link)
    #expect(existing.status == 1 && existing.stderr.contains("already exists"))
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    let dangling = cli.folder.appendingPathComponent("dangling.sqlite").path
    let target = cli.folder.appendingPathComponent("elsewhere.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: target)
    let result = try cli.run("backup", dangling)
    #expect(result.status == 1, "\(result.stdout)")
    #expect(!FileManager.default.fileExists(atPath: target), "nothing written through the link")
  }
}
