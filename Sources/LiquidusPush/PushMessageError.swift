/// Why a push message could not be encrypted.
public enum PushMessageError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The plaintext does not fit one 4096-byte record (RFC 8291 §4).
  case tooLong(Int)

  public var description: String {
    switch self {
    case .tooLong(let count):
      // 3,993 is PushMessageEncryption.maximumPlaintextLength, written as people read it.
      return "The push message is \(count) bytes; one encrypted record holds at most 3,993. "
        + "Send a shorter message."
    }
  }
}
