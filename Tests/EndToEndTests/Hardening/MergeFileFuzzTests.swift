import Foundation
import LiquidusTestSupport
import PropertyBased
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// `merge` reads another device's JSON export, which the libFuzzer targets cannot reach (the
/// merge reader needs the store), so it is fuzzed here: a real export with hostile values
/// written over random fields, or with random bytes changed. Whatever the file holds, `merge`
/// refuses it or stores only what `log` could have stored, and every view of the merged
/// database still answers. `propertyCheck` prints a failing seed.
@Suite struct MergeFileFuzzTests {
  /// JSON values no Liquidus export writes: numbers at and past every limit, times far in the
  /// future or unreadable, ids of the wrong shape, and values of the wrong type.
  static var hostile: [Any] {
    [
      1e308, -1, 0, Double.leastNonzeroMagnitude, 9.3e18, 1e300, 20_001, -0.5, "abc", "", NSNull(),
      true, [Any](),
      [String: Any](), "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "1969-12-31T23:59:59Z",
      "2026-11-20T08:00:00+14:00", "zzzz", "2026-11-20 09:xx:00", "-2026-11-18T08:00:00Z",
      String(repeating: "a", count: 5_000), "a\nb\u{0}", "00000000-0000-0000-0000-000000000000",
      "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    ]
  }

  static let fields = [
    "date", "drink", "amount", "unit", "note", "source", "caffeineMg", "uid", "modifiedAt",
    "importKey",
  ]

  /// A real export of a few days, the seed of every mutation.
  static func export(_ cli: CLI) throws -> Data {
    for (drink, amount, at) in [
      ("water", "250ml", "2026-11-18 08:00"), ("coffee", "200ml", "2026-11-19 09:00"),
      ("juice", "300ml", "2026-11-20 10:00"),
    ] {
      try #require(try cli.run("log", drink, amount, "--at", at).status == 0)
    }
    let export = try cli.run("export", "--format", "json")
    try #require(export.status == 0, "\(export.stderr)")
    return Data(export.stdout.utf8)
  }

  /// The export with a few fields replaced, removed, or objects repeated (a quarter of the
  /// time, a few bytes changed instead).
  static func mutate(_ data: Data, _ random: inout SplitMix) throws -> Data {
    if random.next() % 4 == 0 {
      var bytes = [UInt8](data)
      for _ in 0...(random.next() % 4) where !bytes.isEmpty {
        bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
      }
      return Data(bytes)
    }
    var objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    for _ in 0...(random.next() % 3) {
      let index = Int(random.next() % UInt64(objects.count))
      let field = fields[Int(random.next() % UInt64(fields.count))]
      switch random.next() % 6 {
      case 0: objects[index][field] = nil
      case 1: objects.append(objects[index])
      default: objects[index][field] = hostile[Int(random.next() % UInt64(hostile.count))]
      }
    }
    return try JSONSerialization.data(withJSONObject: objects)
  }

  @Test func anyExportIsRefusedOrMergedWithinBoundsAndEveryViewStillAnswers() async throws {
    let source = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    defer { source.cleanUp() }
    let export = try Self.export(source)
    let latestChange = Date(timeIntervalSince1970: 1_795_183_380)  // LIQUIDUS_NOW
      .addingTimeInterval(86_400)
    await propertyCheck(count: 60, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      var random = SplitMix(seed: seed)
      let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
      defer { cli.cleanUp() }
      try #require(try cli.run("log", "water", "100ml", "--at", "07:00").status == 0)
      let file = cli.folder.appendingPathComponent("other.json")
      try Self.mutate(export, &random).write(to: file)

      let merge = try cli.run("merge", file.path)
      #expect([0, 65].contains(merge.status), "seed \(seed): \(merge.stderr)")
      let stored = try DrinkStore.open(at: cli.databasePath).mergeSnapshot()
      for entry in stored.entries {
        #expect(
          entry.milliliters > 0 && entry.milliliters <= AmountParser.absoluteLimit.milliliters,
          "seed \(seed): \(entry.milliliters) mL")
        #expect(
          (0...CaffeineAmount.maximum).contains(entry.caffeine), "seed \(seed): \(entry.caffeine)")
        let drunk = Date.fromDatabaseValue(entry.utc.databaseValue)
        #expect(drunk != nil, "seed \(seed): drunk at \(entry.utc)")
        let modified = Date.fromDatabaseValue(entry.modifiedAt.databaseValue)
        #expect(
          modified.map { $0 <= latestChange } == true, "seed \(seed): changed \(entry.modifiedAt)")
      }
      for command in [["status"], ["summary", "month"], ["caffeine"], ["export"]] {
        let view = try cli.run(command)
        #expect(view.status == 0, "seed \(seed): \(command.joined(separator: " ")): \(view.stderr)")
      }
    }
  }
}
