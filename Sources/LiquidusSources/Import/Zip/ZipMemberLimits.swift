import Foundation

/// How large a member copied out of a zip may be: what its header declares, at most
/// ``largestRatio`` times its packed size once it is past ``ratioFreeSize``, and what the
/// temporary folder has room for. A 290 KB zip once unpacked to fill a 50 MB `/tmp`; a member
/// that breaks a limit is refused before a byte is written, and the message names the limit,
/// not a damaged export.
struct ZipMemberLimits {
  /// Real exports (SQLite pages, JSON, CSV) pack at most some 20:1; deflate reaches 1032:1.
  static let largestRatio: UInt64 = 100
  /// Small members are copied whatever their ratio: a few megabytes of zeros harm nobody.
  static let ratioFreeSize: UInt64 = 16 << 20

  /// The zip, as the report names it.
  let archive: String
  /// The member's path in the zip.
  let member: String

  /// Refuses the member of `record` when its declared size breaks a limit.
  func check(_ record: ZipDirectoryRecord) throws(ImportError) {
    let unpacked = record.uncompressedSize
    let packed = max(record.compressedSize, 1)
    if unpacked > Self.ratioFreeSize && unpacked / packed > Self.largestRatio {
      throw refusal(
        "would unpack to \(Self.size(unpacked)) from \(Self.size(packed)) "
          + "(\(unpacked / packed) times its packed size; real exports stay under "
          + "\(Self.largestRatio)), so it looks made to fill the disk. It was not unpacked")
    }
    let temporary = FileManager.default.temporaryDirectory
    if let free = Self.freeBytes(temporary.path), unpacked > free {
      throw refusal(
        "would unpack to \(Self.size(unpacked)), more than the \(Self.size(free)) free in "
          + "\(temporary.path). Set TMPDIR to a folder with more room")
    }
  }

  /// Stops a copy that has grown past the size the member's header declares.
  func checkWritten(_ written: UInt64, declared: UInt64) throws(ImportError) {
    guard written > declared else { return }
    throw refusal(
      "holds more than the \(Self.size(declared)) its zip header declares, so the zip is "
        + "damaged or made to mislead. It was not unpacked")
  }

  /// What a failure to write the copy was: a temporary folder without room (a full disk, a
  /// quota, a file-size limit) is said as such, not as a damaged zip.
  func failure(writing error: any Error, in folder: URL) -> ImportError {
    if Self.isOutOfRoom(error) || (Self.freeBytes(folder.path) ?? 1) == 0 {
      return refusal(
        "could not be unpacked: \(folder.path) has no room for it. Set TMPDIR to a folder with"
          + " more room")
    }
    return .corruptZip(path: archive, reason: "cannot copy out \(member): \(error)")
  }

  /// Whether `error`, or the system error under it, says a file could not grow.
  private static func isOutOfRoom(_ error: any Error) -> Bool {
    let full = [ENOSPC, EDQUOT, EFBIG]
    var current: NSError? = error as NSError
    while let nsError = current {
      if nsError.domain == NSPOSIXErrorDomain && full.contains(Int32(nsError.code)) { return true }
      if nsError.domain == NSCocoaErrorDomain
        && nsError.code == CocoaError.fileWriteOutOfSpace.rawValue
      {
        return true
      }
      current = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return false
  }

  private func refusal(_ reason: String) -> ImportError {
    .zipMemberRefused(path: archive, member: member, reason: reason)
  }

  /// Bytes an unprivileged user may still write in the file system holding `path`.
  static func freeBytes(_ path: String) -> UInt64? {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return nil }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize)
  }

  /// `64 MiB`, `290 KiB`, `12 bytes`.
  static func size(_ bytes: UInt64) -> String {
    if bytes >= 1 << 30 { return String(format: "%.1f GiB", Double(bytes) / Double(1 << 30)) }
    if bytes >= 1 << 20 { return "\((bytes + (1 << 19)) >> 20) MiB" }
    if bytes >= 1 << 10 { return "\((bytes + (1 << 9)) >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
