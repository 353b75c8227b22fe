import ArgumentParser
import Foundation
import LiquidusModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How `liquidus serve` listens: the options both the command and the server's executable read.
package struct ServeOptions: ParsableArguments {
  package init() {}

  @Option(help: "Where to listen, HOST:PORT (default 127.0.0.1:8787: this machine only).")
  package var listen = "127.0.0.1:8787"

  @Option(
    name: .customLong("host-name"),
    help: "Another name clients use for this machine, e.g. laptop.tailnet.ts.net (repeatable).")
  package var hostNames: [String] = []

  @Option(name: .customLong("tls-cert"), help: "A PEM certificate chain, for HTTPS.")
  package var tlsCertificate: String?

  @Option(name: .customLong("tls-key"), help: "The certificate's PEM private key.")
  package var tlsKey: String?

  @Option(
    name: .customLong("trusted-proxy"),
    help: ArgumentHelp(
      "The address of a proxy in front (Caddy, tailscale serve) whose X-Forwarded-For or "
        + "Forwarded names the client, e.g. 127.0.0.1 (repeatable).",
      valueName: "ADDR"))
  package var trustedProxies: [String] = []

  @Option(
    name: .customLong("max-connections"),
    help: ArgumentHelp(
      "Connections served at once; strangers (no valid token or session yet) get at most three "
        + "quarters of them, so the owner always gets in (default 128).", valueName: "N"))
  package var maxConnections = 128

  @Option(
    name: .customLong("request-deadline"),
    help: ArgumentHelp(
      "Seconds a request, head and body, may take to arrive; an upload over a slow link may "
        + "need more (default 300).", valueName: "SECONDS"))
  package var requestDeadline = 300

  @Option(
    name: .customLong("min-body-rate"),
    help: ArgumentHelp(
      "Bytes a second a request's body must arrive at, on average, after its first 10 seconds; "
        + "a slower one is cut off (default 1024; 0: no minimum).", valueName: "BYTES"))
  package var minimumBodyRate = 1024

  @Option(
    name: .customLong("heavy-requests"),
    help: ArgumentHelp(
      "Summaries, caffeine views and charts computed at once; more wait up to 10 s, then get "
        + "503 with Retry-After (default 2).", valueName: "N"))
  package var heavyRequests = 2

  @Flag(
    name: .customLong("insecure-http"),
    help: "Listen beyond this machine without TLS (only behind a proxy or VPN that encrypts).")
  package var insecureHTTP = false

  @Flag(
    name: .customLong("sync-every-commit"),
    help: ArgumentHelp(
      "Sync each drink to the disk before answering, so that it survives a power cut too, not "
        + "only a crash (slower: an fsync a commit)."))
  package var syncEveryCommit = false

  @Option(
    name: .customLong("push-service"),
    help: ArgumentHelp(
      "Another push service phones may get reminders through, by the end of its host name, "
        + "e.g. push.example.org; the browsers' own (Chrome's, Firefox's, Safari's, Edge's) "
        + "need none (repeatable).", valueName: "HOST-SUFFIX"))
  package var pushServices: [String] = []

  @Option(
    name: .customLong("push-contact"),
    help: ArgumentHelp(
      "A mailto: or https: address push services can reach you at, sent with each reminder "
        + "pushed to a phone (default mailto:liquidus@ and this machine's name).",
      valueName: "ADDRESS"))
  package var pushContact: String?

  @Option(
    name: .customLong("push-ca-file"),
    help: ArgumentHelp(
      "A PEM file of certificate authorities to trust, besides the system's, when pushing "
        + "reminders: for tests or a private push service.", valueName: "FILE"))
  package var pushAuthorityFile: String?

  @Flag(
    name: .customLong("push-allow-loopback"),
    help: ArgumentHelp(
      "For testing only: let a push subscription name a receiver on this machine (loopback), "
        + "and push reminders to it, over plain http:// too."))
  package var pushAllowLoopback = false

  /// The host and port of `--listen`.
  package var address: (host: String, port: Int) {
    get throws {
      let text = listen.trimmingCharacters(in: .whitespaces)
      guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
        (0...65535).contains(port)
      else {
        throw ValidationError(
          "--listen \(listen): expected HOST:PORT, e.g. 127.0.0.1:8787 or 0.0.0.0:8787.")
      }
      var host = String(text[..<colon])
      if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
      guard !host.isEmpty else {
        throw ValidationError("--listen \(listen): name the address, e.g. 127.0.0.1:8787.")
      }
      return (host, port)
    }
  }

  /// Whether `host` is this machine only: every address it resolves to is a loopback one.
  ///
  /// Decided by the addresses, not the name: `127.lan.example` is any machine its DNS says,
  /// and a name that does not resolve (or resolves to nothing) is not loopback.
  package static func isLoopback(_ host: String) -> Bool {
    let addresses = resolvedAddresses(of: host)
    return !addresses.isEmpty && addresses.allSatisfy(isLoopbackAddress)
  }

  /// The IPv4 and IPv6 addresses `host` names, as getaddrinfo gives them.
  static func resolvedAddresses(of host: String) -> [sockaddr_storage] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
    defer { freeaddrinfo(list) }
    var addresses: [sockaddr_storage] = []
    var entry = list
    while let current = entry {
      if let address = current.pointee.ai_addr {
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { target in
          target.copyMemory(
            from: UnsafeRawBufferPointer(
              start: address, count: min(Int(current.pointee.ai_addrlen), target.count)))
        }
        addresses.append(storage)
      }
      entry = current.pointee.ai_next
    }
    return addresses
  }

  /// 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address.
  static func isLoopbackAddress(_ storage: sockaddr_storage) -> Bool {
    let family = Int32(storage.ss_family)
    return withUnsafeBytes(of: storage) { bytes in
      switch family {
      case AF_INET:
        let address = bytes.load(as: sockaddr_in.self).sin_addr.s_addr
        return UInt32(bigEndian: address) >> 24 == 127
      case AF_INET6:
        let octets = withUnsafeBytes(of: bytes.load(as: sockaddr_in6.self).sin6_addr) {
          Array($0)
        }
        let mapped =
          octets[0..<10].allSatisfy { $0 == 0 } && octets[10] == 0xFF && octets[11] == 0xFF
        return octets == Array(repeating: 0, count: 15) + [1] || (mapped && octets[12] == 127)
      default:
        return false
      }
    }
  }

  package func validate() throws {
    let (host, _) = try address
    if (tlsCertificate == nil) != (tlsKey == nil) {
      throw ValidationError("Give both --tls-cert and --tls-key, or neither.")
    }
    for file in [tlsCertificate, tlsKey].compactMap({ $0 })
    where !FileManager.default.isReadableFile(atPath: file) {
      throw ValidationError("Cannot read \(file). Check the path and its permissions.")
    }
    if !Self.isLoopback(host) && tlsCertificate == nil && !insecureHTTP {
      throw ValidationError(
        "Listening on \(host) would send tokens and drinks unencrypted over the network. Give "
          + "--tls-cert and --tls-key, or --insecure-http if a proxy or VPN encrypts for you.")
    }
    for proxy in trustedProxies where !Self.isIPAddress(proxy) {
      throw ValidationError(
        "--trusted-proxy '\(proxy)': give the proxy's IP address, such as 127.0.0.1 or ::1.")
    }
    try validateLimits()
    try validatePush()
    for name in hostNames where name.isEmpty || name.contains("/") || name.contains(" ") {
      throw ValidationError("--host-name '\(name)': give a plain host name such as laptop.local.")
    }
  }

  /// The limits are numbers in a range that leaves the server usable.
  private func validateLimits() throws {
    let ranges: [(String, Int, ClosedRange<Int>)] = [
      ("--max-connections", maxConnections, 4...100_000),
      ("--request-deadline", requestDeadline, 1...86_400),
      ("--min-body-rate", minimumBodyRate, 0...1_000_000_000),
      ("--heavy-requests", heavyRequests, 1...1_000),
    ]
    for (name, value, range) in ranges where !range.contains(value) {
      throw ValidationError(
        "\(name) \(value): give a whole number from \(range.lowerBound) to \(range.upperBound).")
    }
  }

  /// The push options name push services by host name, a contact a push service can use and a
  /// file that is there.
  private func validatePush() throws {
    if let pushContact, !(pushContact.hasPrefix("mailto:") || pushContact.hasPrefix("https:")) {
      throw ValidationError(
        "--push-contact '\(pushContact)': give a mailto: or https: address, such as "
          + "mailto:you@example.org, that push services can reach you at.")
    }
    for suffix in pushServices where !PushServices.isValidSuffix(suffix) {
      throw ValidationError(
        "--push-service '\(suffix)': give the end of a push service's host name, such as "
          + "push.example.org.")
    }
    if let pushAuthorityFile, !FileManager.default.isReadableFile(atPath: pushAuthorityFile) {
      throw ValidationError(
        "--push-ca-file: cannot read \(pushAuthorityFile). Check the path and its permissions.")
    }
  }

  /// Whether `text` is an IPv4 or IPv6 address (the server compares peers with it).
  static func isIPAddress(_ text: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
  }

  /// The push services subscriptions may name: the browsers', those of `--push-service`, and
  /// loopback with `--push-allow-loopback`.
  package var pushServiceRules: PushServices {
    PushServices(added: pushServices, allowsLoopback: pushAllowLoopback)
  }

  /// The same options as arguments, for the server's executable.
  package var arguments: [String] {
    var arguments = ["--listen", listen]
    for name in hostNames { arguments += ["--host-name", name] }
    for proxy in trustedProxies { arguments += ["--trusted-proxy", proxy] }
    if let tlsCertificate { arguments += ["--tls-cert", tlsCertificate] }
    if let tlsKey { arguments += ["--tls-key", tlsKey] }
    if insecureHTTP { arguments.append("--insecure-http") }
    if syncEveryCommit { arguments.append("--sync-every-commit") }
    for suffix in pushServices { arguments += ["--push-service", suffix] }
    if let pushContact { arguments += ["--push-contact", pushContact] }
    if let pushAuthorityFile { arguments += ["--push-ca-file", pushAuthorityFile] }
    if pushAllowLoopback { arguments.append("--push-allow-loopback") }
    // Only what differs from the defaults, so an installed service follows new defaults.
    let limits = [
      ("--max-connections", maxConnections, 128), ("--request-deadline", requestDeadline, 300),
      ("--min-body-rate", minimumBodyRate, 1024), ("--heavy-requests", heavyRequests, 2),
    ]
    for (name, value, standard) in limits where value != standard {
      arguments += [name, String(value)]
    }
    return arguments
  }
}
