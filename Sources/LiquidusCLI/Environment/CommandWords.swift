/// A command line such as `LIQUIDUS_NOTIFY_COMMAND` split into its program and arguments as a
/// shell would split it, without a shell: words are separated by blanks, `'...'` keeps its text
/// as it is, `"..."` too except that `\` escapes `"` and `\`, and a `\` outside quotes keeps the
/// next character. Nothing else means anything: no variables (`$HOME`), no `;`, `|`, `&`,
/// backquotes, globs or redirections, so what the variable holds can never run a second
/// command.
enum CommandWords {
  /// The words of `line`; nil when a quote is not closed or there is no word at all.
  static func split(_ line: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    for character in line {
      if escaping {
        word.append(character)
        escaping = false
        continue
      }
      switch (quote, character) {
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case ("\"", "\\"), (nil, "\\"):
        escaping = true
        inWord = true
      case ("'", _), ("\"", _):
        word.append(character)
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case (nil, let blank) where blank == " " || blank == "\t" || blank == "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
    }
    guard quote == nil, !escaping else { return nil }
    if inWord { words.append(word) }
    return words.isEmpty ? nil : words
  }
}
