import Foundation

extension ImportFormatDescriptor {
  /// Android Health Connect's export: its zip, or the SQLite database inside it.
  static let healthConnect = ImportFormatDescriptor(
    format: .healthConnect,
    summary: "Health Connect's export zip (health_connect_export.db)",
    fileNames: [.named(BundleFileNames.healthConnectDatabase)],
    content: [
      // A zip that holds Apple Health's export too is Apple Health's.
      .zip { archive in
        archive.map {
          HealthConnectReader.databaseMember(in: $0) != nil
            && ZipEntryByteSource.exportMember(in: $0) == nil
        } ?? false
      },
      // The reader names a database without Health Connect's tables.
      .signature { $0.starts(with: Array("SQLite format 3\u{0}".utf8)) },
    ],
    open: { url, _ throws(ImportError) in try HealthConnectReader(url: url) })
}
