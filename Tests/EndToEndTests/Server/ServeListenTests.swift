import Foundation
import LiquidusCLI
import Testing

/// Where `liquidus serve` may listen: loopback as it is, anywhere else only with TLS or an
/// explicit `--insecure-http`; and the built-in TLS with a self-signed certificate, as
/// docs/SERVER.md sets it up.
@Suite(.serialized) struct ServeListenTests {
  @Test func listeningBeyondLoopbackWithoutTLSIsRefused() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let refused = try cli.runBinary("serve", "--listen", "0.0.0.0:8787")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--tls-cert and --tls-key, or --insecure-http"))
    let halfTLS = try cli.runBinary("serve", "--tls-cert", "cert.pem")
    #expect(halfTLS.status == 64)
    #expect(halfTLS.stderr.contains("Give both --tls-cert and --tls-key"))
  }

  @Test func aTakenPortIsSaidWithTheListenAdvice() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let first = try RunningServer(cli: cli)
    let second = try cli.runBinary("serve", "--listen", "127.0.0.1:\(first.port)")
    // Before: NIO's "bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)".
    #expect(second.status == 1, "\(second)")
    #expect(
      second.stderr.contains("is listening on 127.0.0.1:\(first.port)")
        && second.stderr.contains("--listen 127.0.0.1:\(first.port + 1)"), "\(second.stderr)")
    #expect(!second.stderr.contains("errno"), "\(second.stderr)")
  }

  @Test func aNameIsLoopbackOnlyWhenItsAddressesAre() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // A name that starts like a loopback address is whatever machine its DNS names.
    let lookalike = try cli.runBinary("serve", "--listen", "127.lan.example:8787")
    #expect(lookalike.status == 64, "\(lookalike.stderr)")
    #expect(lookalike.stderr.contains("--tls-cert and --tls-key, or --insecure-http"))
    for host in ["127.0.0.1", "127.0.0.2", "::1", "localhost"] {
      #expect(ServeOptions.isLoopback(host), "\(host)")
    }
    for host in ["127.lan.example", "0.0.0.0", "::", "192.0.2.1", "::ffff:192.0.2.1"] {
      #expect(!ServeOptions.isLoopback(host), "\(host)")
    }
  }

  @Test func theBuiltInTLSServesWithASelfSignedCertificate() async throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    let made = try cli.shell(
      "cd '\(cli.folder.path)' && openssl req -x509 -newkey rsa:2048 -nodes -days 825 "
        + "-subj /CN=localhost -addext subjectAltName=DNS:localhost -keyout key.pem -out cert.pem "
        + "2>&1")
    try #require(made.status == 0, "openssl: \(made.stdout)")
    let folder = cli.folder.path
    let server = try RunningServer(
      cli: cli, arguments: ["--tls-cert", "\(folder)/cert.pem", "--tls-key", "\(folder)/key.pem"])
    #expect(server.scheme == "https")
    let status = try server.curl([
      "--cacert", "\(folder)/cert.pem", "--resolve", "localhost:\(server.port):127.0.0.1",
      "-H", "Authorization: Bearer \(server.token)", "https://localhost:\(server.port)/api/status",
    ])
    #expect(status.contains("\"goal\":2000"), "\(status)")
    // The page's session cookie is Secure over TLS.
    let signedIn = try server.curl([
      "--cacert", "\(folder)/cert.pem", "--resolve", "localhost:\(server.port):127.0.0.1",
      "-D", "-", "-o", "/dev/null", "-d", "token=\(server.token)",
      "https://localhost:\(server.port)/signin",
    ])
    #expect(signedIn.contains("HttpOnly; SameSite=Strict; Max-Age=2592000; Secure"), "\(signedIn)")
    // And takes the __Host- prefix: only a secure page of this very host may set it.
    #expect(
      signedIn.lowercased().contains("set-cookie: __host-liquidus_session="), "\(signedIn)")
  }

  @Test func theBuiltInTLSSpeaksOneTwoAtLeastAndPrefersOneThree() async throws {
    var cli = try CLI()
    cli.environment["LIQUIDUS_NOW"] = nil
    defer { cli.cleanUp() }
    let made = try cli.shell(
      "cd '\(cli.folder.path)' && openssl req -x509 -newkey rsa:2048 -nodes -days 825 "
        + "-subj /CN=localhost -keyout key.pem -out cert.pem 2>&1")
    try #require(made.status == 0, "openssl: \(made.stdout)")
    let folder = cli.folder.path
    let server = try RunningServer(
      cli: cli, arguments: ["--tls-cert", "\(folder)/cert.pem", "--tls-key", "\(folder)/key.pem"])
    // The protocol a handshake settles on, or nil when there is none. SECLEVEL=0 lets this
    // machine's OpenSSL offer the old versions at all.
    func negotiated(_ versionFlag: String) throws -> String? {
      let shaken = try cli.shell(
        "echo | timeout 10 openssl s_client -connect 127.0.0.1:\(server.port) \(versionFlag) "
          + "-cipher 'DEFAULT:@SECLEVEL=0' 2>&1")
      guard
        let line = shaken.stdout.split(separator: "\n").first(where: {
          $0.contains("Protocol  :") || $0.hasPrefix("New, TLS")
        }), !shaken.stdout.contains("Cipher is (NONE)")
      else { return nil }
      return line.contains("TLSv1.3") ? "1.3" : line.contains("TLSv1.2") ? "1.2" : String(line)
    }
    #expect(try negotiated("-tls1") == nil, "TLS 1.0 was accepted")
    #expect(try negotiated("-tls1_1") == nil, "TLS 1.1 was accepted")
    #expect(try negotiated("-tls1_2") == "1.2")
    #expect(try negotiated("") == "1.3")
  }
}
