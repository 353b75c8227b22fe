import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One TCP connection to a test's server, spoken to byte by byte: what a slow or hostile client
/// does, which URLSession and curl will not (a body sent a byte at a time, a body that never
/// ends).
final class RawConnection: @unchecked Sendable {
  private let socket: Int32
  private var closedHere = false

  /// Connects to 127.0.0.1:`port`. The kernel completes the connection even when the server
  /// takes no more; the server has taken it only once it answers.
  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure("socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      Glibc.close(socket)
      throw Failure("connect: errno \(code)")
    }
    // A write to a connection the server closed must fail, not end the test process.
    var on: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// Sends `text`; false when the server has closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// What the server sends within `limit`, up to when it closes the connection or has sent
  /// `enough` (a prefix test on the text so far); nil when it sent nothing at all in time.
  func receive(within limit: Duration, until enough: (String) -> Bool = { _ in false })
    -> (text: String, closed: Bool)?
  {
    let deadline = ContinuousClock.now.advanced(by: limit)
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      let left = deadline - ContinuousClock.now
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(
        max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
      )
      let ready = poll(&poller, 1, milliseconds)
      guard ready > 0 else { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { return (String(decoding: data, as: UTF8.self), true) }
      data.append(contentsOf: buffer[0..<count])
      if enough(String(decoding: data, as: UTF8.self)) {
        return (String(decoding: data, as: UTF8.self), false)
      }
    }
    return data.isEmpty ? nil : (String(decoding: data, as: UTF8.self), false)
  }

  /// Waits up to `limit` for the server to close the connection (reading and dropping what it
  /// sends meanwhile); whether it did.
  func closesWithin(_ limit: Duration) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < deadline {
      if let answer = receive(within: deadline - ContinuousClock.now), answer.closed {
        return true
      }
    }
    return false
  }

  func close() {
    guard !closedHere else { return }
    closedHere = true
    Glibc.close(socket)
  }

  deinit { close() }
}
