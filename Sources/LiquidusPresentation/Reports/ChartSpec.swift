/// One chart, ready for gnuplot: the script that draws it, the data it reads, and the words that
/// go beside it.
///
/// The script holds no terminal or output: the renderer adds those, so one spec yields both
/// the SVG and the PNG.
struct ChartSpec: Sendable {
  /// Which chart this is.
  var kind: ChartKind
  /// The heading: the SVG `<title>` and the HTML figure caption.
  var title: String
  /// The chart put into words, e.g. "Bar chart, Days in week, Milliliters consumed, 7 bars: ...".
  var description: String
  /// gnuplot commands, starting with `reset`; data files are referred to by bare name.
  var script: String
  /// Data files by name, written next to the script.
  var data: [String: String]
}
