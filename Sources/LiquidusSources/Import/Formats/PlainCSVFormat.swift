import Foundation

extension ImportFormatDescriptor {
  /// A plain `date,drink,amount,unit[,note,source]` CSV, also Liquidus's own export.
  static let csv = ImportFormatDescriptor(
    format: .csv,
    summary: "date,drink,amount,unit[,note,...], as Liquidus exports it",
    fileNames: [],
    content: [
      // Any header of two or more columns: the reader then names missing columns and
      // suggests --map.
      .looseHeader { $0.names.count >= 2 }
    ],
    open: { url, options throws(ImportError) in
      try PlainCSVReader(source: try RecordReaders.textSource(url), options: options)
    })
}
