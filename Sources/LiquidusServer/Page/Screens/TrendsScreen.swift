import Foundation
import Hummingbird
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases
import Synchronization

/// The Trends screen: a day, week, month, half-year or year with previous and next, drawn by the
/// same renderer as `liquidus report` (gnuplot's SVG, shown as images, where nothing can run),
/// its words beside the pictures, the audio graph, and the CSV and JSON of the summary.
struct TrendsScreen: Sendable {
  /// The kinds offered, as period expressions and as the page names them.
  static let kinds: [(expression: String, name: String)] = [
    ("today", "Day"), ("week", "Week"), ("month", "Month"), ("half-year", "Half-year"),
    ("year", "Year"),
  ]

  let runner: CallRunner
  let cache: RenderedReports

  /// `kind` and `offset` (0 now, -1 the one before) from the query, checked.
  static func selection(_ query: Parameters) throws -> (kind: String, offset: Int) {
    let kind = query.get("kind") ?? "week"
    guard kinds.contains(where: { $0.expression == kind }) else {
      throw Problem(.badRequest, "Choose a day, week, month, half-year or year.")
    }
    let offset = Int(query.get("offset") ?? "0") ?? 0
    guard (-1200...0).contains(offset) else {
      throw Problem(.badRequest, "That period lies in the future or too far back.")
    }
    return (kind, offset)
  }

  static func expression(_ kind: String, _ offset: Int) -> String {
    offset == 0 ? kind : "\(kind)\(offset)"
  }

  /// The files of the period's report, drawn once and kept a little while for the images.
  func files(_ expression: String) async throws -> [ReportFile] {
    if let files = cache.files(for: expression) { return files }
    let figures = try await runner.run(
      PrepareReport(), PeriodQuery(period: PeriodSelection(expression: expression, default: "week"))
    )
    // gnuplot runs as a process this thread waits for: off the cooperative threads.
    let files = try await runner.withContext { _ in
      try ReportRenderer(
        searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        temporaryDirectory: FileManager.default.temporaryDirectory
      ).render(figures.trends, formats: [.svg, .txt, .wav], caffeine: figures.caffeine)
    }
    cache.keep(files, for: expression)
    return files
  }

  /// What the template shows.
  struct View: Sendable {
    struct Tab: Sendable {
      var name: String
      var href: String
      var current: Bool
    }

    struct Chart: Sendable {
      var src: String
      var alt: String
    }

    var kinds: [Tab]
    var heading: String
    var previous: String
    var next: String?
    var charts: [Chart]
    var paragraphs: [String]
    var audio: String?
    var csv: String
    var json: String
  }

  func view(kind: String, offset: Int) async throws -> View {
    let expression = Self.expression(kind, offset)
    let files = try await files(expression)
    let text =
      files.first { $0.name.hasSuffix(".txt") }.map {
        String(decoding: $0.contents, as: UTF8.self)
      } ?? ""
    var paragraphs = text.components(separatedBy: "\n\n").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }.filter { !$0.isEmpty }
    let heading = paragraphs.isEmpty ? expression : paragraphs.removeFirst()
    let query = "period=\(expression)"
    return View(
      kinds: Self.kinds.map {
        .init(name: $0.name, href: "/trends?kind=\($0.expression)", current: $0.expression == kind)
      },
      heading: heading,
      previous: "/trends?kind=\(kind)&offset=\(offset - 1)",
      next: offset < 0 ? "/trends?kind=\(kind)&offset=\(offset + 1)" : nil,
      charts: files.filter { $0.name.hasSuffix(".svg") }.map {
        .init(src: "/trends/files/\($0.name)?\(query)", alt: Self.title(ofSVG: $0.contents))
      },
      paragraphs: paragraphs,
      audio: files.first { $0.name.hasSuffix(".wav") }.map { "/trends/files/\($0.name)?\(query)" },
      csv: "/trends/summary.csv?\(query)", json: "/trends/summary.json?\(query)")
  }

  /// The chart's own title (the SVG's `chart-title`), which names it; the words beside it say
  /// the rest.
  static func title(ofSVG data: Data) -> String {
    let text = String(decoding: data.prefix(4096), as: UTF8.self)
    guard let start = text.range(of: "<title id=\"chart-title\">"),
      let end = text.range(of: "</title>", range: start.upperBound..<text.endIndex)
    else { return "Chart" }
    return String(text[start.upperBound..<end.lowerBound])
      .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">")
  }
}

/// Recently drawn reports, by period expression: the page and its images ask for the same
/// files within a moment of each other, and gnuplot takes a while. Bounded and short-lived.
final class RenderedReports: Sendable {
  private let entries = Mutex<[(expression: String, at: Date, files: [ReportFile])]>([])

  func files(for expression: String) -> [ReportFile]? {
    entries.withLock { entries in
      entries.removeAll { Date().timeIntervalSince($0.at) > 30 }
      return entries.first { $0.expression == expression }?.files
    }
  }

  func keep(_ files: [ReportFile], for expression: String) {
    entries.withLock { entries in
      entries.removeAll { $0.expression == expression }
      entries.append((expression, Date(), files))
      if entries.count > 8 { entries.removeFirst() }
    }
  }

  /// Forgets everything: a drink was logged, so the pictures are out of date.
  func clear() {
    entries.withLock { $0.removeAll() }
  }
}
