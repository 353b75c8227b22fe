import Foundation
import LiquidusModel
import LiquidusPush

extension PushSender {
  /// Who the sender talks to and how long and how much it gives each push service.
  public struct Configuration: Sendable {
    /// The VAPID `sub`: a `mailto:` or `https:` address push services can reach whoever runs
    /// this server at (`--push-contact`).
    public var contact: String
    /// The push services subscriptions may name and the sender sends to, by host name suffix:
    /// the browsers' own and any `--push-service` adds; with `--push-allow-loopback`, a
    /// receiver on this machine too, over plain `http://` as well (tests). Private,
    /// link-local and the other non-public addresses never are sent to.
    public var services = PushServices.standard
    /// A PEM file of certificate authorities to trust besides the system's
    /// (`--push-ca-file`): for tests, or a private push service.
    public var authorityFile: String?
    /// The longest a connection may take to open.
    public var connectTimeout: Duration = .seconds(10)
    /// The longest one try may take, connection to the last byte of the answer read.
    public var requestTimeout: Duration = .seconds(30)
    /// Messages sent at once.
    public var concurrentSends = 4
    /// Messages accepted and not yet finished (queued, being sent, or waiting to be tried
    /// again); more are refused and logged.
    public var queueLimit = 256
    /// Tries of one message, the first included, before it is given up.
    public var maximumTries = 3
    /// The wait before the second try when the service names none; it doubles for each later
    /// one.
    public var firstRetryDelay: Duration = .seconds(15)
    /// The longest wait before a try, whatever `Retry-After` asks for.
    public var longestRetryDelay: Duration = .seconds(600)
    /// Bytes read at most of a push service's answer.
    public var answerLimit = 4096
    /// How long, from its first try, a reminder may still be sent (and the push service keep
    /// it for a phone that is away): later tries would bring a reminder no longer due.
    public var timeToLive: Duration = .seconds(PushRequest.reminderTimeToLive)

    public init(contact: String) {
      self.contact = contact
    }

    /// The contact when none is given: `mailto:liquidus@` and this machine's name.
    public static func defaultContact() -> String {
      // gethostname, not ProcessInfo's hostName, which may ask the DNS.
      var name = [CChar](repeating: 0, count: 256)
      let found =
        gethostname(&name, name.count - 1) == 0
        ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        : ""
      return "mailto:liquidus@\(found.isEmpty ? "localhost" : found)"
    }
  }
}
