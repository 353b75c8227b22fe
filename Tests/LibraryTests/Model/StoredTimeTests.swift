import Foundation
import Testing

@testable import LiquidusModel

/// The one text a merge accepts for a time: the store's own, read strictly, so that what sums
/// select by text and what the day cache drops by instant are the same rows.
@Suite struct StoredTimeTests {
  @Test func readsTheStoresTextToTheMillisecondAndWritesItBack() {
    let cases: [(String, Int64)] = [
      ("1970-01-01 00:00:00.000", 0),
      ("2024-02-29 23:59:59.999", 1_709_251_199_999),
      ("2026-11-20 14:03:00.250", 1_795_183_380_250),
      ("9999-12-31 23:59:59.999", 253_402_300_799_999),
    ]
    for (text, milliseconds) in cases {
      #expect(StoredTime.milliseconds(text) == milliseconds, "\(text)")
      #expect(StoredTime.text(milliseconds) == text)
    }
  }

  @Test func refusesAnyOtherTextEvenInsideADaysRange() {
    for text in [
      "2026-11-20 12:xx:00.000", "2026-02-30 00:00:00.000", "2026-11-20 24:00:00.000",
      "2026-11-20 12:60:00.000", "2026-13-01 00:00:00.000", "2026-11-00 00:00:00.000",
      "2026-11-20T12:00:00.000", "2026-11-20 12:00:00.00", "2026-11-20 12:00:00.000Z",
      "2026-11-20 12:00:00", "zzzz", "", "+026-11-20 12:00:00.000",
    ] {
      #expect(StoredTime.milliseconds(text) == nil, "\(text)")
    }
  }
}
