import Foundation

extension ImportFormatDescriptor {
  /// Garmin Connect's hydration log from its account data export.
  static let garmin = ImportFormatDescriptor(
    format: .garmin,
    summary: "Garmin Connect's HydrationLogFile_*.json (DI_CONNECT)",
    fileNames: [.starting("HydrationLogFile", ending: ".json")],
    content: [
      .opening {
        $0.opens(with: "[") && $0.text.contains("\"calendarDate\"") && $0.text.contains("InML\"")
      }
    ],
    open: { url, options throws(ImportError) in
      guard try ImportFormatDetector.isText(url: url) else { throw .notText(path: url.path) }
      return try GarminHydrationReader(url: url, options: options)
    })
}
