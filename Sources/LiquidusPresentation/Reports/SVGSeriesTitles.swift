import Foundation

/// Names every series of a gnuplot SVG, whose tooltips are its `<title>` elements.
///
/// A plot drawn without a key entry (`notitle`: the hatch laid over a drink's bars, so that
/// colour is not the only cue) gets the title `gnuplot_plot_3`, which a pointer or a screen
/// reader would show. Each such plot belongs to the series drawn just before it, so it is named
/// after it (`Coffee (pattern)`); one with no series before it loses its title.
enum SVGSeriesTitles {
  static func named(_ svg: String) -> String {
    var result = ""
    var rest = svg[...]
    var lastName: String?
    while let match = rest.firstMatch(of: #/<title>([^<]*)</title>/#) {
      result += rest[..<match.range.lowerBound]
      let name = String(match.output.1)
      if name.wholeMatch(of: #/gnuplot_plot_\d+/#) != nil {
        if let lastName { result += "<title>\(lastName) (pattern)</title>" }
      } else {
        result += rest[match.range]
        lastName = name
      }
      rest = rest[match.range.upperBound...]
    }
    return result + rest
  }
}
