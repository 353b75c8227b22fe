import Foundation

extension ImportFormatDescriptor {
  /// The WaterMinder app's CSV export.
  static let waterminder = ImportFormatDescriptor(
    format: .waterminder,
    summary: "WaterMinder's CSV export (creates its drink types)",
    fileNames: [],
    content: [
      .header {
        $0.index("Drink Type") != nil && $0.index("Date") != nil && $0.index("Time") != nil
      }
    ],
    open: { url, options throws(ImportError) in
      try WaterMinderReader(source: try RecordReaders.textSource(url), options: options)
    })
}
