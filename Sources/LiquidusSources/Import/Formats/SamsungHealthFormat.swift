import Foundation

extension ImportFormatDescriptor {
  /// Samsung Health's water and caffeine files, which name their data type on line 1.
  static let samsungHealth = ImportFormatDescriptor(
    format: .samsungHealth,
    summary:
      "Samsung Health's com.samsung.health.water_intake.*.csv and caffeine_intake.*.csv",
    fileNames: SamsungHealthReader.dataTypes.map { .starting($0 + ".", ending: ".csv") },
    content: [
      .marker { text in SamsungHealthReader.dataTypes.contains { text.firstLine.hasPrefix($0) } }
    ],
    open: { url, options throws(ImportError) in
      try SamsungHealthReader(source: try RecordReaders.textSource(url), options: options)
    })
}
