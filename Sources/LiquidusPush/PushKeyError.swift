/// Why a key for Web Push was refused: the server's own VAPID key as the database keeps it, or
/// the keys a phone's browser sent with its subscription.
///
/// Each says what was wrong and what to do, in the words of the thing (the phone, its browser,
/// the server's key), never a command: the front ends name their own commands.
public enum PushKeyError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The server's VAPID private key is not 32 bytes.
  case serverKeyLength(Int)
  /// Thirty-two bytes that are not a P-256 private key (zero, or not below the curve's order).
  case serverKeyNotAKey
  /// A subscription's `p256dh` is not the 65 bytes of an uncompressed P-256 point.
  case phoneKeyLength(Int)
  /// Sixty-five bytes that are not a point on P-256.
  case phoneKeyNotAPoint
  /// A subscription's `auth` secret is not 16 bytes.
  case authSecretLength(Int)
  /// A subscription's key (`p256dh` or `auth`) is not base64url text.
  case notBase64URL(field: String)

  public var description: String {
    switch self {
    case .serverKeyLength(let count):
      return "The server's push signing key is \(count) bytes; a VAPID key is 32. The kept copy "
        + "is damaged: make a new key pair, and have each phone turn reminders on again."
    case .serverKeyNotAKey:
      return "The 32 bytes kept as the server's push signing key are not a P-256 key. The kept "
        + "copy is damaged: make a new key pair, and have each phone turn reminders on again."
    case .phoneKeyLength(let count):
      return "The phone's push key is \(count) bytes; a browser's is 65 (an uncompressed P-256 "
        + "point). Send the subscription's keys.p256dh exactly as the browser's "
        + "PushSubscription.toJSON() gives it."
    case .phoneKeyNotAPoint:
      return "The phone's push key is 65 bytes but not a point on the P-256 curve. Send the "
        + "subscription's keys.p256dh exactly as the browser's PushSubscription.toJSON() gives it."
    case .authSecretLength(let count):
      return "The phone's push auth secret is \(count) bytes; a browser's is 16. Send the "
        + "subscription's keys.auth exactly as the browser's PushSubscription.toJSON() gives it."
    case .notBase64URL(let field):
      return "The phone's push key '\(field)' is not base64url text. Send the subscription's "
        + "keys exactly as the browser's PushSubscription.toJSON() gives them."
    }
  }
}
