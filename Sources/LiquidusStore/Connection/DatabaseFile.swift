import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the database lives and how its file is first made.
public enum DatabaseFile {
  /// The database path for this run: `--db`, else `LIQUIDUS_DB`, else
  /// `$XDG_DATA_HOME/liquidus/liquidus.sqlite`, else `~/.local/share/liquidus/liquidus.sqlite`.
  ///
  /// - Parameters:
  ///   - option: the `--db` value, if given.
  ///   - environment: the process environment (passed in, never read here).
  public static func path(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return absolute(option, environment: environment) }
    if let fromEnvironment = environment["LIQUIDUS_DB"], !fromEnvironment.isEmpty {
      return absolute(fromEnvironment, environment: environment)
    }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }
    return dataHome + "/liquidus/liquidus.sqlite"
  }

  /// `path` with `~` expanded and, when relative, resolved against the working directory once,
  /// here: safety copies and automatic backups are placed beside the database by its folder,
  /// and a relative path's folder would be the file system's root.
  private static func absolute(_ path: String, environment: [String: String]) -> String {
    var path = path
    if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] {
      path = home + path.dropFirst()
    }
    guard !path.hasPrefix("/") else { return path }
    return URL(
      fileURLWithPath: path,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ).standardizedFileURL.path
  }

  /// Whether the file system holding `path` has less than a mebibyte left.
  static func isNearlyFull(_ path: String) -> Bool {
    var stats = statvfs()
    let folder = (path as NSString).deletingLastPathComponent
    guard statvfs(folder.isEmpty ? "." : folder, &stats) == 0 else { return false }
    return UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < 1 << 20
  }

  /// Creates the folder (0700) and an empty file (0600) when they do not exist yet.
  ///
  /// Creating the file ourselves, rather than letting SQLite do it under the process umask, is
  /// what keeps a person's history unreadable to other users from the first write.
  static func createIfMissing(at path: String) throws {
    let manager = FileManager.default
    if manager.fileExists(atPath: path) { return }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty && !manager.fileExists(atPath: folder) {
      do {
        try manager.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw StoreError.cannotCreate(path: folder, reason: error.localizedDescription)
      }
    }
    let descriptor = createExclusively(path)
    if descriptor < 0 && errno != EEXIST {
      throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    if descriptor >= 0 { close(descriptor) }
  }
}

/// `open(2)` with O_EXCL, so two processes racing to create the file never truncate each other.
private func createExclusively(_ path: String) -> Int32 {
  open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
}
