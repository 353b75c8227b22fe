import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An import source that can be read only once: `-` (standard input), a pipe, or a FIFO.
///
/// Detection reads the first bytes of a file and the reader then reads it from the start, and
/// a zip is read from its end; a stream allows neither. So its bytes are copied, a megabyte at a
/// time (memory stays flat), into a private temporary file (0600, removed afterwards), and the
/// import reads that. The report still names the stream as given.
struct SpooledInput {
  /// The file to read: the spooled copy, or the given path when it is a regular file.
  let url: URL
  private let temporary: URL?
  /// The spool's registration for removal on Ctrl-C and SIGTERM (``TemporaryCopies``).
  private let registration: UUID?

  /// The path that stands for standard input.
  static let standardInput = "-"

  /// Spools `path` when it is a stream; otherwise reads it in place.
  init(path: String) throws(ImportError) {
    guard path == Self.standardInput || Self.isStream(path) else {
      url = URL(fileURLWithPath: path)
      temporary = nil
      registration = nil
      return
    }
    let folder = FileManager.default.temporaryDirectory
    let copy = folder.appendingPathComponent("liquidus-import-\(UUID().uuidString)")
    let source = path == Self.standardInput ? STDIN_FILENO : open(path, O_RDONLY)
    guard source >= 0 else {
      throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    defer { if source != STDIN_FILENO { close(source) } }
    // Registered before it exists: a signal during the (possibly endless) copy removes it.
    let key = TemporaryCopies.register(copy)
    let target = open(copy.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard target >= 0 else {
      TemporaryCopies.forget(key)
      throw .unreadableFile(
        path: path, reason: "cannot spool it to \(copy.path): \(String(cString: strerror(errno)))")
    }
    defer { close(target) }
    do {
      try Self.copy(from: source, to: target, path: path)
    } catch {
      try? FileManager.default.removeItem(at: copy)
      TemporaryCopies.forget(key)
      throw error
    }
    url = copy
    temporary = copy
    registration = key
  }

  /// Removes the spooled copy, if there is one.
  func remove() {
    if let temporary { try? FileManager.default.removeItem(at: temporary) }
    if let registration { TemporaryCopies.forget(registration) }
  }

  /// Whether `path` is something other than a regular file (a FIFO, a character device such
  /// as `/dev/stdin` on a pipe) that a second open would not read from the start.
  private static func isStream(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) != S_IFREG
  }

  private static func copy(from source: Int32, to target: Int32, path: String) throws(ImportError) {
    let size = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let read = Glibc.read(source, buffer, size)
      if read == 0 { return }
      if read < 0 {
        if errno == EINTR { continue }
        throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
      }
      var written = 0
      while written < read {
        let n = write(target, buffer + written, read - written)
        if n < 0 {
          if errno == EINTR { continue }
          throw .unreadableFile(
            path: path, reason: "cannot spool it: \(String(cString: strerror(errno)))")
        }
        written += n
      }
    }
  }
}
