import Foundation
import Hummingbird

/// A tap on the page that the service worker kept while the server could not be reached, and
/// sends when it can: with the instant it was tapped (`at`, ISO 8601, so the drink belongs to
/// the minute it was drunk, not the minute the phone found the network again) and an
/// `Idempotency-Key`, so that sending it twice logs it once.
enum QueuedTap {
  /// The instant of a queued tap, or nil for a tap sent at once (the server's now).
  static func instant(_ text: String?) throws -> Date? {
    guard let text, !text.isEmpty else { return nil }
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    guard let date = (try? fractional.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
    else {
      throw Problem(.badRequest, "The tap's time '\(text)' is not an ISO 8601 instant.")
    }
    return date
  }

  /// Whether the tap comes from the service worker's queue, which asks for
  /// `application/problem+json` so that a refusal reaches it in the server's words; a form
  /// posted by the browser itself asks for HTML and gets Today with the error.
  static func wantsProblem(_ headers: HTTPFields) -> Bool {
    headers[values: .accept].contains { $0.contains("application/problem+json") }
  }
}
