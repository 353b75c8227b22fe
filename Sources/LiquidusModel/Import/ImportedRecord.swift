import Foundation

/// What one source record means, independent of the file it came from.
///
/// Volumes are already converted to millilitres and instants are absolute, so the caller
/// never needs to know the source's units or time-zone conventions.
public struct ImportedRecord: Sendable, Hashable {
  /// The meaning of a record: a drink with its volume, or a caffeine intake.
  public enum Content: Sendable, Hashable {
    /// A drink of `typeName` (as the source names it, e.g. "Water", "Coffee").
    case drink(typeName: String, milliliters: Double)
    /// Caffeine taken in, in milligrams.
    case caffeine(milligrams: Double)
    /// A workout of `minutes` (Apple Health `<Workout>`, a Health Connect exercise session):
    /// stored apart from drinks, it raises the day's goal when the person asks for it.
    case workout(activity: String, minutes: Double)
  }

  /// The drink or caffeine amount.
  public var content: Content
  /// The record's start instant (absolute; the source's offset or time zone applied).
  public var instant: Date
  /// The app that wrote the record (Apple Health `sourceName`), nil if the format has none.
  public var sourceName: String?
  /// Free text attached to the record, if the format has any.
  public var note: String?
  /// The 1-based line where the record starts in the uncompressed file.
  public var line: Int
  /// A drink's own caffeine in mg, when the file says (Liquidus's export does); nil for the
  /// volume times its type's content.
  public var caffeine: Double?

  /// Creates a record.
  public init(
    content: Content, instant: Date, sourceName: String?, note: String?, line: Int,
    caffeine: Double? = nil
  ) {
    self.caffeine = caffeine
    self.content = content
    self.instant = instant
    self.sourceName = sourceName
    self.note = note
    self.line = line
  }
}
