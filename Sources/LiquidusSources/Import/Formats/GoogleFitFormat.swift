import Foundation

extension ImportFormatDescriptor {
  /// Google Fit's hydration data from Google Takeout.
  static let googleFit = ImportFormatDescriptor(
    format: .googleFit,
    summary: "Takeout's Fit/All Data/raw_com.google.hydration_*.json",
    fileNames: [.starting("raw_com.google.hydration", ending: ".json")],
    content: [.opening { $0.opens(with: "{") && $0.text.contains("\"Data Points\"") }],
    open: { url, _ throws(ImportError) in
      guard try ImportFormatDetector.isText(url: url) else { throw .notText(path: url.path) }
      return try GoogleFitReader(url: url)
    })
}
