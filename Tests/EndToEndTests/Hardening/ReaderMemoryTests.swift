import Foundation
import Testing

/// Garmin's and Google Fit's JSON readers held every array element as a Foundation object: a
/// 20 MB Garmin file of one event and ten million zeros took 3.85 GB. Their memory now follows
/// the drinks in the file, not its elements, so a file of zeros costs about its own size.
@Suite struct ReaderMemoryTests {
  /// Megabytes an import of these files may peak at: the debug binary's own 36 MB, the mapped
  /// file, the reading threads' bounded queues and their allocators' arenas (about 50 to 67
  /// MB). Reading every element as an object took 737 MB (Garmin, 4 MB) and about 490 MB
  /// (Google Fit, 16 MB).
  private static let ceiling = 300

  /// Runs `liquidus import FILE --dry-run --quiet` and answers its exit status and its own
  /// peak memory in megabytes.
  ///
  /// Not through `wait4` on a child of this test process: Linux counts the memory a process
  /// had before its `exec` into its peak, and a spawned child runs in its parent's memory
  /// until then, so the peak was the test runner's whenever that was larger (314 and 356 MB
  /// beside the whole suite; 50 to 67 MB alone). A small Python process forks the import
  /// from its own memory, about 10 MB, and reports the child's peak from `wait4`.
  private static func peakOfImport(_ file: URL, _ cli: CLI) throws -> (status: Int32, Int) {
    let peak = cli.folder.appendingPathComponent("peak")
    let script = cli.folder.appendingPathComponent("peak.py")
    try """
    import os, sys
    pid = os.fork()
    if pid == 0:
        os.execv(sys.argv[2], sys.argv[2:])
    _, status, usage = os.wait4(pid, 0)
    with open(sys.argv[1], "w") as out:
        out.write(str(usage.ru_maxrss // 1024))
    sys.exit(os.waitstatus_to_exitcode(status))

    """.write(to: script, atomically: true, encoding: .utf8)
    let run = try cli.shell(
      "python3 '\(script.path)' '\(peak.path)' \"$LIQUIDUS\" import '\(file.path)' "
        + "--dry-run --quiet >/dev/null 2>&1")
    let megabytes = try Int(String(contentsOf: peak, encoding: .utf8)) ?? Int.max
    return (run.status, megabytes)
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
    let (status, megabytes) = try Self.peakOfImport(file, cli)
    #expect(status == 65)  // two million elements that are not events
    #expect(megabytes < Self.ceiling, "peak \(megabytes) MB for a 4 MB file")
  }

  @Test func aGoogleFitFileOfZerosTakesAboutItsOwnSize() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let file = cli.folder.appendingPathComponent("raw_com.google.hydration_x.json")
    let point =
      #"{"startTimeNanos": "1763640000000000000", "fitValue": [{"value": {"fpVal": 0.25}}]}"#
    try Data((#"{"Data Points": ["# + point + Self.moreZeros + "]}").utf8).write(to: file)
    let (status, megabytes) = try Self.peakOfImport(file, cli)
    #expect(status == 65)
    #expect(megabytes < Self.ceiling, "peak \(megabytes) MB for a 16 MB file")
  }
}
