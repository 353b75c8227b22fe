import Foundation
import Testing

/// Garmin's and Google Fit's JSON readers held every array element as a Foundation object: a
/// 20 MB Garmin file of one event and ten million zeros took 3.85 GB. Their memory now follows
/// the drinks in the file, not its elements, so a file of zeros costs about its own size.
@Suite struct ReaderMemoryTests {
  /// Megabytes an import of these files may peak at: the debug binary's own 36 MB, the mapped
  /// file, the reading threads' bounded queues and their allocators' arenas (about 50 to 67 MB
  /// alone; beside the whole suite on two busy cores 122 MB, once 200 MB, once 314 MB). Reading
  /// every element as an object took 737 MB (Garmin, 4 MB) and about 490 MB (Google Fit, 16 MB).
  private static let ceiling = 300

  /// glibc gives a thread that finds the allocator busy an arena of its own, so how many arenas
  /// a run touches (and its peak) follows the machine's load, not what the reader keeps: two
  /// arenas measure the reader, and reading elements as objects still takes its 490 MB.
  private static func environment(_ cli: CLI) -> [String: String] {
    cli.environment.merging(["MALLOC_ARENA_MAX": "2"]) { _, new in new }
  }

  /// Two million zeros after the drink: 4 MB.
  private static let zeros = String(repeating: ",0", count: 2_000_000)
  /// Eight million for Google Fit, whose objects cost less (about 55 bytes per element): 16 MB,
  /// some 490 MB read as objects (six million took 368 MB).
  private static let moreZeros = String(repeating: ",0", count: 8_000_000)

  @Test func aGarminFileOfZerosTakesAboutItsOwnSize() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let file = cli.folder.appendingPathComponent("HydrationLogFile_2026-11-20_2026-11-20.json")
    let event =
      #"{"calendarDate": "2026-11-20", "valueInML": 250.0, "timestampLocal": "2026-11-20T07:45:00.0"}"#
    try Data(("[" + event + Self.zeros + "]").utf8).write(to: file)
    let (ending, megabytes) = try SpawnedProcess(
      ["import", file.path, "--dry-run", "--quiet"], environment: Self.environment(cli)
    ).wait()
    #expect(ending == .exited(65))  // two million elements that are not events
    #expect(megabytes < Self.ceiling, "peak \(megabytes) MB for a 4 MB file")
  }

  @Test func aGoogleFitFileOfZerosTakesAboutItsOwnSize() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let file = cli.folder.appendingPathComponent("raw_com.google.hydration_x.json")
    let point =
      #"{"startTimeNanos": "1763640000000000000", "fitValue": [{"value": {"fpVal": 0.25}}]}"#
    try Data((#"{"Data Points": ["# + point + Self.moreZeros + "]}").utf8).write(to: file)
    let (ending, megabytes) = try SpawnedProcess(
      ["import", file.path, "--dry-run", "--quiet"], environment: Self.environment(cli)
    ).wait()
    #expect(ending == .exited(65))
    #expect(megabytes < Self.ceiling, "peak \(megabytes) MB for a 16 MB file")
  }
}
