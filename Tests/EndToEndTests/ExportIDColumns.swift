/// A CSV export without its last three columns (`uid,modified_at,import_key`): for tests that
/// pin the other columns, since a typed entry's id is random.
enum ExportIDColumns {
  /// The records of a CSV export (each ends with its id), in order of their text: the same
  /// entries whatever order two at the same time were written in.
  static func records(_ csv: String) -> [String] {
    // A record starts on a line that starts with its date; a note's line break is inside one.
    csv.replacing(/\n(?=\d{4}-\d\d-\d\dT)/, with: "\u{0}").split(separator: "\u{0}")
      .map { String($0).replacing(/\n$/, with: "") }.sorted()
  }

  static func stripped(_ csv: String) -> String {
    csv.replacing(",uid,modified_at,import_key\n", with: "\n")
      .replacing(/,[0-9a-f-]{36},[^,\n]*,(?:"(?:[^"]|"")*"|[^,\n]*)\n/, with: "\n")
  }
}
