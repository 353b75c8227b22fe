import Foundation
import LiquidusModel
import LiquidusStore
import Testing

/// The server's VAPID private key lives in the database and leaves it by no command's output:
/// not `config`, not an export of any kind, not a merge into another database.
@Suite struct VAPIDKeyOutputTests {
  static let key = Array(repeating: UInt8(0x5C), count: 32)

  @Test func noCommandPrintsTheKey() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try #require(try cli.run("log", "water", "250ml", "--at", "08:00").status == 0)
    let store = try DrinkStore.open(at: cli.databasePath)
    _ = try store.keepVAPIDPrivateKey(ifAbsent: Self.key, now: Date())
    let hex = Self.key.map { String($0, radix: 16) }.joined()
    let spellings = [
      hex, hex.uppercased(), Data(Self.key).base64EncodedString(), Base64URL.encode(Self.key),
    ]
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let other = folder + "/other.sqlite"
    let commands: [[String]] = [
      ["config"], ["export"], ["export", "--format", "json"],
      ["export", "--format", "fhir", "--subject", "Patient/1"],
      ["export", "--daily", "--by-drink"],
      ["--db", other, "merge", cli.databasePath],
    ]
    for command in commands {
      let result = try cli.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      for spelling in spellings {
        #expect(!(result.stdout + result.stderr).contains(spelling), "\(command)")
      }
    }
    #expect(try DrinkStore.open(at: other).vapidPrivateKey() == nil, "a merge does not carry it")
    #expect(try DrinkStore.open(at: other).entryCount() == 1, "the merge brought the drink")
  }
}
