/// Text made safe to show on a terminal: control characters and bidirectional overrides from
/// names, notes and files are written out visibly (`\u{1B}`) instead of reaching the terminal,
/// where an escape sequence could move the cursor, rewrite the title or hide text, and a
/// right-to-left override could make `txt.exe` read as `exe.txt`.
///
/// Only what is shown changes: the stored text, and machine formats (JSON, CSV, export), keep
/// every character.
public enum TerminalText {
  /// `text` with every control and bidi-override character written as `\u{XX}`; line breaks
  /// are kept when `keepingLineBreaks` (whole messages), not in a table cell.
  public static func visible(_ text: String, keepingLineBreaks: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) && !(keepingLineBreaks && scalar == "\n") {
        out.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// C0 and C1 controls, DEL, and the characters that reorder text on screen.
  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
