#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file with plain POSIX `read(2)` straight into the caller's buffer: no `Data`
/// per chunk and no extra copy, which matters at hundreds of megabytes.
final class FileByteSource: ByteSource {
  let path: String
  private(set) var bytesRead: Int64 = 0
  let totalBytes: Int64?
  private let fd: Int32

  init(path: String) throws(ImportError) {
    self.path = path
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    var info = stat()
    if fstat(fd, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR {
        close(fd)
        throw .unreadableFile(path: path, reason: "it is a directory")
      }
      totalBytes = Int64(info.st_size)
    } else {
      totalBytes = nil
    }
    self.fd = fd
  }

  deinit { close(fd) }

  func read(into destination: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
    while true {
      let n = systemRead(fd, destination, count)
      if n >= 0 {
        bytesRead += Int64(n)
        return n
      }
      if errno == EINTR { continue }
      throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
  }
}

/// `read(2)`, named apart from the method above that shadows it.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
  #else
    Darwin.read(fd, buffer, count)
  #endif
}
