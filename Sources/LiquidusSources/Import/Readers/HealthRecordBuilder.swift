import Foundation
import LiquidusModel

/// The two HealthKit record types that Liquidus imports.
enum IntakeKind {
  case water
  case caffeine

  /// Matches the full identifier or the converters' short form (`DietaryWater`).
  init?(type: ByteSpan) {
    if type.equals("HKQuantityTypeIdentifierDietaryWater") || type.equals("DietaryWater") {
      self = .water
    } else if type.equals("HKQuantityTypeIdentifierDietaryCaffeine")
      || type.equals("DietaryCaffeine")
    {
      self = .caffeine
    } else {
      return nil
    }
  }

  var shortName: String { self == .water ? "DietaryWater" : "DietaryCaffeine" }
}

/// Turns the fields of one HealthKit record (from export.xml or a converter CSV) into an event.
///
/// Shared so that both formats accept and reject exactly the same records for the same reasons.
enum HealthRecordBuilder {
  static let dateExample = "yyyy-MM-dd HH:mm:ss ±hhmm such as 2024-08-07 12:58:00 +1200"
  /// Apple Health writes a decimal point; a comma is read as an English speaker would.
  private static let appleNumbers = ImportedNumber(decimalSeparator: ".")

  static func event(
    kind: IntakeKind, value: ByteSpan?, unit: ByteSpan?, startDate: ByteSpan?,
    sourceName: String?, line: Int
  ) -> ReaderEvent {
    let what = kind.shortName
    guard let value, !value.trimmed.isEmpty else {
      return .rejected(line: line, reason: "\(what) record has no value; expected a number")
    }
    let amount: Double
    switch appleNumbers.read(value) {
    case .success(let number): amount = number
    case .failure(let problem):
      return .rejected(
        line: line,
        reason: ImportedNumber.reason(field: "\(what) value", span: value, problem: problem))
    }
    guard let startDate, !startDate.isEmpty else {
      return .rejected(
        line: line, reason: "\(what) record has no startDate; expected \(dateExample)")
    }
    guard let stamp = TimestampParser.parse(startDate), let instant = stamp.instant(using: nil)
    else {
      return .rejected(
        line: line,
        reason: "\(what) startDate \(startDate.quotedForMessage) is not a date with an offset;"
          + " expected \(dateExample)")
    }
    let content: ImportedRecord.Content
    switch kind {
    case .water:
      guard let factor = volumeFactor(unit) else {
        return .rejected(
          line: line,
          reason: "\(what) unit \(unit?.quotedForMessage ?? "(none)") is not supported;"
            + " use one of \(VolumeUnits.healthKitNames)")
      }
      content = .drink(typeName: "Water", milliliters: amount * factor)
    case .caffeine:
      guard let factor = caffeineFactor(unit) else {
        return .rejected(
          line: line,
          reason: "\(what) unit \(unit?.quotedForMessage ?? "(none)") is not a mass unit;"
            + " expected mg or g")
      }
      content = .caffeine(milligrams: amount * factor)
    }
    return .record(
      ImportedRecord(
        content: content, instant: instant, sourceName: sourceName, note: nil, line: line))
  }

  /// The common units are matched on bytes, so that a record costs no String for its unit.
  private static func volumeFactor(_ unit: ByteSpan?) -> Double? {
    guard let unit = unit?.trimmed, !unit.isEmpty else { return nil }
    if unit.equals("mL") { return 1 }
    if unit.equals("fl_oz_us") { return VolumeUnits.fluidOunceUS }
    if unit.equals("L") { return 1000 }
    return VolumeUnits.milliliters(healthKitUnit: unit.string)
  }

  /// HealthKit writes caffeine in mg; a missing unit means mg too.
  private static func caffeineFactor(_ unit: ByteSpan?) -> Double? {
    guard let unit = unit?.trimmed, !unit.isEmpty else { return 1 }
    if unit.equals("mg") { return 1 }
    return VolumeUnits.caffeine[unit.string]
  }
}
