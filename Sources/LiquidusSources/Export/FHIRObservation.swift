import Foundation
import LiquidusModel

/// One drink as a FHIR R4 `Observation`, on one line of JSON: what `export --format fhir`
/// writes, one resource per line as FHIR Bulk Data's NDJSON has them.
///
/// The code is LOINC 9000-1 "Fluid intake oral Measured" with SNOMED CT 251853006 "Oral fluid
/// input" beside it; the value is the volume in UCUM `mL`. The entry's id is the resource's
/// `id` and its `identifier` (system ``identifierSystem``), so a server loading a new export
/// with `PUT Observation/{id}`, or a conditional update on the identifier, replaces what it
/// had rather than adding it twice. The drink's type and its caffeine (UCUM `mg`) are
/// components with codes of Liquidus's own system (``componentSystem``): LOINC has no code for
/// either. docs/FORMATS.md shows a resource and says how a clinic loads them.
struct FHIRObservation {
  /// The system of every entry's `identifier`: Liquidus's entry ids (see `EntryUID`).
  static let identifierSystem = "urn:liquidus:entry-uid"
  /// The system of the components' codes, `drink-type` and `caffeine`.
  static let componentSystem = "urn:liquidus:component"

  /// The drink, its type's name and its instant written with the export's offset.
  var drink: Drink
  var typeName: String
  var effective: String
  var lastUpdated: String?
  /// `Patient/123`, or nil for no subject.
  var subject: String?

  /// The resource as one line of JSON, keys in the order FHIR's examples give them.
  func line() throws -> String {
    var fields: [String] = [#""resourceType":"Observation""#]
    if let uid = drink.uid, Self.isResourceID(uid) {
      fields.append(#""id":"# + JSONLiteral.string(uid))
    }
    if let lastUpdated {
      fields.append(#""meta":{"lastUpdated":"# + JSONLiteral.string(lastUpdated) + "}")
    }
    if let uid = drink.uid {
      fields.append(
        #""identifier":[{"system":"# + JSONLiteral.string(Self.identifierSystem) + #","value":"#
          + JSONLiteral.string(uid) + "}]")
    }
    fields.append(#""status":"final""#)
    fields.append(Self.code)
    if let subject {
      fields.append(#""subject":{"reference":"# + JSONLiteral.string(subject) + "}")
    }
    fields.append(#""effectiveDateTime":"# + JSONLiteral.string(effective))
    fields.append(#""valueQuantity":"# + (try Self.quantity(drink.volume.milliliters, "mL")))
    if let note = drink.note.map(Self.fhirString), !note.isEmpty {
      fields.append(#""note":[{"text":"# + JSONLiteral.string(note) + "}]")
    }
    var components = [
      #"{"code":"# + Self.componentCode("drink-type", "Drink type") + #","valueString":"#
        + JSONLiteral.string(typeName) + "}"
    ]
    if drink.caffeine > 0 {
      components.append(
        #"{"code":"# + Self.componentCode("caffeine", "Caffeine") + #","valueQuantity":"#
          + (try Self.quantity(drink.caffeine, "mg")) + "}")
    }
    fields.append(#""component":["# + components.joined(separator: ",") + "]")
    return "{" + fields.joined(separator: ",") + "}\n"
  }

  private static let code =
    #""code":{"coding":[{"system":"http://loinc.org","code":"9000-1","#
    + #""display":"Fluid intake oral Measured"},{"system":"http://snomed.info/sct","#
    + #""code":"251853006","display":"Oral fluid input"}],"text":"Fluid intake oral"}"#

  private static func componentCode(_ code: String, _ text: String) -> String {
    #"{"coding":[{"system":"# + JSONLiteral.string(componentSystem) + #","code":"#
      + JSONLiteral.string(code) + #","display":"# + JSONLiteral.string(text) + #"}],"text":"#
      + JSONLiteral.string(text) + "}"
  }

  /// A UCUM quantity, to 0.01 of its unit as every machine format has amounts.
  private static func quantity(_ value: Double, _ unit: String) throws -> String {
    let rounded = (value * 100).rounded() / 100
    return #"{"value":"# + (try JSONLiteral.number(rounded)) + #","unit":"#
      + JSONLiteral.string(unit)
      + #","system":"http://unitsofmeasure.org","code":"# + JSONLiteral.string(unit) + "}"
  }

  /// `text` as a FHIR string may hold it: no control characters but tab, CR and LF (strict
  /// servers refuse the others), each made a space.
  static func fhirString(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isForbidden) else { return text }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { isForbidden($0) ? " " : $0 }))
  }

  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 && scalar != "\t" && scalar != "\r" && scalar != "\n"
  }

  /// Whether `text` may be a FHIR resource id: 1 to 64 letters, digits, `-` and `.`.
  static func isResourceID(_ text: String) -> Bool {
    (1...64).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
          || byte == 0x2D || byte == 0x2E
      }
  }

  /// The resources an R4 Observation's `subject` may refer to.
  static let subjectTypes: Set<Substring> = ["Patient", "Group", "Device", "Location"]

  /// Whether `text` is a subject an R4 Observation takes: `Patient/123`, or a group, device
  /// or location, with a resource id (not `.` or `..`, which would change a URL's path).
  static func isSubjectReference(_ text: String) -> Bool {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, subjectTypes.contains(parts[0]), parts[1] != ".", parts[1] != ".."
    else { return false }
    return isResourceID(String(parts[1]))
  }
}
