import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// Automatic backups (taken before a purge): the newest five are kept, and copies taken in the
/// same second get a counter instead of overwriting each other.
@Suite struct BackupRotationTests {
  let directory: TemporaryDirectory
  let store: DrinkStore
  /// 2026-11-20T14:03:00Z, stamped into names as 20261120T140300Z.
  static let now = Date(timeIntervalSince1970: 1_795_183_380)

  init() throws {
    directory = try TemporaryDirectory()
    store = try DrinkStore.open(at: directory.url.appendingPathComponent("drinks.sqlite").path)
  }

  /// Takes `count` automatic backups, logging one more drink before each, so that backup `n`
  /// (from 1) holds `n` entries and says which one it is.
  private func takeBackups(_ count: Int, at instant: (Int) -> Date) throws -> [String] {
    let water = try store.type(named: "Water").id
    return try (1...count).map { index in
      try store.add(
        Drink(typeID: water, volume: Volume(milliliters: 100), instant: Self.now))
      return try #require(try store.automaticBackup(reason: "purge", now: instant(index)))
    }
  }

  /// The backups folder's files, by name, with the entries each holds.
  private func kept() throws -> [String: Int] {
    let folder = directory.url.appendingPathComponent("backups")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    return try Dictionary(
      uniqueKeysWithValues: names.map { name in
        (name, try DrinkStore.open(at: folder.appendingPathComponent(name).path).entryCount())
      })
  }

  @Test func theNewestFiveAreKept() throws {
    defer { directory.remove() }
    let paths = try takeBackups(7) { Self.now.addingTimeInterval(Double($0)) }
    #expect(
      paths.map { ($0 as NSString).lastPathComponent } == [
        "drinks-20261120T140301Z-purge.sqlite", "drinks-20261120T140302Z-purge.sqlite",
        "drinks-20261120T140303Z-purge.sqlite", "drinks-20261120T140304Z-purge.sqlite",
        "drinks-20261120T140305Z-purge.sqlite", "drinks-20261120T140306Z-purge.sqlite",
        "drinks-20261120T140307Z-purge.sqlite",
      ])
    #expect(
      try kept() == [
        "drinks-20261120T140303Z-purge.sqlite": 3, "drinks-20261120T140304Z-purge.sqlite": 4,
        "drinks-20261120T140305Z-purge.sqlite": 5, "drinks-20261120T140306Z-purge.sqlite": 6,
        "drinks-20261120T140307Z-purge.sqlite": 7,
      ])
  }

  @Test func backupsInTheSameSecondAreCountedNotOverwritten() throws {
    defer { directory.remove() }
    let paths = try takeBackups(3) { _ in Self.now }
    #expect(
      paths.map { ($0 as NSString).lastPathComponent } == [
        "drinks-20261120T140300Z-purge.sqlite", "drinks-20261120T140300Z-purge-2.sqlite",
        "drinks-20261120T140300Z-purge-3.sqlite",
      ])
    #expect(
      try kept() == [
        "drinks-20261120T140300Z-purge.sqlite": 1, "drinks-20261120T140300Z-purge-2.sqlite": 2,
        "drinks-20261120T140300Z-purge-3.sqlite": 3,
      ])
  }

  @Test func rotationWithinOneSecondStillKeepsTheNewestFive() throws {
    defer { directory.remove() }
    // Twelve in one second: the counter passes 9, where names stop sorting by age.
    let paths = try takeBackups(12) { _ in Self.now }
    for (index, path) in paths.enumerated() {
      #expect(FileManager.default.fileExists(atPath: path) == (index >= 7), "backup \(index + 1)")
    }
    #expect(
      try kept() == [
        "drinks-20261120T140300Z-purge-8.sqlite": 8, "drinks-20261120T140300Z-purge-9.sqlite": 9,
        "drinks-20261120T140300Z-purge-10.sqlite": 10,
        "drinks-20261120T140300Z-purge-11.sqlite": 11,
        "drinks-20261120T140300Z-purge-12.sqlite": 12,
      ])
  }
}
