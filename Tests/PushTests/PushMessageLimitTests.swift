import Foundation
import Testing

@testable import LiquidusPush

/// A push message is one record of 4096 bytes at most, header included (RFC 8291 §4).
@Suite struct PushMessageLimitTests {
  static func keys() throws -> PushSubscriptionKeys {
    try RFC8291ExampleTests.keys()
  }

  @Test func theLongestPlaintextFillsTheRecordExactly() throws {
    #expect(PushMessageEncryption.maximumPlaintextLength == 3_993)
    let body = try PushMessageEncryption().encrypt(
      Data(repeating: 0x41, count: 3_993), for: Self.keys())
    #expect(body.count == 4_096)
  }

  @Test func oneByteMoreIsRefusedWithTheLimit() throws {
    let error = #expect(throws: PushMessageError.self) {
      try PushMessageEncryption().encrypt(Data(repeating: 0x41, count: 3_994), for: Self.keys())
    }
    #expect(error == .tooLong(3_994))
    #expect(error?.description.contains("3,993") == true, "\(String(describing: error))")
    #expect(error?.description.contains("3994 bytes") == true, "\(String(describing: error))")
  }

  @Test func anEmptyMessageIsStillOneRecord() throws {
    let body = try PushMessageEncryption().encrypt(Data(), for: Self.keys())
    #expect(body.count == 86 + 1 + 16)
  }
}
