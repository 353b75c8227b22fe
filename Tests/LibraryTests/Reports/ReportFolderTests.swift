import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Writing a report's files: complete files only, private modes, a clear error for a bad folder.
@Suite struct ReportFolderTests {
  @Test func createsAPrivateFolderAndPrivateFilesWithNoTemporaryLeftovers() throws {
    let root = ReportFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("nested/Reports")
    let written = try ReportFolder(url: folder).write([
      ReportFile(name: "a.txt", contents: Data("one".utf8)),
      ReportFile(name: "b.svg", contents: Data()),
    ])
    #expect(written.map(\.lastPathComponent) == ["a.txt", "b.svg"])
    #expect(try ChartFiles.mode(folder) & 0o777 == 0o700)
    for url in written { #expect(try ChartFiles.mode(url) & 0o777 == 0o600) }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "a.txt", "b.svg",
      ])
  }

  @Test func replacesAnEarlierReportWhole() throws {
    let folder = ReportFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try ReportFolder(url: folder).write([
      ReportFile(name: "a.txt", contents: Data("old, longer".utf8))
    ])
    try ReportFolder(url: folder).write([ReportFile(name: "a.txt", contents: Data("new".utf8))])
    #expect(
      try String(contentsOf: folder.appendingPathComponent("a.txt"), encoding: .utf8) == "new")
  }

  @Test func aFileInTheWayIsAClearError() throws {
    let file = ReportFixture.temporaryFolder()
    try Data("x".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(throws: ReportError.cannotWrite(path: file.path, reason: "it is a file, not a folder"))
    {
      try ReportFolder(url: file).write([ReportFile(name: "a.txt", contents: Data())])
    }
  }

  @Test func aReportThatCannotBeWrittenWholeLeavesNoPartBehind() throws {
    let folder = ReportFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("week.svg"), withIntermediateDirectories: true)
    let files = [
      ReportFile(name: "week.txt", contents: Data("words".utf8)),
      ReportFile(name: "week.svg", contents: Data("<svg/>".utf8)),
    ]
    #expect(
      throws: ReportError.cannotWrite(
        path: folder.appendingPathComponent("week.svg").path, reason: "a folder is in the way")
    ) { try ReportFolder(url: folder).write(files) }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left == ["week.svg"], "nothing but the folder that was in the way: \(left)")
  }
}
