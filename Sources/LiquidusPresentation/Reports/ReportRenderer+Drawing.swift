import Foundation
import LiquidusModel

/// A gnuplot output device Liquidus uses.
enum ChartTerminal: String, Sendable, CaseIterable {
  case svg
  case png

  /// The `set terminal` command for a canvas of `size`.
  ///
  /// The terminal stays enhanced: gnuplot 5.4's svg terminal writes garbage into plot `<title>`s
  /// when it is not. Every text that may hold a drink name is marked `noenhanced` instead, so `_`,
  /// `^` and `@` in names are not read as markup.
  func command(size: (width: Int, height: Int)) -> String {
    let font = "font '\(ChartStyle.font)' background rgb '#FFFFFF'"
    return switch self {
    case .svg: "set terminal svg size \(size.width),\(size.height) fixed \(font)"
    case .png: "set terminal pngcairo size \(size.width),\(size.height) \(font)"
    }
  }
}

/// One chart in one format.
struct ChartOutput: Hashable {
  var kind: ChartKind
  var terminal: ChartTerminal

  /// The file gnuplot writes in the working folder.
  var fileName: String { "\(kind.rawValue).\(terminal.rawValue)" }
}

extension ReportRenderer {
  /// Runs gnuplot once for every chart and terminal, in a private folder that is removed
  /// afterwards, and returns what it drew.
  ///
  /// One process for the whole report: starting gnuplot costs more than drawing a chart.
  func draw(
    _ specs: [ChartSpec], terminals: [ChartTerminal], period: PeriodKind,
    canvas: ChartCanvas = .report
  ) throws
    -> [ChartOutput: Data]
  {
    let gnuplot = try Gnuplot.locate(searchPath: searchPath, timeout: timeout)
    let folder = temporaryDirectory.appendingPathComponent("liquidus-report-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw ReportError.cannotWrite(path: folder.path, reason: error.localizedDescription)
    }
    defer { try? FileManager.default.removeItem(at: folder) }

    var main: [String] = []
    for spec in specs {
      let script = "\(spec.kind.rawValue).gp"
      try write(spec.script, to: folder.appendingPathComponent(script))
      for (name, contents) in spec.data {
        try write(contents, to: folder.appendingPathComponent(name))
      }
      for terminal in terminals {
        let output = ChartOutput(kind: spec.kind, terminal: terminal)
        main += [
          terminal.command(size: canvas.size(of: spec.kind, for: period)),
          "set output '\(output.fileName)'",
          "load '\(script)'",
          "unset output",
        ]
      }
    }
    let mainScript = folder.appendingPathComponent("report.gp")
    try write(main.joined(separator: "\n") + "\n", to: mainScript)
    try gnuplot.run(script: mainScript, in: folder)

    var drawn: [ChartOutput: Data] = [:]
    for spec in specs {
      for terminal in terminals {
        let output = ChartOutput(kind: spec.kind, terminal: terminal)
        guard
          let data = FileManager.default.contents(
            atPath: folder.appendingPathComponent(output.fileName).path), !data.isEmpty
        else { throw ReportError.chartMissing(name: output.fileName) }
        drawn[output] = data
      }
    }
    return drawn
  }

  private func write(_ text: String, to url: URL) throws(ReportError) {
    do {
      try Data(text.utf8).write(to: url)
    } catch {
      throw .cannotWrite(path: url.path, reason: error.localizedDescription)
    }
  }
}
