import Foundation

extension ImportFormatDescriptor {
  /// Apple Health's `export.zip`, or the `export.xml` inside it.
  static let appleHealth = ImportFormatDescriptor(
    format: .appleHealth,
    summary: "export.zip (Health > Export All Health Data), export.xml",
    fileNames: [.named("export.xml")],
    content: [
      // A zip that is no other format's, a damaged one too: the reader's errors say what is
      // wrong with it.
      .anyZip,
      .opening { $0.opens(with: "<") },
      .marker { $0.text.contains("<HealthData") },
    ],
    open: { url, _ throws(ImportError) in
      // A zip is read through its apple_health_export/export.xml without unpacking it.
      if url.pathExtension.lowercased() == "zip", FileManager.default.fileExists(atPath: url.path) {
        return AppleHealthXMLReader(source: try ZipEntryByteSource(url: url))
      }
      if try ImportFormatDetector.isZip(url: url) {
        return AppleHealthXMLReader(source: try ZipEntryByteSource(url: url))
      }
      return AppleHealthXMLReader(source: try FileByteSource(path: url.path))
    })
}
