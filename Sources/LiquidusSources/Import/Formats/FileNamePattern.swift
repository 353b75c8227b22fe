/// A name an app gives the files it exports, compared in lower case: `servings.csv`, or
/// `hydrationlogfile*.json`.
///
/// Names, not content, are what find an export among the hundreds of other files of a folder or
/// zip (``ExportBundle``): half the files of a Takeout archive would pass for a plain csv.
struct FileNamePattern: Sendable {
  /// The start of the name, or all of it when ``isExact``; lower case.
  let prefix: String
  /// The end of the name; lower case.
  let suffix: String
  /// Whether the name must be exactly ``prefix``.
  let isExact: Bool

  /// Exactly the name `name` (any case).
  static func named(_ name: String) -> FileNamePattern {
    FileNamePattern(prefix: name.lowercased(), suffix: "", isExact: true)
  }

  /// Any name that starts with `prefix` and ends with `suffix` (any case).
  static func starting(_ prefix: String, ending suffix: String) -> FileNamePattern {
    FileNamePattern(prefix: prefix.lowercased(), suffix: suffix.lowercased(), isExact: false)
  }

  /// Whether `lowercasedName` (a file's last path component, in lower case) is such a name.
  func matches(_ lowercasedName: String) -> Bool {
    isExact
      ? lowercasedName == prefix
      : lowercasedName.hasPrefix(prefix) && lowercasedName.hasSuffix(suffix)
  }
}
