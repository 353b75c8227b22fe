import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reading back what a report wrote: XML trees, PNG headers, file modes.
enum ChartFiles {
  /// Parses `data` as XML (SVG or XHTML); throws when it is not well-formed.
  static func xml(_ data: Data) throws -> XMLDocument {
    try XMLDocument(data: data, options: [])
  }

  /// Every element named `name` below `node`, at any depth.
  static func elements(_ name: String, in node: XMLNode) -> [XMLElement] {
    var found: [XMLElement] = []
    for child in node.children ?? [] {
      if let element = child as? XMLElement {
        if element.localName == name || element.name == name { found.append(element) }
        found += elements(name, in: element)
      }
    }
    return found
  }

  /// An attribute's value by name, looked up by scanning: FoundationXML's
  /// `attribute(forName:)` misses attributes of elements in a default namespace.
  static func attribute(_ name: String, of element: XMLElement) -> String? {
    element.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
  }

  /// The titles of gnuplot's plot groups (`<g id="gnuplot_plot_N"><title>Water</title>`).
  static func seriesTitles(_ svg: XMLDocument) -> [String] {
    elements("g", in: svg).compactMap { group in
      guard attribute("id", of: group)?.hasPrefix("gnuplot_plot_") == true
      else { return nil }
      return elements("title", in: group).first?.stringValue
    }
  }

  /// The width and height in a PNG's IHDR chunk; nil when the bytes are not a PNG.
  static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count == 24, Array(bytes[0..<8]) == signature,
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func integer(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (integer(16), integer(20))
  }

  /// A file's permission bits.
  static func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}
