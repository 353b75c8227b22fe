import Foundation

/// Finds the known name a mistyped one was probably meant to be.
enum NameSuggester {
  /// The name closest to `typed` by edit distance (ignoring case), if it is close enough to be a
  /// plausible typo: at most a third of the longer name's letters differ.
  static func nearest(to typed: String, in names: [String]) -> String? {
    let key = typed.lowercased()
    let scored = names.map { ($0, distance(Array(key), Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let allowed = max(1, max(key.count, best.0.count) / 3)
    if best.0.lowercased().hasPrefix(key) && !key.isEmpty { return best.0 }
    return best.1 <= allowed ? best.0 : nil
  }

  /// Levenshtein distance between two character arrays.
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
