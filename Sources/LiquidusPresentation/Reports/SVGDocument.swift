import Foundation

/// An SVG gnuplot wrote, made accessible: its own `<title>Gnuplot</title>` and
/// `<desc>Produced by GNUPLOT ...</desc>` give way to the chart's title and the summary, and the
/// root is marked up as one image labelled by them.
struct SVGDocument {
  /// The accessible document, standalone (with XML declaration and fixed size).
  private(set) var text: String

  /// Rewrites gnuplot's `output`.
  /// - Parameters:
  ///   - title: The chart's title.
  ///   - summary: What a screen reader should say about the chart.
  init(gnuplotOutput output: String, title: String, summary: String) {
    // gnuplot escapes `<` and `&` in the text it copies from names but not `>`, and the
    // sequence `]]>` may not appear in XML text. This document has no CDATA section of its own
    // (the svg terminal writes one only for mouse scripts, which Liquidus does not ask for), so
    // every `]]>` is a name's, and becomes text.
    var text = output.replacing("]]>", with: "]]&gt;")
    let titleElement = "<title id=\"chart-title\">\(Markup.escape(title))</title>"
    let descElement = "<desc id=\"chart-desc\">\(Markup.escape(summary))</desc>"
    text = text.replacing("<title>Gnuplot</title>", with: titleElement, maxReplacements: 1)
    text = SVGSeriesTitles.named(text)
    if let desc = text.firstRange(of: #/<desc>Produced by GNUPLOT[^<]*</desc>/#) {
      text.replaceSubrange(desc, with: descElement)
    } else if let title = text.range(of: titleElement) {
      text.insert(contentsOf: "\n" + descElement, at: title.upperBound)
    }
    if let root = text.range(of: "<svg ") {
      text.replaceSubrange(
        root,
        with: "<svg role=\"img\" aria-labelledby=\"chart-title chart-desc\" ")
    }
    self.text = text
  }

  /// The document for inlining into HTML: no XML declaration, no fixed size (CSS scales it to
  /// the page), and every id prefixed so several charts on one page do not share ids (patterns
  /// and point shapes are referenced by id, and a clash would paint one chart with another's).
  func inline(idPrefix prefix: String) -> String {
    var body = text
    if let start = body.range(of: "<svg ") {
      body = String(body[start.lowerBound...])
    }
    body = body.replacing(#/\bid=(["'])/#) { "id=\($0.output.1)\(prefix)" }
    body = body.replacing(#/href=(["'])#/#) { "href=\($0.output.1)#\(prefix)" }
    body = body.replacing("url(#", with: "url(#\(prefix)")
    body = body.replacing(
      "aria-labelledby=\"chart-title chart-desc\"",
      with: "aria-labelledby=\"\(prefix)chart-title \(prefix)chart-desc\"", maxReplacements: 1)
    if let end = body.firstIndex(of: ">") {
      let root = body[..<end].replacing(#/\s(width|height)="[^"]*"/#, with: "")
      body = String(root) + body[end...]
    }
    return body
  }
}
