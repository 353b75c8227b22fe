extension Streaks {
  /// The longest run of `true` in `flags`.
  static func longestRun(_ flags: [Bool]) -> Int {
    var longest = 0
    var run = 0
    for flag in flags {
      run = flag ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest
  }
}
