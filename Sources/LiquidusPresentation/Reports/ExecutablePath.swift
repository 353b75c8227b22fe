import Foundation

/// Finds a program on a colon-separated search path, as a shell would: the first folder that
/// holds an executable file (not a folder) of that name.
public enum ExecutablePath {
  public static func find(_ name: String, searchPath: String) -> URL? {
    for folder in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder),
        !isFolder.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
      {
        return candidate
      }
    }
    return nil
  }
}
