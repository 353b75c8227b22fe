import Foundation
import Testing

/// `export --format fhir` is FHIR R4 a clinic's server takes: every line of the sample year's
/// export validated by the `fhir.resources` package (in `.build-fhir/venv`, installed by
/// `Scripts/install-deps`), with the codes, systems and units checked beside the models.
@Suite struct FHIRExportTests {
  static let python = SampleYear.root.appendingPathComponent(".build-fhir/venv/bin/python").path
  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: python) }

  @Test(.enabled(if: isInstalled, "needs .build-fhir/venv: run Scripts/install-deps"))
  func everyObservationOfTheSampleYearIsValidFHIR() throws {
    let year = try SampleYear()
    defer { year.cleanUp() }
    let fhir = try year.cli.run("export", "--format", "fhir", "--subject", "Patient/p-007")
    try #require(fhir.status == 0, "\(fhir.stderr)")
    let json = try year.cli.run("export", "--format", "json")
    let observations = try ImportSupport.file(year.cli, "observations.ndjson", fhir.stdout)
    let entries = try ImportSupport.file(year.cli, "entries.json", json.stdout)
    let validated = try Python.run(
      executable: Self.python,
      [
        SampleYear.root.appendingPathComponent("Tests/Oracles/validate_fhir.py").path,
        observations, entries, "Patient/p-007",
      ])
    #expect(validated.status == 0, "\(validated.stderr)")
    #expect(validated.stdout.hasPrefix("ok 2576"), "\(validated.stdout)")
  }

  @Test func oneObservationPerLineWithTheEntryIdAsItsId() throws {
    let cli = try CLI(timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    try cli.run("log", "coffee", "200ml", "--at", "2026-11-20 08:15", "--note", "flat \"white\"")
    try cli.run("log", "water", "250ml", "--at", "2026-11-20 09:00")
    let result = try cli.run("export", "--format", "fhir")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    let first = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let id = try #require(first["id"] as? String)
    let identifier = (first["identifier"] as? [[String: Any]])?.first
    #expect(identifier?["system"] as? String == "urn:liquidus:entry-uid")
    #expect(identifier?["value"] as? String == id)
    #expect(first["effectiveDateTime"] as? String == "2026-11-20T08:15:00+01:00")
    #expect(first["subject"] == nil)
    #expect((first["note"] as? [[String: Any]])?.first?["text"] as? String == "flat \"white\"")
    #expect(
      lines[1].contains(
        #""valueQuantity":{"value":250,"unit":"mL","system":"http://unitsofmeasure.org","code":"mL"}"#
      ))
    #expect(!lines[1].contains("caffeine"))
    // A deleted entry is absent from the next export: the clinic's loader deletes what is gone.
    try cli.run("undo")
    #expect(try cli.run("export", "--format", "fhir").stdout.split(separator: "\n").count == 1)
  }
}
