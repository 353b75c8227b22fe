import Foundation
import Testing

@testable import LiquidusSources

/// One way of re-zipping an unpacked Apple Health export.
struct ZipRecipe: Sendable, CustomTestStringConvertible {
  /// The tool and what is special about its zip.
  let testDescription: String
  /// The export's name on disk (the phone's language).
  let name: String
  /// The member's name as Liquidus shows it: the name itself, or for a name written in a
  /// legacy code page without the UTF-8 flag, its bytes shown as CP437.
  let shown: String
  /// Writes `export.zip` of the folder `apple_health_export` in the given directory.
  let make: @Sendable (URL) throws -> Void

  init(
    _ description: String, name: String, shown: String? = nil,
    make: @escaping @Sendable (URL) throws -> Void
  ) {
    testDescription = description
    self.name = name
    self.shown = shown ?? name
    self.make = make
  }
}

/// Runs `tool` in the directory given.
private func runTool(_ tool: String, _ arguments: String...) -> @Sendable (URL) throws -> Void {
  { try ZipTools.run(tool, arguments, in: $0) }
}

/// Runs the Python zip writer in `mode` on `apple_health_export` in the directory given.
private func runPython(
  _ mode: String, _ encoding: String = "utf-8"
) -> @Sendable (URL) throws -> Void {
  {
    try ZipTools.python(
      mode, folder: "apple_health_export", zip: "export.zip", encoding: encoding, in: $0)
  }
}

/// An export unzipped to look at, zipped again and sent on: whatever the tool, the flags, the
/// sizes' format and the language of the name, the zip imports the same entries as the file
/// unpacked, and the member is listed under its name.
@Suite("Zips made by the tools people re-zip an export with")
struct ZipToolMatrixTests {
  static let recipes: [ZipRecipe] = [
    ZipRecipe(
      "Info-ZIP zip", name: "export.xml",
      make: runTool("zip", "-q", "-r", "export.zip", "apple_health_export")),
    ZipRecipe(
      "Info-ZIP zip, a UTF-8 name without the flag", name: "导出.xml",
      make: runTool("zip", "-q", "-r", "export.zip", "apple_health_export")),
    ZipRecipe(
      "Info-ZIP zip -X (no extra fields), a UTF-8 name without the flag", name: "导出.xml",
      make: runTool("zip", "-q", "-X", "-r", "export.zip", "apple_health_export")),
    ZipRecipe(
      "Info-ZIP zip -X -0, stored, a UTF-8 name without the flag", name: "экспорт.xml",
      make: runTool("zip", "-q", "-X", "-0", "-r", "export.zip", "apple_health_export")),
    ZipRecipe(
      "7-Zip, a UTF-8 name with the flag", name: "書き出したデータ.xml",
      make: runTool("7z", "a", "-tzip", "-bd", "export.zip", "apple_health_export")),
    ZipRecipe(
      "bsdtar, data descriptors and the flag", name: "导出.xml",
      make: runTool("bsdtar", "-a", "-cf", "export.zip", "apple_health_export")),
    ZipRecipe(
      "Python zipfile streamed (data descriptors)", name: "导出.xml", make: runPython("streamed")),
    ZipRecipe("Python zipfile with force_zip64", name: "экспорт.xml", make: runPython("zip64")),
    ZipRecipe(
      "Python zipfile, a GBK name without the flag", name: "导出.xml", shown: "╡╝│÷.xml",
      make: runPython("legacy", "gbk")),
    ZipRecipe(
      "Python zipfile, a CP866 name without the flag", name: "экспорт.xml", shown: "φ¬ß»«αΓ.xml",
      make: runPython("legacy", "cp866")),
    ZipRecipe(
      "Python zipfile, a Shift-JIS name without the flag", name: "書き出したデータ.xml",
      shown: "Åæé½Åoé╡é╜âfü[â^.xml", make: runPython("legacy", "shift_jis")),
    ZipRecipe(
      "Python zipfile, a GBK name with Info-ZIP's Unicode Path field", name: "导出.xml",
      make: runPython("unicode-path", "gbk")),
    ZipRecipe(
      "Python zipfile, a GBK name with a stale Unicode Path field", name: "导出.xml",
      shown: "╡╝│÷.xml", make: runPython("stale-unicode-path", "gbk")),
  ]

  @Test(arguments: recipes)
  func importsTheSameEntriesAsTheUnpackedExport(recipe: ZipRecipe) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let xml = try Data(contentsOf: try ImportFixture.url("export.xml"))
    // The clinical document beside it is XML too, named in the same language.
    let clinical = String(recipe.name.dropLast(".xml".count)) + "_cda.xml"
    try ZipTools.write(
      [
        "apple_health_export/\(recipe.name)": xml,
        "apple_health_export/\(clinical)": Data("<ClinicalDocument/>\n".utf8),
      ], in: directory.url)
    try recipe.make(directory.url)
    let zip = directory.url.appendingPathComponent("export.zip")

    let unpacked = try readAll(
      directory.url.appendingPathComponent("apple_health_export/\(recipe.name)"),
      as: .appleHealth)
    #expect(try ImportFormatDetector.detect(url: zip) == .appleHealth)
    #expect(try readAll(zip, as: .appleHealth) == unpacked)
    #expect(unpacked.records.count == 7)
    #expect(
      try ExportBundle(url: zip).sources.map(\.path) == ["apple_health_export/\(recipe.shown)"])
  }
}
