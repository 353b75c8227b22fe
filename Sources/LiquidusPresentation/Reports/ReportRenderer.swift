import Foundation
import LiquidusAnalysis
import LiquidusModel

/// Draws a ``TrendReport`` as files: charts through gnuplot (SVG, PNG), the text summary and the
/// HTML page, all in memory, so a failure anywhere leaves nothing half-written.
///
/// ```swift
/// let renderer = ReportRenderer(searchPath: environment["PATH"] ?? "", temporaryDirectory: tmp)
/// let files = try renderer.render(report, formats: [.svg, .txt])
/// try ReportFolder(url: out).write(files)
/// ```
public struct ReportRenderer: Sendable {
  /// Where to look for gnuplot (a `PATH` value).
  public var searchPath: String
  /// Where the private working folder for gnuplot is made.
  public var temporaryDirectory: URL
  /// How long gnuplot may take for one report.
  public var timeout: Duration

  /// Creates a renderer.
  public init(searchPath: String, temporaryDirectory: URL, timeout: Duration = .seconds(30)) {
    self.searchPath = searchPath
    self.temporaryDirectory = temporaryDirectory
    self.timeout = timeout
  }

  /// The file name stem for `period`: its kind and first day, e.g. `week-2026-11-15`,
  /// `half-year-2026-06-01`, `range-2026-11-01-to-2026-11-03`.
  public static func baseName(for period: Period) -> String {
    let context = period.context
    let first = context.localDate(of: period.interval.start)
    let kind: String =
      switch period.kind {
      case .halfYear: "half-year"
      default: period.kind.rawValue
      }
    if period.kind == .range, let last = period.days.last {
      return "range-\(first)-to-\(context.localDate(of: last.interval.start))"
    }
    return "\(kind)-\(first)"
  }

  /// The files for `report` in `formats`, in a stable order.
  /// - Throws: ``ReportError`` when gnuplot is missing, fails or times out.
  /// - Parameter caffeine: the period's caffeine; a chart of it is drawn when it holds any.
  /// - Parameter canvas: the report's wide canvas, or a phone's narrow one.
  public func render(
    _ report: TrendReport, formats: Set<ReportFormat>, caffeine: CaffeineReport? = nil,
    canvas: ChartCanvas = .report
  ) throws -> [ReportFile] {
    let base = Self.baseName(for: report.period)
    var specs = Self.charts(for: report, canvas: canvas)
    if let caffeine, caffeine.hasCaffeine {
      specs.append(CaffeineChart(report: caffeine, canvas: canvas).spec())
    }
    let summary = SpokenSummary(report: report).paragraph()
    var svgs: [ChartKind: SVGDocument] = [:]
    var pngs: [ChartKind: Data] = [:]
    let terminals = ChartTerminal.allCases.filter { terminal in
      formats.contains { $0.chartTerminal == terminal }
    }
    if !terminals.isEmpty {
      let drawn = try draw(
        specs, terminals: terminals, period: report.period.kind, canvas: canvas)
      for spec in specs {
        if let svg = drawn[ChartOutput(kind: spec.kind, terminal: .svg)] {
          svgs[spec.kind] = SVGDocument(
            gnuplotOutput: String(decoding: svg, as: UTF8.self), title: spec.title,
            summary: summary + " " + spec.description)
        }
        pngs[spec.kind] = drawn[ChartOutput(kind: spec.kind, terminal: .png)]
      }
    }

    let ordered = formats.sorted { $0.listingRank < $1.listingRank }
    var files: [ReportFile] = []
    for spec in specs {
      let stem = base + spec.kind.fileSuffix
      for format in ordered {
        switch format {
        case .svg:
          if let svg = svgs[spec.kind] {
            files.append(ReportFile(name: stem + ".svg", contents: Data(svg.text.utf8)))
          }
        case .png:
          if let png = pngs[spec.kind] {
            files.append(ReportFile(name: stem + ".png", contents: png))
          }
        case .txt, .html, .wav: break  // one file for the whole report, below
        }
      }
    }
    // The sound is described wherever it can be heard: beside the .wav and in the page.
    let audio = formats.contains(where: \.needsAudio) ? AudioGraph(report: report) : nil
    let wav = audio?.wav  // synthesised once, for the file and the page alike
    for format in ordered {
      switch format {
      case .svg, .png: break  // one file per chart, above
      case .txt:
        let text = ReportText(report: report, charts: specs, audio: audio).render()
        files.append(ReportFile(name: base + ".txt", contents: Data(text.utf8)))
      case .html:
        let page = ReportPage(
          report: report,
          charts: specs.compactMap { spec in svgs[spec.kind].map { (spec, $0) } },
          audio: audio.flatMap { graph in wav.map { (graph, $0) } }
        ).render()
        files.append(ReportFile(name: base + ".html", contents: Data(page.utf8)))
      case .wav:
        if let wav { files.append(ReportFile(name: base + ".wav", contents: wav)) }
      }
    }
    return files
  }

  /// The chart specs for `report`, in the order they appear in the text and on the page.
  static func charts(for report: TrendReport, canvas: ChartCanvas = .report) -> [ChartSpec] {
    ChartKind.kinds(for: report.period).compactMap { kind in
      switch kind {
      case .bars: BarChart(report: report, canvas: canvas).spec()
      case .share: ShareChart(report: report, canvas: canvas).spec()
      case .calendar: CalendarHeatMap(report: report, canvas: canvas).spec()
      case .daily: DailyTotalsChart(report: report, canvas: canvas).spec()
      case .caffeine: nil  // drawn from a CaffeineReport, when there is caffeine
      }
    }
  }
}
