import Foundation
import Testing

@testable import LiquidusPush

/// The request the sender will send as it is: RFC 8030's headers, VAPID, the encrypted body.
@Suite struct PushRequestTests {
  static let endpoint = URL(string: "https://fcm.googleapis.com/fcm/send/abc:def")!

  static func request(payload: Data = Data(#"{"title":"Drink"}"#.utf8)) throws -> PushRequest {
    try PushRequest(
      endpoint: endpoint, keys: RFC8291ExampleTests.keys(), payload: payload,
      keyPair: .generate(), contact: "mailto:owner@example.org",
      now: Date(timeIntervalSince1970: 1_795_000_000))
  }

  @Test func theRequestCarriesEveryHeaderAPushServiceWants() throws {
    let request = try Self.request()
    #expect(request.url == Self.endpoint)
    #expect(request.headers["Content-Encoding"] == "aes128gcm")
    #expect(request.headers["Content-Type"] == "application/octet-stream")
    #expect(request.headers["TTL"] == "14400")
    #expect(request.headers["Urgency"] == "normal")
    #expect(request.headers["Authorization"]?.hasPrefix("vapid t=ey") == true)
    #expect(request.headers.count == 5)
    #expect(request.body.count == 86 + 17 + 1 + 16)
  }

  @Test func theTimeToLiveIsTheCallersAndNeverNegative() throws {
    let keys = try RFC8291ExampleTests.keys()
    func ttl(_ seconds: Int) throws -> String? {
      try PushRequest(
        endpoint: Self.endpoint, keys: keys, payload: Data(), keyPair: .generate(),
        contact: "mailto:a@example.org", now: Date(), timeToLive: seconds
      ).headers["TTL"]
    }
    #expect(try ttl(60) == "60")
    #expect(try ttl(-5) == "0")
  }

  @Test func aPayloadTooLongForOneRecordIsRefused() throws {
    #expect(throws: PushMessageError.tooLong(4_000)) {
      try Self.request(payload: Data(repeating: 0x20, count: 4_000))
    }
  }
}
