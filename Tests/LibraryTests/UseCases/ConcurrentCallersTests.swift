import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusStore
@testable import LiquidusUseCases

/// One store shared by many callers at once, as a server shares it between requests: what is
/// acknowledged is there exactly once, readers see consistent days, and nobody sees
/// "database is locked".
@Suite struct ConcurrentCallersTests {
  let now = Date(timeIntervalSince1970: 1_795_176_000)  // 2026-11-20 12:00 UTC
  let utc = TimeZone(identifier: "UTC")!

  func context(_ store: DrinkStore) throws -> CallContext {
    try CallContext.make(store: store, now: now, timeZone: utc, locale: Locale(identifier: "en_US"))
  }

  @Test(arguments: [DrinkStore.Sharing.manyCallers, .oneCaller])
  func eightLoggersBesideEightReadersLoseNothing(sharing: DrinkStore.Sharing) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-concurrent-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try DrinkStore.open(
      at: folder.appendingPathComponent("db.sqlite").path, sharing: sharing)
    let loggers = 8
    let drinksEach = 40
    let readers = 8

    let seen = try await withThrowingTaskGroup(of: [Double].self) { group in
      for logger in 0..<loggers {
        group.addTask {
          for index in 0..<drinksEach {
            // Each drink its own second of the morning, so every one is told apart.
            let second = Double(logger * drinksEach + index + 1)
            let request = LogDrink.Request(
              drink: "water", amount: .volume(Volume(milliliters: 10)),
              details: EntryDetails(at: .instant(now.addingTimeInterval(-second))))
            _ = try await LogDrink().run(request, in: try context(store))
          }
          return []
        }
      }
      for _ in 0..<readers {
        group.addTask {
          var totals: [Double] = []
          for _ in 0..<drinksEach {
            let status = try await ShowStatus().run(.init(), in: try context(store))
            totals.append(status.snapshot.total.milliliters)
          }
          return totals
        }
      }
      var all: [[Double]] = []
      for try await totals in group { all.append(totals) }
      return all
    }

    let expected = Double(loggers * drinksEach * 10)
    let final = try await ShowStatus().run(.init(), in: try context(store)).snapshot.total
      .milliliters
    #expect(final == expected)
    let entries = try store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    #expect(entries.count == loggers * drinksEach)
    #expect(Set(entries.map(\.instant)).count == loggers * drinksEach, "a drink was doubled")
    for totals in seen where !totals.isEmpty {
      // Each reader sees whole commits only, and never goes back in time.
      #expect(totals == totals.sorted(), "a reader saw the day shrink: \(totals)")
      #expect(totals.allSatisfy { $0.truncatingRemainder(dividingBy: 10) == 0 && $0 <= expected })
    }
  }
}
