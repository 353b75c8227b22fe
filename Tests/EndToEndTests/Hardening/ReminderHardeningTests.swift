import Foundation
import Testing

/// What `remind install` writes into systemd's unit and what `remind tick` runs: each
/// directive quoted by its own rules, nothing a path or a variable holds becoming a directive
/// or a shell command.
@Suite struct ReminderHardeningTests {
  private func cli() throws -> CLI {
    var cli = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    cli.environment["XDG_RUNTIME_DIR"] = nil
    return cli
  }

  private func service(_ cli: CLI) -> URL {
    cli.folder.appendingPathComponent(".config/systemd/user/liquidus-remind.service")
  }

  @Test func environmentKeepsDollarsAndExecStartDoublesThem() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
      "systemd-analyze is missing: run Scripts/install-deps (Scripts/test does)")
    var cli = try cli()
    defer { cli.cleanUp() }
    // `$` means nothing to Environment=, `%` is a specifier in both directives.
    let database = cli.folder.appendingPathComponent("my $HOME 100% drinks/liquidus.sqlite").path
    cli.environment["LIQUIDUS_DB"] = database
    let installed = try cli.runBinary("remind", "install")
    #expect(installed.status == 0, "\(installed.stderr)")
    let unit = try String(contentsOf: service(cli), encoding: .utf8)
    let quoted = database.replacingOccurrences(of: "%", with: "%%")
    #expect(unit.contains("\nEnvironment=\"LIQUIDUS_DB=\(quoted)\"\n"), "\(unit)")
    #expect(unit.contains("\nEnvironment=\"TZ=Europe/Berlin\"\n"), "\(unit)")
    let verify = try cli.shell("systemd-analyze verify '\(service(cli).path)'")
    #expect(verify.status == 0, "\(verify.stderr)")
  }

  @Test(arguments: ["LIQUIDUS_DB", "TZ"])
  func aLineBreakIsRefusedNotWrittenAsADirective(variable: String) throws {
    var cli = try cli()
    defer { cli.cleanUp() }
    let injected = "\nExecStartPre=/bin/touch /tmp/liquidus-injected\n"
    cli.environment[variable] =
      variable == "TZ" ? "Europe/Berlin" + injected : cli.databasePath + injected
    let installed = try cli.runBinary("remind", "install")
    #expect(installed.status == 64, "\(installed.stdout)")
    #expect(
      installed.stderr.contains("cannot write") || installed.stderr.contains("Cannot write"),
      "\(installed.stderr)")
    #expect(installed.stderr.contains("line break"), "\(installed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: service(cli).path))
  }

  @Test func theNotifyCommandRunsWithoutAShell() throws {
    let cli = try cli()
    defer { cli.cleanUp() }
    let log = cli.folder.appendingPathComponent("notified.txt")
    let script = cli.folder.appendingPathComponent("notify me.sh")
    try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log.path)'\n".utf8).write(to: script)
    chmod(script.path, 0o755)
    let planted = cli.folder.appendingPathComponent("PLANTED")
    // Quotes group words as in a shell; `;`, `$` and backquotes mean nothing.
    let command = "'\(script.path)' \"two words\" $HOME; touch '\(planted.path)' `id`"
    let tick = try cli.run(
      ["remind", "tick"], extraEnvironment: ["LIQUIDUS_NOTIFY_COMMAND": command])
    #expect(tick.status == 0, "\(tick.stderr)")
    #expect(!FileManager.default.fileExists(atPath: planted.path))
    let arguments = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(
      Array(arguments.prefix(6))
        == ["two words", "$HOME;", "touch", "\(planted.path)", "`id`", "--app-name=Liquidus"])
  }
}
