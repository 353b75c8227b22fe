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
///
/// The period opens with its headline figures as a few large numbers, then the summary's
/// sentences. Each chart comes drawn four ways, and the browser picks the one it shows: on the
/// report's wide canvas or a phone's narrow one (so that its labels read at their own size on
/// either), in light or dark colours (as the page is).
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

  /// The files of the period's report, drawn once and kept a little while for the images:
  /// each chart on both canvases and in both themes (``ChartVariant``).
  func files(_ expression: String) async throws -> [ReportFile] {
    try await rendered(expression).files
  }

  /// The period's figures and files, drawn once and kept a little while.
  func rendered(_ expression: String) async throws -> RenderedReports.Report {
    if let report = cache.report(for: expression) { return report }
    let figures = try await runner.run(
      PrepareReport(), PeriodQuery(period: PeriodSelection(expression: expression, default: "week"))
    )
    // gnuplot runs as a process this thread waits for: off the cooperative threads.
    let report = try await runner.withContext { _ in
      let renderer = ReportRenderer(
        searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        temporaryDirectory: FileManager.default.temporaryDirectory)
      let wide = try renderer.render(
        figures.trends, formats: [.svg, .txt, .wav], caffeine: figures.caffeine)
      let narrow = try renderer.render(
        figures.trends, formats: [.svg], caffeine: figures.caffeine, canvas: .phone)
      return RenderedReports.Report(
        trends: figures.trends, files: ChartVariant.files(wide: wide, narrow: narrow))
    }
    cache.keep(report, for: expression)
    return report
  }

  /// What the template shows.
  struct View: Sendable {
    struct Tab: Sendable {
      var name: String
      var href: String
      var current: Bool
    }

    /// A chart as the template offers it: the wide light picture, and the three others the
    /// browser may pick instead.
    struct Chart: Sendable {
      var src: String
      var dark: String
      var phone: String
      var phoneDark: String
      var alt: String
    }

    var kinds: [Tab]
    var heading: String
    var figures: [TrendFigures.Figure]
    var summary: String
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
    let report = try await rendered(expression)
    let files = report.files
    let text =
      files.first { $0.name.hasSuffix(".txt") }.map {
        String(decoding: $0.contents, as: UTF8.self)
      } ?? ""
    var paragraphs = text.components(separatedBy: "\n\n").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }.filter { !$0.isEmpty }
    let summary = paragraphs.isEmpty ? "" : paragraphs.removeFirst()
    let query = "period=\(expression)"
    func address(_ name: String) -> String { "/trends/files/\(name)?\(query)" }
    return View(
      kinds: Self.kinds.map {
        .init(name: $0.name, href: "/trends?kind=\($0.expression)", current: $0.expression == kind)
      },
      heading: report.trends.period.description,
      figures: TrendFigures(report: report.trends).figures, summary: summary,
      previous: "/trends?kind=\(kind)&offset=\(offset - 1)",
      next: offset < 0 ? "/trends?kind=\(kind)&offset=\(offset + 1)" : nil,
      charts: files.filter { ChartVariant.isWideLight($0.name) }.map {
        .init(
          src: address($0.name), dark: address(ChartVariant.dark.name(of: $0.name)),
          phone: address(ChartVariant.phone.name(of: $0.name)),
          phoneDark: address(ChartVariant.phoneDark.name(of: $0.name)),
          alt: Self.title(ofSVG: $0.contents))
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
  /// A period's figures and its drawn files.
  struct Report: Sendable {
    var trends: TrendReport
    var files: [ReportFile]
  }

  private let entries = Mutex<[(expression: String, at: Date, report: Report)]>([])

  func report(for expression: String) -> Report? {
    entries.withLock { entries in
      entries.removeAll { Date().timeIntervalSince($0.at) > 30 }
      return entries.first { $0.expression == expression }?.report
    }
  }

  func keep(_ report: Report, for expression: String) {
    entries.withLock { entries in
      entries.removeAll { $0.expression == expression }
      entries.append((expression, Date(), report))
      if entries.count > 8 { entries.removeFirst() }
    }
  }

  /// Forgets everything: a drink was logged, so the pictures are out of date.
  func clear() {
    entries.withLock { $0.removeAll() }
  }
}
