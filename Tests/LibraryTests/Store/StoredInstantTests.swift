import Foundation
import GRDB
import LiquidusTestSupport
import Testing

@testable import LiquidusStore

/// `StoredInstant` must write exactly the text GRDB writes for a `Date`, or a drink logged
/// through one would not be found by a query bound through the other.
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
        instant.stored.databaseValue == instant.databaseValue,
        "\(instant.timeIntervalSince1970), \(generator)")
    }
  }

  @Test func readsBackTheInstantToTheMillisecond() throws {
    let instant = Date(timeIntervalSince1970: 1_795_000_000.123)
    let read = try #require(StoredInstant.fromDatabaseValue(instant.stored.databaseValue))
    #expect(abs(read.date.timeIntervalSince(instant)) < 0.000_5)
  }
}
