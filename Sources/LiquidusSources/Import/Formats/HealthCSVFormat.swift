import Foundation

extension ImportFormatDescriptor {
  /// One HealthKit record per row, as Apple-Health-to-CSV converters write.
  static let healthCSV = ImportFormatDescriptor(
    format: .healthCSV,
    summary: "converter CSVs: type,sourceName,...,startDate,value",
    fileNames: [],
    content: [
      .header {
        $0.index("type") != nil && $0.index("startDate") != nil && $0.index("value") != nil
      }
    ],
    open: { url, _ throws(ImportError) in
      try HealthCSVReader(source: try RecordReaders.textSource(url))
    })
}
