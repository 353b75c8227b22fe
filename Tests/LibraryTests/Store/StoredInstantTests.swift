import Foundation
import GRDB
import LiquidusTestSupport
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// `UTCText` must write exactly the text GRDB writes for a `Date`, or a row written through
/// one would not be found by a query bound through the other; `StoredInstant` must keep the
/// millisecond every other part of Liquidus rounds an instant to.
@Suite struct StoredInstantTests {
  @Test func writesWhatGRDBWritesForAnyInstant() {
    var generator = SeededRandom()
    var instants = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_000_000.0004),
      Date(timeIntervalSince1970: 1_795_000_000.0005), Date(timeIntervalSince1970: 951_782_400),
      Date(timeIntervalSince1970: -86_400.25), Date(timeIntervalSince1970: 4_102_444_799.9996),
    ]
    for _ in 0..<2_000 {
      instants.append(Date(timeIntervalSince1970: .random(in: -1e9...4e9, using: &generator)))
    }
    for instant in instants {
      #expect(
        instant.utcText.databaseValue == instant.databaseValue,
        "\(instant.timeIntervalSince1970), \(generator)")
    }
  }

  @Test func storesTheRoundedMillisecondAsAnInteger() throws {
    var generator = SeededRandom()
    for _ in 0..<2_000 {
      let instant = Date(timeIntervalSince1970: .random(in: -1e9...4e9, using: &generator))
      #expect(instant.stored.databaseValue == instant.millisecondsSince1970.databaseValue)
      // The text form and the integer form name the same millisecond.
      let text = try #require(String.fromDatabaseValue(instant.utcText.databaseValue))
      #expect(StoredTime.milliseconds(text) == instant.millisecondsSince1970, "\(text)")
    }
    // Text is not an instant in an integer column: it is reported, never guessed at.
    #expect(StoredInstant.fromDatabaseValue("2026-11-18 11:06:40.000".databaseValue) == nil)
  }

  @Test func readsBackTheInstantToTheMillisecond() throws {
    let instant = Date(timeIntervalSince1970: 1_795_000_000.123)
    let read = try #require(StoredInstant.fromDatabaseValue(instant.stored.databaseValue))
    #expect(abs(read.date.timeIntervalSince(instant)) < 0.000_5)
  }
}
