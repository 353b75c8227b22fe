import Foundation
import LiquidusModel
import LiquidusSources
import LiquidusStore

/// Writes every entry of a period as CSV, JSON or FHIR: `export`, a download from the server.
public struct ExportEntries: UseCase {
  public init() {}

  /// What to write, and where.
  public struct Request: Sendable {
    /// The period; everything by default.
    public var period: PeriodSelection
    /// CSV, JSON or FHIR.
    public var format: DrinkExport.Format
    /// The FHIR subject (`Patient/123`), for `fhir`.
    public var subject: String?
    /// Takes each piece of text as it is made, so memory stays flat however many entries.
    public var write: @Sendable (String) throws -> Void

    public init(
      period: PeriodSelection, format: DrinkExport.Format, subject: String? = nil,
      write: @escaping @Sendable (String) throws -> Void
    ) {
      self.period = period
      self.format = format
      self.subject = subject
      self.write = write
    }
  }

  /// How many entries were written, and the ones that could not be read (left out: the front
  /// end must say that the export is incomplete).
  public struct View: Sendable {
    public var count: Int
    public var damaged: [StoreError]
  }

  /// Streams the period's entries to the request's writer.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let interval = try request.period.interval(in: context.calendar)
    let exporter = DrinkExport(
      format: request.format, timeZone: context.calendar.timeZone, subject: request.subject)
    var damaged: [StoreError] = []
    let count = try exporter.write(
      from: context.store, in: interval, damaged: { damaged.append($0) }, to: request.write)
    return View(count: count, damaged: damaged)
  }
}
