import Foundation

extension ImportFormatDescriptor {
  /// The Health Auto Export app's wide CSV: a date column, then one column per metric.
  static let healthAutoExport = ImportFormatDescriptor(
    format: .healthAutoExport,
    summary: "Health Auto Export: Date, \"Dietary Water (mL)\", ...",
    fileNames: [],
    content: [
      // Loose: WaterMinder's header also has a Date and `Name(unit)` columns.
      .looseHeader { header in
        header.index("Date", "Date/Time") != nil
          && header.names.contains { CSVHeader.metric($0) != nil }
      }
    ],
    open: { url, options throws(ImportError) in
      try HealthAutoExportReader(source: try RecordReaders.textSource(url), options: options)
    })
}
