import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder reports are written into, one complete file at a time.
///
/// Each file is written under a hidden temporary name in the same folder and renamed when
/// complete, so a reader (or a crash) never sees half a chart. Files are private (0600) and a
/// folder Liquidus creates is too (0700): intake data is health data.
public struct ReportFolder: Sendable {
  /// The folder.
  public var url: URL

  /// A folder at `url`; nothing is created until ``write(_:)``.
  public init(url: URL) {
    self.url = url
  }

  /// Writes `files`, creating the folder if needed, and returns their paths in order.
  /// - Throws: ``ReportError/cannotWrite(path:reason:)``.
  @discardableResult
  public func write(_ files: [ReportFile]) throws(ReportError) -> [URL] {
    try makeFolder()
    // All or nothing: every file is written in full to a temporary first (a full disk fails
    // here), each target is checked, and only then are they renamed into place, so a failure
    // never leaves part of a report, or half of one file, behind.
    var temporaries: [URL] = []
    do throws(ReportError) {
      for file in files { temporaries.append(try writeTemporary(file)) }
      for file in files {
        var isFolder: ObjCBool = false
        let target = url.appendingPathComponent(file.name)
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder),
          isFolder.boolValue
        {
          throw .cannotWrite(path: target.path, reason: "a folder is in the way")
        }
      }
    } catch {
      for temporary in temporaries { unlink(temporary.path) }
      throw error
    }
    var written: [URL] = []
    for (file, temporary) in zip(files, temporaries) {
      let target = url.appendingPathComponent(file.name)
      guard rename(temporary.path, target.path) == 0 else {
        let reason = String(cString: strerror(errno))
        for leftover in temporaries.dropFirst(written.count) { unlink(leftover.path) }
        throw .cannotWrite(path: target.path, reason: reason)
      }
      written.append(target)
    }
    return written
  }

  private func makeFolder() throws(ReportError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw .cannotWrite(path: url.path, reason: "it is a file, not a folder")
      }
      return
    }
    // Every folder this creates is 0700, parents included: reports say how much someone drinks
    // and when, which is nobody else's business on a shared machine.
    var missing: [URL] = []
    var folder = url.standardizedFileURL
    while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
      missing.append(folder)
      folder = folder.deletingLastPathComponent()
    }
    for folder in missing.reversed() where mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
      throw .cannotWrite(path: folder.path, reason: String(cString: strerror(errno)))
    }
  }

  /// Writes `file` to a temporary file beside its target (0600, never readable by others).
  /// - Returns: the temporary file; the caller renames it into place.
  private func writeTemporary(_ file: ReportFile) throws(ReportError) -> URL {
    let target = url.appendingPathComponent(file.name)
    let temporary = url.appendingPathComponent(".\(file.name).\(UUID().uuidString).tmp")
    // O_EXCL with mode 0600: the bytes are never readable by others, not even for a moment.
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    do {
      try handle.write(contentsOf: file.contents)
      try handle.close()
    } catch {
      close(descriptor)
      unlink(temporary.path)
      throw .cannotWrite(path: target.path, reason: error.localizedDescription)
    }
    return temporary
  }
}
