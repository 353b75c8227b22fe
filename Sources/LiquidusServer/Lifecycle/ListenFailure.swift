import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The address to listen on cannot be had: taken by another program, not this machine's, or
/// a port below 1024 without the right to it. NIO says so as `bind(descriptor:ptr:bytes:)` and
/// an errno; the person who typed `--listen` needs the address and a way out instead.
public struct ListenFailure: Error, Sendable, Equatable {
  public enum Reason: Sendable, Equatable {
    case inUse, notThisMachine, notPermitted
  }

  public let host: String
  public let port: Int
  public let reason: Reason

  /// Runs `serve`, turning a bind error into a ``ListenFailure`` for `host` and `port`.
  static func translating(
    host: String, port: Int, _ serve: () async throws -> Void
  ) async throws {
    do {
      try await serve()
    } catch let error as IOError {
      switch error.errnoCode {
      case EADDRINUSE: throw ListenFailure(host: host, port: port, reason: .inUse)
      case EADDRNOTAVAIL: throw ListenFailure(host: host, port: port, reason: .notThisMachine)
      case EACCES: throw ListenFailure(host: host, port: port, reason: .notPermitted)
      default: throw error
      }
    }
  }
}
