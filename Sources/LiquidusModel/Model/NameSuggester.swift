import Foundation

/// Finds the known name a mistyped one was probably meant to be.
package enum NameSuggester {
  /// The name closest to `typed` by edit distance (ignoring case), if it is close enough to be a
  /// plausible typo: at most a third of the longer name's letters differ.
  package static func nearest(to typed: String, in names: [String]) -> String? {
    let key = typed.lowercased()
    let scored = names.map { ($0, distance(Array(key), Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let allowed = max(1, max(key.count, best.0.count) / 3)
    if best.0.lowercased().hasPrefix(key) && !key.isEmpty { return best.0 }
    return best.1 <= allowed ? best.0 : nil
  }

  /// Edit distance between two character arrays, where swapping two neighbours counts as one
  /// edit (`lgo` is one slip from `log`, not two): the optimal string alignment distance.
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    var rows = [Array(0...b.count)]
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(
          rows[i][j + 1] + 1, current[j] + 1, rows[i][j] + (left == right ? 0 : 1))
        if i > 0, j > 0, left == b[j - 1], a[i - 1] == right {
          current[j + 1] = min(current[j + 1], rows[i - 1][j - 1] + 1)
        }
      }
      rows.append(current)
    }
    return rows[a.count][b.count]
  }
}
