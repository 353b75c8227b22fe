/// A sentence for the page, written as the command line writes it: what a person types is in
/// backticks (`liquidus serve link`). The page shows those parts as code instead of showing the
/// backticks, through the `message` partial; every part is still escaped by Mustache.
struct PageMessage: Sendable, Equatable {
  struct Part: Sendable, Equatable {
    var text: String
    var code: Bool
  }

  let parts: [Part]

  init(_ sentence: String) {
    // Splitting on the backtick alternates prose and code. An unmatched last backtick is
    // prose, kept as typed, so no text is lost.
    var pieces = sentence.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
    if pieces.count % 2 == 0, let last = pieces.popLast() {
      pieces[pieces.count - 1] += "`" + last
    }
    let parts = pieces.enumerated().filter { !$0.element.isEmpty }.map { index, piece in
      Part(text: piece, code: index % 2 == 1)
    }
    self.parts = parts
  }
}
