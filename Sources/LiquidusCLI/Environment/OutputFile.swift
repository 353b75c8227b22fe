import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `export` writes: standard output, or a new file only its owner can read.
struct OutputFile {
  private let handle: FileHandle?
  private let path: String?

  static var standardOutput: OutputFile { OutputFile(handle: nil, path: nil) }

  /// Creates (or truncates) `path` with mode 0600: an export is a person's health history.
  /// - Parameter followingSymlink: write through a symbolic link at `path` (`--follow-symlink`);
  ///   by default a link there is refused, since one planted by someone else would make the
  ///   export overwrite whatever file it points at.
  static func create(_ path: String, followingSymlink: Bool = false) throws -> OutputFile {
    let flags = O_WRONLY | O_CREAT | O_TRUNC | (followingSymlink ? 0 : O_NOFOLLOW)
    let descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else {
      if errno == ELOOP { throw OutputError.symbolicLink(path: path) }
      throw OutputError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    // An existing file keeps its old mode through O_TRUNC; tighten it as well.
    _ = fchmod(descriptor, 0o600)
    return OutputFile(
      handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), path: path)
  }

  func write(_ text: String) throws {
    do {
      if let handle {
        try handle.write(contentsOf: Data(text.utf8))
      } else {
        try CommandEnvironment.current.output.write(text)
      }
    } catch {
      throw OutputError.cannotWrite(path: path ?? "standard output", reason: "\(error)")
    }
  }

  func close() throws {
    try handle?.close()
  }
}

/// The export's output could not be written.
enum OutputError: CommandLineFailure {
  case cannotCreate(path: String, reason: String)
  case cannotWrite(path: String, reason: String)
  case symbolicLink(path: String)

  var exitStatus: ExitStatus { .failure }
  var message: String {
    switch self {
    case .cannotCreate(let path, let reason):
      "Cannot create \(path): \(reason.withoutFinalPeriod). Check the folder exists and is writable."
    case .symbolicLink(let path):
      "\(path) is a symbolic link; Liquidus does not write through one unless asked. Remove the "
        + "link, choose another file, or add --follow-symlink if you made it."
    case .cannotWrite(let path, let reason):
      "Cannot write to \(path): \(reason.withoutFinalPeriod). Check free space; the export is incomplete."
    }
  }
}

/// An output opened at its first write: a command refused before it has anything to write
/// (a range that is no range) leaves a file already at `--out` as it was.
///
/// A reference, since the use cases' writers are `@Sendable` closures; they are called on the
/// command's own thread only.
final class DeferredOutput: @unchecked Sendable {
  private let open: () throws -> OutputFile
  private var file: OutputFile?

  init(_ open: @escaping () throws -> OutputFile) {
    self.open = open
  }

  func write(_ text: String) throws {
    if file == nil { file = try open() }
    try file?.write(text)
  }

  func close() throws {
    try file?.close()
  }
}
