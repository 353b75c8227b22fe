import Foundation
import SystemZlib

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One zip member's data, read straight from the file and inflated by zlib into chunks the
/// caller lends, with the CRC-32 of what came out.
///
/// ZIPFoundation's extraction allocated a zero-filled `Data` for every chunk it inflated, and
/// on Linux it computes the CRC in Swift a byte at a time (its zlib module is not named what it
/// looks for), which is why ``ZipChecksum`` was written; even that slicing-by-8 CRC was 40 % of
/// the inflating thread. zlib's own `crc32` is several times faster.
///
/// The data ends where the deflate stream ends (or, for a stored member, after the size the
/// central directory gives it). The compressed bytes read never pass the central directory,
/// before which every member's data lies, so a stream cut short fails instead of reading on.
final class ZipMemberInflater {
  private let path: String
  private let descriptor: Int32
  private let stored: Bool
  /// The next byte of the member's data in the file, and the first byte it cannot reach.
  private var position: UInt64
  private let limit: UInt64
  /// A stored member's bytes not yet copied.
  private var storedLeft: UInt64
  /// zlib keeps a pointer to its stream, so the stream must not move: it lives on the heap.
  private let stream: UnsafeMutablePointer<z_stream>
  private let input: UnsafeMutableRawPointer
  private let inputCapacity = 256 * 1024
  private var ended = false
  /// The CRC-32 of every byte filled in so far.
  private(set) var crc: UInt32 = 0

  /// Opens the data of `record`, whose local header is `header`, in the zip at `url` whose
  /// central directory starts at `directoryOffset`.
  ///
  /// - Throws: ``ImportError/unreadableFile(path:reason:)``,
  ///   ``ImportError/corruptZip(path:reason:)``.
  init(
    url: URL, record: ZipDirectoryRecord, header: ZipLocalHeader, directoryOffset: UInt64
  ) throws(ImportError) {
    path = url.path
    stored = header.method == .stored
    let (start, overflow) = record.localHeaderOffset.addingReportingOverflow(
      UInt64(header.length))
    guard !overflow, start <= directoryOffset else {
      throw .corruptZip(path: path, reason: "the export's data would start past the zip directory")
    }
    // Everything that can fail happens before the properties are set, so that a failure
    // releases what it took here and `deinit` never sees a half-made inflater.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // Raw deflate (negative window bits): a zip member has no zlib header.
    guard
      stored
        || inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
          == Z_OK
    else {
      stream.deallocate()
      close(descriptor)
      throw .corruptZip(path: path, reason: "cannot start inflating the export")
    }
    self.descriptor = descriptor
    self.stream = stream
    position = start
    limit = directoryOffset
    storedLeft = stored ? record.uncompressedSize : 0
    input = .allocate(byteCount: inputCapacity, alignment: 16)
  }

  deinit {
    if !stored { inflateEnd(stream) }
    close(descriptor)
    stream.deallocate()
    input.deallocate()
  }

  /// Fills `chunk` from its start, as far as it holds or the data goes, and adds what it
  /// holds to ``crc``. A chunk left empty means the data has ended.
  ///
  /// - Throws: ``ImportError/corruptZip(path:reason:)`` when the data is not deflate or ends
  ///   before its stream does, ``ImportError/unreadableFile(path:reason:)`` when the file
  ///   cannot be read.
  func fill(_ chunk: InflatedChunk) throws(ImportError) {
    chunk.count = 0
    while chunk.count < chunk.capacity && !ended {
      if stored {
        try copyStored(into: chunk)
      } else {
        try inflate(into: chunk)
      }
    }
    let bytes = chunk.bytes.assumingMemoryBound(to: Bytef.self)
    crc = UInt32(truncatingIfNeeded: crc32(uLong(crc), bytes, uInt(chunk.count)))
  }

  private func inflate(into chunk: InflatedChunk) throws(ImportError) {
    if stream.pointee.avail_in == 0 { try readInput() }
    stream.pointee.next_out = (chunk.bytes + chunk.count).assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = uInt(chunk.capacity - chunk.count)
    let result = SystemZlib.inflate(stream, Z_NO_FLUSH)
    chunk.count = chunk.capacity - Int(stream.pointee.avail_out)
    switch result {
    case Z_STREAM_END:
      ended = true
    case Z_OK:
      break
    default:
      // The words ZIPFoundation's error gave, which messages and tests know.
      throw .corruptZip(path: path, reason: "cannot inflate the export: corruptedData")
    }
  }

  /// The next compressed bytes into `input`, never past the central directory.
  private func readInput() throws(ImportError) {
    let want = Int(min(UInt64(inputCapacity), limit - position))
    guard want > 0 else {
      throw .corruptZip(
        path: path,
        reason: "the export's data reaches the zip directory before its deflate stream ends")
    }
    let n = try read(into: input, count: want)
    stream.pointee.next_in = input.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_in = uInt(n)
  }

  private func copyStored(into chunk: InflatedChunk) throws(ImportError) {
    let want = Int(min(storedLeft, UInt64(chunk.capacity - chunk.count)))
    guard want > 0 else {
      ended = true
      return
    }
    guard position + UInt64(want) <= limit else {
      throw .corruptZip(
        path: path, reason: "the export's stored data runs into the zip directory")
    }
    let n = try read(into: chunk.bytes + chunk.count, count: want)
    chunk.count += n
    storedLeft -= UInt64(n)
  }

  /// Reads at `position` and moves past what was read; never returns 0.
  private func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
    while true {
      let n = pread(descriptor, buffer, count, off_t(position))
      if n > 0 {
        position += UInt64(n)
        return n
      }
      if n < 0 && errno == EINTR { continue }
      if n < 0 {
        throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
      }
      throw .corruptZip(path: path, reason: "the file ends inside the export's data")
    }
  }
}
