import Foundation

/// Writes what the binary printed back into the README and the guides, in place of the output
/// their console blocks show, when `LIQUIDUS_RECORD_EXAMPLES=1` is set for the walk:
///
///     LIQUIDUS_RECORD_EXAMPLES=1 swift test --filter ReadmeWalkTests
///
/// After a change to what a command prints (or to the sample data), every example is made
/// again from the demo's database instead of by hand; `git diff` then shows each change to
/// read, and the prose around an example is still a person's to check. A block that shows
/// the beginning only (a line of `...`) keeps showing as many lines.
struct ExampleRecorder {
  static var isOn: Bool { ProcessInfo.processInfo.environment["LIQUIDUS_RECORD_EXAMPLES"] == "1" }

  /// What each file's examples printed, in their order in the file.
  private var printed: [String: [[String]]] = [:]

  mutating func note(_ lines: [String], of example: ReadmeWalkTests.Example) {
    printed[example.document, default: []].append(lines)
  }

  /// Rewrites every file noted, under `root`.
  func write(under root: URL) throws {
    for (document, outputs) in printed {
      let url = root.appendingPathComponent(document)
      let text = try String(contentsOf: url, encoding: .utf8)
      try Self.replacingOutputs(of: text, with: outputs).write(
        to: url, atomically: true, encoding: .utf8)
    }
  }

  /// `text` with the output below each `$ ` line of its console blocks replaced, in order.
  static func replacingOutputs(of text: String, with outputs: [[String]]) -> String {
    var result: [String] = []
    var remaining = outputs[...]
    var inConsole = false
    var old: [String]? = nil  // the output being replaced, while inside one
    func flush() {
      guard let shown = old else { return }
      var new = remaining.popFirst() ?? shown
      if let cut = shown.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "..." }) {
        new = Array(new.prefix(cut)) + [shown[cut]]
      }
      result += new
      // The blank line between two commands stays.
      if shown.last?.isEmpty == true { result.append("") }
      old = nil
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        if inConsole { flush() }
        inConsole = !inConsole && line == "```console"
        result.append(line)
      } else if inConsole && line.hasPrefix("$ ") {
        flush()
        result.append(line)
        old = []
      } else if old != nil {
        old?.append(line)
      } else {
        result.append(line)
      }
    }
    return result.joined(separator: "\n")
  }
}
