import Foundation
import Testing

/// `liquidus serve install` writes a user service that systemd accepts, which names the server,
/// the database and the zone by value, and refuses what a unit file cannot hold.
@Suite struct ServeInstallTests {
  @Test func installWritesAServiceThatSystemdAccepts() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
      "systemd-analyze is missing: run Scripts/install-deps (Scripts/test does)")
    var cli = try CLI(timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    cli.environment["XDG_RUNTIME_DIR"] = nil
    // A `$` in the path means nothing to Environment= and must reach the server as it is.
    let database = cli.folder.appendingPathComponent("my $HOME drinks/liquidus.sqlite").path
    cli.environment["LIQUIDUS_DB"] = database
    let installed = try cli.runBinary("serve", "install", "--listen", "127.0.0.1:8790")
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(installed.stdout.contains("systemctl --user enable --now liquidus-serve.service"))
    let file = cli.folder.appendingPathComponent(".config/systemd/user/liquidus-serve.service")
    let unit = try String(contentsOf: file, encoding: .utf8)
    let server = CLI.executable.resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("liquidus-server").path
    #expect(unit.contains("ExecStart=\"\(server)\" \"--listen\" \"127.0.0.1:8790\""))
    #expect(unit.contains("Environment=\"LIQUIDUS_DB=\(database)\""), "\(unit)")
    #expect(unit.contains("Environment=\"TZ=Europe/Berlin\""))
    let verify = try cli.shell("systemd-analyze verify '\(file.path)'")
    #expect(verify.status == 0, "\(verify.stderr)")
    let removed = try cli.runBinary("serve", "uninstall")
    #expect(removed.stdout.contains("Removed \(file.path)"))
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func aLineBreakInThePathIsRefusedNotWrittenAsADirective() throws {
    var cli = try CLI()
    defer { cli.cleanUp() }
    cli.environment["XDG_RUNTIME_DIR"] = nil
    cli.environment["LIQUIDUS_DB"] =
      cli.folder.appendingPathComponent("a\nExecStartPre=/bin/true/liquidus.sqlite").path
    let installed = try cli.runBinary("serve", "install")
    #expect(installed.status == 64)
    #expect(installed.stderr.contains("line break"), "\(installed.stderr)")
    let file = cli.folder.appendingPathComponent(".config/systemd/user/liquidus-serve.service")
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}
