/// Folds ArgumentParser's one-line usage to fit 80 columns.
///
/// ArgumentParser wraps every paragraph of help at the terminal width except the usage line,
/// which for `import` or `report` runs to 140 characters and breaks mid-option in an
/// 80-column terminal. Folding the generated line, rather than writing usages by hand, keeps it
/// true to the options whatever changes.
enum UsageLine {
  static let width = 80

  /// `message` with each `USAGE:`/`Usage:` line longer than ``width`` folded between options,
  /// its continuation lines aligned under the first argument.
  static func folded(_ message: String) -> String {
    message.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.count > width, line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: ") else {
        return String(line)
      }
      return fold(String(line))
    }.joined(separator: "\n")
  }

  /// Greedy filling by whole options: `[--type <type> ...]` is never split.
  private static func fold(_ line: String) -> String {
    let units = optionUnits(line)
    // The label and the command's names: up to the first option or argument.
    let head = units.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }
    guard head.count < units.count else { return line }
    let indent = String(repeating: " ", count: head.joined(separator: " ").count + 1)
    var lines: [String] = []
    var current = head.joined(separator: " ")
    for unit in units.dropFirst(head.count) {
      if current.count + 1 + unit.count > width, current.count > indent.count {
        lines.append(current)
        current = indent + unit
      } else {
        current += " " + unit
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }

  /// The line split at spaces outside brackets, with a trailing `...` kept on its option.
  private static func optionUnits(_ line: String) -> [String] {
    var units: [String] = []
    var current = ""
    var depth = 0
    for character in line {
      if character == "[" || character == "<" { depth += 1 }
      if character == "]" || character == ">" { depth -= 1 }
      if character == " " && depth == 0 {
        if !current.isEmpty { units.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { units.append(current) }
    return units.reduce(into: []) { merged, unit in
      if unit == "...", let last = merged.popLast() {
        merged.append(last + " ...")
      } else {
        merged.append(unit)
      }
    }
  }
}
