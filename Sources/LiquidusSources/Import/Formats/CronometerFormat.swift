import Foundation

extension ImportFormatDescriptor {
  /// Cronometer's `servings.csv`.
  static let cronometer = ImportFormatDescriptor(
    format: .cronometer,
    summary: "Cronometer's servings.csv (drinks measured by volume)",
    fileNames: [.named("servings.csv")],
    content: [
      .header {
        $0.index("Day") != nil && $0.index("Food Name") != nil && $0.index("Amount") != nil
      }
    ],
    open: { url, options throws(ImportError) in
      try CronometerReader(source: try RecordReaders.textSource(url), options: options)
    })
}
