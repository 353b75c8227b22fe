/// Entry ids as people type them after `delete`: `42`, `42 43`, or a range `2-9` (both ends
/// included), as `list` shows the ids of a day one after another.
enum EntryIDs {
  /// A range longer than this is a typo (`2-9000` for `2-9`), not a day's entries.
  static let longestRange: Int64 = 1000

  /// Why the words are not ids.
  struct Unreadable: Error {
    var message: String
  }

  /// The ids the words name, in order, each once.
  /// - Throws: ``Unreadable`` for a word that is neither an id nor a range of them.
  static func parse(_ words: [String]) throws(Unreadable) -> [Int64] {
    var ids: [Int64] = []
    for word in words {
      let ends = word.split(separator: "-", omittingEmptySubsequences: false)
      if ends.count == 1, let id = Int64(word), id > 0 {
        ids.append(id)
      } else if ends.count == 2, let first = Int64(ends[0]), let last = Int64(ends[1]),
        first > 0, last >= first
      {
        guard last - first < longestRange else {
          throw Unreadable(
            message: "The range \(word) names \(last - first + 1) entries; at most "
              + "\(longestRange) are removed at once. Check the numbers (see `liquidus list`).")
        }
        ids += Array(first...last)
      } else {
        throw Unreadable(
          message: "'\(word)' is not an entry id: give ids such as 42, or a range such as 2-9 "
            + "(the smaller first), as `liquidus list` shows them.")
      }
    }
    var seen = Set<Int64>()
    return ids.filter { seen.insert($0).inserted }
  }
}
