import Foundation
import Testing

/// `Scripts/install PREFIX` and `Scripts/uninstall PREFIX` with the built binary: the manual
/// page renders with `man -l`, bash finds the completion, and uninstall removes exactly what
/// install wrote.
@Suite(.enabled(if: InstallTools.areBuilt, "needs generate-manual (Scripts/test builds it)"))
struct InstallTests {
  static let installed = [
    "bin/liquidus", "share/man/man1/liquidus.1", "share/bash-completion/completions/liquidus",
    "share/zsh/site-functions/_liquidus", "share/fish/vendor_completions.d/liquidus.fish",
  ]

  @Test func installPutsEachFileWhereItsToolLooksAndUninstallTakesExactlyThose() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let prefix = cli.folder.appendingPathComponent("prefix")
    // Someone else's file under the same prefix must survive the uninstall.
    try FileManager.default.createDirectory(
      at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try Data("#!/bin/sh\n".utf8).write(to: prefix.appendingPathComponent("bin/other-tool"))
    let scripts = InstallTools.root.appendingPathComponent("Scripts").path
    let install = try cli.shell(
      "LIQUIDUS_BIN='\(CLI.executable.path)' LIQUIDUS_GENERATE_MANUAL='\(InstallTools.generateManual.path)'"
        + " '\(scripts)/install' '\(prefix.path)'")
    #expect(install.status == 0, "\(install.stderr)")
    for path in Self.installed {
      #expect(
        FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
    }
    let installedBinary = prefix.appendingPathComponent("bin/liquidus").path
    #expect(try cli.shell("'\(installedBinary)' --version").stdout == "0.1.0\n")

    let page = prefix.appendingPathComponent("share/man/man1/liquidus.1").path
    let man = try cli.shell("LANG=C.UTF-8 MANWIDTH=80 man -l '\(page)'")
    #expect(man.status == 0)
    #expect(man.stderr.isEmpty, "\(man.stderr)")
    #expect(man.stdout.contains("liquidus — Log what you drink and see your intake trends."))
    #expect(man.stdout.contains("liquidus log water 250ml"))

    let bash = prefix.appendingPathComponent("share/bash-completion/completions/liquidus").path
    let complete = try cli.shell("bash -c \"source '\(bash)'; complete -p liquidus\"")
    #expect(complete.stdout.hasPrefix("complete ") && complete.stdout.contains(" liquidus"))

    let uninstall = try cli.shell("'\(scripts)/uninstall' '\(prefix.path)'")
    #expect(uninstall.status == 0)
    for path in Self.installed {
      #expect(
        !FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)"
      )
    }
    #expect(
      FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/other-tool").path))
    let again = try cli.shell("'\(scripts)/uninstall' '\(prefix.path)'")
    #expect(again.stdout.contains("Nothing of Liquidus's was installed"))
  }
}

/// What the install test needs beyond the binary.
enum InstallTools {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static var generateManual: URL {
    CLI.executable.deletingLastPathComponent().appendingPathComponent("generate-manual")
  }
  static var areBuilt: Bool {
    FileManager.default.isExecutableFile(atPath: generateManual.path)
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/man")
  }
}
