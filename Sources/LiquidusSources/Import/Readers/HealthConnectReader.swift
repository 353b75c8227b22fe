import Foundation
import LiquidusModel
import LiquidusStore

/// Reads Android Health Connect's export: the zip that Health Connect writes (Settings >
/// Health Connect > Export data), which holds one SQLite database, `health_connect_export.db`,
/// or that database itself.
///
/// SQLite cannot read a database inside a zip, so the member is copied into a private
/// temporary folder first (``ExtractedZipMember``) and removed when reading ends. A database
/// given with a `-wal` file beside it (copied while Health Connect had it open) is copied with
/// that file and the two folded into one (``HealthConnectFile/foldWAL(intoCopyAt:)``), since
/// the `immutable` open that never writes beside the person's files would ignore its commits. The rows come
/// from the store's ``HealthConnectFile`` (the only layer that writes SQL):
///
/// - each `hydration_record_table` row is a Water drink: `volume` in litres, at `start_time`
///   (milliseconds since 1970, UTC; `start_zone_offset` only says where the phone was);
/// - each `nutrition_record_table` row with `caffeine` (grams) is a caffeine record;
/// - each `exercise_session_record_table` row is a workout (``sessionEvent(for:)``);
/// - the writing app's package name (`application_info_table.package_name`, through
///   `app_info_id`) is the entry's source.
///
/// A rejected row's "line" is its `row_id`, and the reason names its table.
final class HealthConnectReader: RecordReader {
  let format = ImportFormat.healthConnect
  /// The database's name inside the export zip.
  static let memberName = BundleFileNames.healthConnectDatabase
  /// Estimated from the rows read, in the file's bytes, for the progress bar.
  private(set) var bytesRead: Int64 = 0
  let totalBytes: Int64?
  private let file: HealthConnectFile
  /// The database copied out of a zip, or with its `-wal` into a folder of its own (nil for a
  /// `.db` read where it lies).
  let copy: PrivateCopy?
  private let path: String
  private var rowsRead: Int64 = 0

  /// Opens the export zip or the database at `url`.
  init(url: URL) throws(ImportError) {
    path = url.path
    var database = url
    if try ImportFormatDetector.isZip(url: url) {
      let archive = try ZipArchive(url: url)
      guard let member = Self.databaseMember(in: archive) else {
        let entries = archive.members.map(\.name)
        throw .unreadableExport(
          path: path, format: .healthConnect,
          reason: "the zip holds no \(Self.memberName) (found: "
            + "\(entries.prefix(5).joined(separator: ", "))\(entries.count > 5 ? ", ..." : ""))")
      }
      let extracted = try ExtractedZipMember(archiveURL: url, entryPath: member.name)
      copy = .zipMember(extracted)
      database = extracted.url
    } else if let withWAL = try Self.copyWithItsWAL(url) {
      copy = .withWAL(withWAL.folder)
      database = withWAL.database
    } else {
      copy = nil
    }
    do {
      file = try HealthConnectFile(path: database.path)
    } catch {
      copy?.remove()
      throw .unreadableExport(path: url.path, format: .healthConnect, reason: error.reason)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: database.path)[.size])
    totalBytes = (size as? NSNumber)?.int64Value
    // SQLite holds the file open now, and on Linux an open file stays readable once unlinked:
    // removed at once, the private copy of a person's health data cannot be left behind by a
    // Ctrl-C or a kill during the import.
    copy?.remove()
  }

  deinit { copy?.remove() }

  /// A private copy, removed as soon as SQLite has it open.
  enum PrivateCopy {
    case zipMember(ExtractedZipMember)
    case withWAL(PrivateFolder)

    /// The database copied.
    var url: URL {
      switch self {
      case .zipMember(let member): member.url
      case .withWAL(let folder): folder.url.appendingPathComponent(memberName)
      }
    }

    func remove() {
      switch self {
      case .zipMember(let member): member.remove()
      case .withWAL(let folder): folder.remove()
      }
    }
  }

  /// A database with commits in a `-wal` file beside it (copied off a phone while Health
  /// Connect had it open), copied with that file into a private folder and folded into one
  /// file there; nil when there is no such `-wal`. The files given are never written.
  private static func copyWithItsWAL(_ url: URL) throws(ImportError)
    -> (folder: PrivateFolder, database: URL)?
  {
    let wal = url.path + "-wal"
    let size =
      (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? NSNumber)?
      .int64Value ?? 0
    guard size > 0 else { return nil }
    let folder = try PrivateFolder(for: url.path)
    let database = try folder.newFile(named: memberName, for: url.path)
    let copiedWAL = try folder.newFile(named: memberName + "-wal", for: url.path)
    do {
      for (source, target) in [(url.path, database), (wal, copiedWAL)] {
        // Mapped, not read: an export's database may be larger than memory wants.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source), options: .alwaysMapped)
        try bytes.write(to: target)
      }
      try HealthConnectFile.foldWAL(intoCopyAt: database.path)
    } catch let error as HealthConnectFile.OpenError {
      folder.remove()
      throw .unreadableExport(path: url.path, format: .healthConnect, reason: error.reason)
    } catch {
      folder.remove()
      throw .unreadableFile(
        path: url.path, reason: "cannot copy it with its -wal file: \(error.localizedDescription)")
    }
    return (folder, database)
  }

  /// The database member of a zip: by its name, in any folder.
  static func databaseMember(in archive: ZipArchive) -> ZipArchive.Member? {
    archive.members.first { member in
      member.isFile && (member.name == memberName || member.name.hasSuffix("/" + memberName))
    }
  }

  func next() throws(ImportError) -> ReaderEvent? {
    let row: HealthConnectFile.Row?
    do {
      row = try file.next()
    } catch {
      finish()
      throw .unreadableExport(path: path, format: .healthConnect, reason: error.reason)
    }
    guard let row else {
      finish()
      return nil
    }
    rowsRead += 1
    if let totalBytes, file.rowCount > 0 { bytesRead = totalBytes * rowsRead / file.rowCount }
    return event(for: row)
  }

  /// Ends every rejection's reason. Health Connect itself never stores such rows; the app that
  /// wrote one is the place to correct it, so the reason says so.
  static let advice = "; correct the record in the app that wrote it and export again"

  private func event(for row: HealthConnectFile.Row) -> ReaderEvent {
    if row.table == .exercise { return Self.sessionEvent(for: row) }
    let table = row.table == .hydration ? "hydration_record_table" : "nutrition_record_table"
    let column = row.table == .hydration ? "volume (litres)" : "caffeine (grams)"
    let line = Int(clamping: row.rowID)
    let advice = Self.advice
    guard let milliseconds = row.startMilliseconds else {
      return .rejected(
        line: line,
        reason: "\(table) row \(row.rowID) has no start_time (epoch milliseconds)" + advice)
    }
    guard let amount = row.amount, amount.isFinite, amount >= 0 else {
      return .rejected(
        line: line,
        reason: "\(table) row \(row.rowID): \(column) is "
          + (row.amount.map { "\($0), not a quantity" } ?? "empty") + advice)
    }
    let content: ImportedRecord.Content =
      row.table == .hydration
      ? .drink(typeName: "Water", milliliters: amount * 1000)
      : .caffeine(milligrams: amount * 1000)
    return .record(
      ImportedRecord(
        content: content, instant: Date(timeIntervalSince1970: Double(milliseconds) / 1000),
        sourceName: row.app,
        note: nil, line: line))
  }

  /// Closes the database and removes the temporary copy as soon as the rows are read.
  private func finish() {
    file.close()
    copy?.remove()
    bytesRead = totalBytes ?? 0
  }
}
