import Foundation
import LiquidusPush
import LiquidusStore

extension VAPIDKeyPair {
  /// The server's key pair: the one kept in the database, or a new one kept there first, so
  /// that every subscription (made with its public half) stays valid across restarts. Two
  /// servers starting at once on one database keep the same one.
  static func kept(in store: DrinkStore, now: Date) throws -> VAPIDKeyPair {
    if let raw = try store.vapidPrivateKey() { return try VAPIDKeyPair(rawPrivateKey: raw) }
    let candidate = VAPIDKeyPair.generate()
    let kept = try store.keepVAPIDPrivateKey(ifAbsent: Array(candidate.rawPrivateKey), now: now)
    return try VAPIDKeyPair(rawPrivateKey: kept)
  }
}
