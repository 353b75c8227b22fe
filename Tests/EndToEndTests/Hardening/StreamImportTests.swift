import Foundation
import LiquidusTestSupport
import Testing

/// `import -`, a pipe and a FIFO: read once, imported like a file, nothing left behind.
@Suite struct StreamImportTests {
  static let csv = "date,drink,amount,unit\n2026-11-01T08:00:00Z,Water,250,mL\n"

  @Test(.stallGuard)
  func standardInputAPipeAndAFIFOAreImported() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // A temporary folder of its own: other tests import at the same time, and their spooled
    // copies in the shared one would come and go under this test's count.
    let spool = cli.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
    let fifo = cli.folder.appendingPathComponent("drinks.fifo").path
    let script = """
      export TMPDIR='\(spool.path)'
      printf '\(Self.csv.replacingOccurrences(of: "\n", with: "\\n"))' | "$LIQUIDUS" import - \
        && printf 'date,drink,amount,unit\\n2026-11-02T08:00:00Z,Coffee,100,mL\\n' \
          | "$LIQUIDUS" import /dev/stdin \
        && mkfifo '\(fifo)' \
        && { printf 'date,drink,amount,unit\\n2026-11-03T08:00:00Z,Soda,330,mL\\n' > '\(fifo)' & } \
        && "$LIQUIDUS" import '\(fifo)'
      """
    let result = try cli.shell(script)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("-: csv (detected)"), "\(result.stdout)")
    #expect(result.stdout.contains("\(fifo): csv (detected)"))
    let listed = try cli.run("export").stdout
    #expect(
      listed.contains("Water,250") && listed.contains("Coffee,100") && listed.contains("Soda,330"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty,
      "the spooled copies are removed")
  }
}
