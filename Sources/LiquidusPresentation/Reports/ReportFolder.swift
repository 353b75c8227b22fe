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
    return try files.map { file throws(ReportError) in try write(file) }
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

  private func write(_ file: ReportFile) throws(ReportError) -> URL {
    let target = url.appendingPathComponent(file.name)
    let temporary = url.appendingPathComponent(".\(file.name).\(UUID().uuidString).tmp")
    // O_EXCL with mode 0600: the bytes are never readable by others, not even for a moment.
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
    }
    var failure: String?
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    do {
      try handle.write(contentsOf: file.contents)
      try handle.close()
    } catch {
      failure = error.localizedDescription
      close(descriptor)
    }
    if failure == nil && rename(temporary.path, target.path) != 0 {
      failure = String(cString: strerror(errno))
    }
    if let failure {
      unlink(temporary.path)
      throw .cannotWrite(path: target.path, reason: failure)
    }
    return target
  }
}
