import Foundation

/// What a push service answered one message: its status, how long it asked us to wait, and the
/// start of its body (a few words of why, for the log).
struct PushAnswer: Equatable, Sendable {
  var status: Int
  var retryAfter: Duration?
  var reason: String

  /// What the status means for the message (RFC 8030 §5-6).
  var outcome: Outcome {
    switch status {
    case 200, 201, 202: .delivered
    case 404, 410: .gone
    case 429, 500...599: .tryLater
    default: .refused
    }
  }

  enum Outcome: Equatable, Sendable {
    /// Taken: the service will deliver it.
    case delivered
    /// The subscription no longer exists.
    case gone
    /// Busy or failing: the same message may be taken later.
    case tryLater
    /// Refused for something in our request (400 bad headers, 401/403 the VAPID token or
    /// key, 413 too large, or an answer a push service does not give): sending it again
    /// changes nothing.
    case refused
  }

  /// `Retry-After` (RFC 9110 §10.2.3): a number of seconds or an HTTP date; nil for anything
  /// else, or a date already past.
  static func retryAfter(_ value: String?, now: Date) -> Duration? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Int(value) { return seconds >= 0 ? .seconds(seconds) : nil }
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "GMT")
    format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = format.date(from: value), date > now else { return nil }
    return .seconds(Int(date.timeIntervalSince(now).rounded(.up)))
  }

  /// The answer's body as a short line of printable text.
  static func reason(from body: some Collection<UInt8>, limit: Int = 200) -> String {
    let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
    let printable = text.unicodeScalars.map { scalar in
      scalar.properties.generalCategory == .control ? " " : String(scalar)
    }.joined()
    let line = printable.split(separator: " ", omittingEmptySubsequences: true).joined(
      separator: " ")
    return line.count > limit ? String(line.prefix(limit)) + "…" : line
  }
}
