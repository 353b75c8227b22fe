import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The addresses a push endpoint's host names, looked up once: the sender checks them and then
/// connects to the address it checked, so that a second lookup (which a hostile DNS could
/// answer with a LAN address, "DNS rebinding") never happens.
enum PushHostResolver {
  /// The host's IPv4 and IPv6 addresses as text, in getaddrinfo's order; the host itself when
  /// it is an address already; empty when it does not resolve.
  static func addresses(of host: String) async -> [String] {
    if IPAddress(host) != nil { return [unbracketed(host)] }
    // getaddrinfo blocks (up to the resolver's own timeouts): off the cooperative threads.
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: lookUp(host)) }
    }
  }

  private static func unbracketed(_ host: String) -> String {
    host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
  }

  private static func lookUp(_ host: String) -> [String] {
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
    var found: [String] = []
    var entry = list
    while let current = entry {
      if let text = text(of: current.pointee), !found.contains(text) { found.append(text) }
      entry = current.pointee.ai_next
    }
    return found
  }

  private static func text(of entry: addrinfo) -> String? {
    guard let address = entry.ai_addr else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let size = socklen_t(buffer.count)
    let written: UnsafePointer<CChar>?
    switch entry.ai_family {
    case AF_INET:
      written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
        var raw = v4.pointee.sin_addr
        return inet_ntop(AF_INET, &raw, &buffer, size)
      }
    case AF_INET6:
      written = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
        var raw = v6.pointee.sin6_addr
        return inet_ntop(AF_INET6, &raw, &buffer, size)
      }
    default:
      return nil
    }
    guard written != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
