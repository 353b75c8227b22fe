import ArgumentParser
import Foundation
import LiquidusServer

extension ListenFailure {
  /// What went wrong with `--listen` and what to do, in the command line's words.
  var message: String {
    let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    switch reason {
    case .inUse:
      let next = host.contains(":") ? "[\(host)]:\(port + 1)" : "\(host):\(port + 1)"
      return "Another program (perhaps another `liquidus serve`) is listening on \(address). "
        + "Stop it, or choose another port with --listen \(next)."
    case .notThisMachine:
      return "\(host) is not an address of this machine, so \(address) cannot be listened on. "
        + "Give --listen one of its addresses (127.0.0.1 for this machine only, 0.0.0.0 for "
        + "every network, with --tls-cert and --tls-key)."
    case .notPermitted:
      return "Port \(port) needs administrator rights, which liquidus serve should not have. "
        + "Listen on a port above 1023 (--listen \(host):8787) and, for port 443, put a proxy "
        + "in front (the Caddy recipe in docs/SERVER.md)."
    }
  }

  /// Prints the message as every command's error and ends with exit status 1.
  func report() -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode(1)
  }
}
