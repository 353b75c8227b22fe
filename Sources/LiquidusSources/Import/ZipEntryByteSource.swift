import Foundation
import ZIPFoundation

/// Streams `apple_health_export/export.xml` out of an `export.zip` without unpacking it.
///
/// ZIPFoundation finds the entry through the zip's central directory and inflates it; the
/// inflating runs on a helper thread that feeds a small ``ChunkQueue``, so memory stays at a
/// few MiB and inflating overlaps with parsing. Nothing is sized from the sizes the zip
/// declares: the data ends where the deflate stream really ends, and the CRC32 is checked.
final class ZipEntryByteSource: ByteSource {
  /// The entry the Health app writes; other locations are accepted as a fallback.
  static let exportEntryPath = "apple_health_export/export.xml"

  let path: String
  private(set) var bytesRead: Int64 = 0
  /// Uncompressed bytes, as declared by the zip: only ever used to draw progress.
  let totalBytes: Int64?
  private let queue = ChunkQueue<Data>(capacity: 8)
  private var current = Data()
  private var offset = 0

  init(url: URL) throws(ImportError) {
    path = url.path
    let archive = try Self.openArchive(url: url)
    let entries = archive.map(\.path)
    guard let entry = Self.exportEntry(in: archive) else {
      throw .missingExportXML(path: path, entries: entries)
    }
    try ZipLayoutCheck.verify(archive, url: url)
    totalBytes = Int64(clamping: entry.uncompressedSize)
    let job = ExtractionJob(archive: archive, entry: entry, path: path, queue: queue)
    let thread = Thread { job.run() }
    thread.name = "liquidus.unzip"
    thread.start()
  }

  deinit { queue.cancel() }

  func read(into destination: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
    while offset == current.count {
      guard let chunk = try queue.take() else { return 0 }
      current = chunk
      offset = 0
    }
    let n = min(count, current.count - offset)
    current.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress { destination.copyMemory(from: base + offset, byteCount: n) }
    }
    offset += n
    bytesRead += Int64(n)
    return n
  }

  /// Opens the zip at `url`, telling a truncated zip from a file that is no zip at all.
  static func openArchive(url: URL) throws(ImportError) -> Archive {
    let path = url.path
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .unreadableFile(path: path, reason: "no such readable file")
    }
    do {
      return try Archive(url: url, accessMode: .read)
    } catch {
      // A zip that starts like one but has no directory at its end was cut short.
      let head = (try? FileHandle(forReadingFrom: url).read(upToCount: 4)) ?? Data()
      if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
        throw .corruptZip(path: path, reason: "no zip directory at the end: the file is truncated")
      }
      throw .notAZip(path: path)
    }
  }

  /// The Apple Health export's XML member, if the zip holds one.
  static func exportEntry(in archive: Archive) -> Entry? {
    if let entry = archive[exportEntryPath], entry.type == .file { return entry }
    // Some tools re-zip the export with another folder name; export_cda.xml is not it.
    if let entry = archive.first(where: { entry in
      entry.type == .file && (entry.path == "export.xml" || entry.path.hasSuffix("/export.xml"))
    }) {
      return entry
    }
    // A phone set to another language names the file in it (导出.xml in Chinese, 輸出.xml in
    // Taiwan), and a zip without the UTF-8 flag garbles the name besides: the export is the
    // XML member whose document is HealthData. The clinical records and workout routes beside
    // it are XML too, so each candidate's beginning is read to tell.
    let candidates = archive.filter { entry in
      let path = entry.path.lowercased()
      return entry.type == .file && path.hasSuffix(".xml") && !path.hasSuffix("export_cda.xml")
        && !path.contains("workout-routes/") && !path.contains("electrocardiograms/")
    }
    return candidates.first { startsHealthData(archive, $0) }
  }

  /// Whether `entry`'s first 64 KiB name HealthData as the document's root or its DTD.
  private static func startsHealthData(_ archive: Archive, _ entry: Entry) -> Bool {
    struct Enough: Error {}
    var head = Data()
    do {
      _ = try archive.extract(entry, bufferSize: 16 * 1024, skipCRC32: true) { chunk in
        head.append(chunk)
        if head.count >= 64 * 1024 { throw Enough() }
      }
    } catch is Enough {
    } catch {
      return false
    }
    let text = String(decoding: head.prefix(64 * 1024), as: UTF8.self)
    return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
  }
}

/// The work of the helper thread, boxed so that it can cross into the thread's closure.
///
/// `Archive` and `Entry` are not `Sendable`; after `init` hands them over, only the helper
/// thread touches them, which is why the box is `@unchecked Sendable`.
private final class ExtractionJob: @unchecked Sendable {
  private let archive: Archive
  private let entry: Entry
  private let path: String
  private let queue: ChunkQueue<Data>

  init(archive: Archive, entry: Entry, path: String, queue: ChunkQueue<Data>) {
    self.archive = archive
    self.entry = entry
    self.path = path
    self.queue = queue
  }

  func run() {
    let queue = self.queue
    do {
      // ZIPFoundation's own CRC is skipped for ZipChecksum's faster one (see there).
      var crc: UInt32 = 0
      _ = try archive.extract(entry, bufferSize: 1 << 20, skipCRC32: true) { data in
        crc = data.withUnsafeBytes { ZipChecksum.update(crc, $0) }
        try queue.put(data)
      }
      if crc != entry.checksum {
        let reason =
          "CRC32 mismatch: the zip says \(hex(entry.checksum)), the data gives \(hex(crc))"
        queue.finish(.corruptZip(path: path, reason: reason))
      } else {
        queue.finish(nil)
      }
    } catch is ChunkQueueCancelled {
      queue.finish(nil)
    } catch {
      queue.finish(.corruptZip(path: path, reason: "cannot inflate the export: \(error)"))
    }
  }

  private func hex(_ value: UInt32) -> String { String(value, radix: 16) }
}
