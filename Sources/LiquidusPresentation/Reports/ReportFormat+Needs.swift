// What each report format is made of, as switches rather than lists of cases: a new
// `ReportFormat` does not compile until it says what it needs and where its files go, instead of
// being accepted by `--format` and silently writing nothing.
extension ReportFormat {
  /// The gnuplot terminal whose drawings the format is made of; nil for a format without charts.
  var chartTerminal: ChartTerminal? {
    switch self {
    case .svg, .html: .svg  // the page inlines the SVG drawings
    case .png: .png
    case .txt, .wav: nil
    }
  }

  /// Whether the format holds or describes the audio graph: the sound itself, and the page that
  /// plays it. The text describes it only when one of them is written beside it.
  var needsAudio: Bool {
    switch self {
    case .wav, .html: true
    case .svg, .png, .txt: false
    }
  }

  /// Where the format's files come in what ``ReportRenderer/render(_:formats:caffeine:)``
  /// returns (and the command lists): each chart's images, then the text that describes them,
  /// the page, the sound.
  var listingRank: Int {
    switch self {
    case .svg: 0
    case .png: 1
    case .txt: 2
    case .html: 3
    case .wav: 4
    }
  }
}
