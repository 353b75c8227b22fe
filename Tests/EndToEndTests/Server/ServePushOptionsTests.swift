import Foundation
import LiquidusCLI
import Testing

/// The push options of `liquidus serve` are refused in plain words before anything starts, and
/// are handed on to the server's executable (and so to `serve install`'s unit) as given.
@Suite struct ServePushOptionsTests {
  @Test func aBadPushOptionIsRefusedWithWhatToGive() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let contact = try cli.runBinary("serve", "--push-contact", "owner@example.org")
    #expect(contact.status == 64)
    #expect(contact.stderr.contains("--push-contact 'owner@example.org': give a mailto: or https:"))
    let authority = try cli.runBinary("serve", "--push-ca-file", "missing.pem")
    #expect(authority.status == 64)
    #expect(authority.stderr.contains("--push-ca-file: cannot read missing.pem"))
    let host = try cli.runBinary("serve", "--push-service", "https://push.example.org/")
    #expect(host.status == 64)
    #expect(host.stderr.contains("--push-service 'https://push.example.org/'"))
  }

  @Test func thePushOptionsReachTheServersExecutable() throws {
    let options = try ServeOptions.parse([
      "--push-contact", "mailto:owner@example.org", "--push-service", "push.example.org",
      "--push-ca-file", "/etc/hostname", "--push-allow-loopback",
    ])
    #expect(
      options.arguments == [
        "--listen", "127.0.0.1:8787", "--push-service", "push.example.org",
        "--push-contact", "mailto:owner@example.org", "--push-ca-file", "/etc/hostname",
        "--push-allow-loopback",
      ])
    #expect(try ServeOptions.parse([]).arguments == ["--listen", "127.0.0.1:8787"])
  }

  @Test func syncingEveryCommitReachesTheServersExecutable() throws {
    #expect(
      try ServeOptions.parse(["--sync-every-commit"]).arguments == [
        "--listen", "127.0.0.1:8787", "--sync-every-commit",
      ])
  }
}
