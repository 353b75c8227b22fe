/// Escaping for the markup reports write: SVG, XHTML and gnuplot strings.
///
/// Type names and notes are the person's own text, so every one of them passes through here
/// before it lands in a file another program parses.
enum Markup {
  /// `text` safe inside XML/HTML element content and quoted attribute values.
  ///
  /// Control characters other than tab and newline are not allowed in XML 1.0 at all, so they
  /// become spaces rather than making the document unparseable.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\t", "\n": escaped.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        escaped += " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` as a gnuplot string that stays data whatever it holds.
  ///
  /// Single quotes, because inside double quotes gnuplot runs backquoted text as a shell
  /// command and interprets backslashes; inside single quotes nothing is interpreted, not even
  /// `@` macros. A single quote cannot be written inside one at all (`'Mum''s'` is two strings),
  /// so a name that holds one is joined from pieces: `('Mum'."'".'s tea')`, the quote itself a
  /// double-quoted string with nothing in it to substitute. Line breaks and other control
  /// characters, which would end the command, become spaces.
  static func gnuplotString(_ text: String) -> String {
    let flat = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    let pieces = flat.split(separator: "'", omittingEmptySubsequences: false)
      .map { "'\($0)'" }
    return pieces.count == 1 ? pieces[0] : "(" + pieces.joined(separator: ".\"'\".") + ")"
  }
}
