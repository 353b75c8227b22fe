import Foundation
import LiquidusModel

/// A gnuplot script being written: common set-up, a legend drawn from objects, and the
/// "nothing to show" form.
///
/// The legend is drawn by hand rather than with `set key`, because a key sample shows only one
/// fill style while each type's bar is two layers (its colour and, above it, its hatch), and
/// the legend must show both for the pattern to work as a second cue.
struct GnuplotScript {
  /// One line of the legend.
  struct LegendEntry {
    /// What the sample beside the name looks like.
    enum Sample {
      /// A filled box: a type's colour with its hatch pattern.
      case box(HexColor, pattern: Int)
      /// A line of a colour and dash type.
      case line(color: String, dash: Int, width: Double)
      /// A point of a colour and point type.
      case point(color: String, type: Int)
    }
    var name: String
    var sample: Sample
  }

  private(set) var lines: [String]
  private var objectCount = 0
  private var labelCount = 0
  /// The canvas the script draws on, and its height in pixels: a narrow one lays its legend
  /// out under the plot.
  let canvas: ChartCanvas
  let height: Double

  /// Starts a script with a title and the shared look: quiet grid, axes on two sides.
  init(title: String, canvas: ChartCanvas = .report, size: (width: Int, height: Int) = (900, 500)) {
    self.canvas = canvas
    height = Double(size.height)
    lines = [
      "reset",
      "set encoding utf8",
      "set title \(Markup.gnuplotString(title)) noenhanced font ',\(ChartStyle.titleFontSize)' "
        + "textcolor rgb '\(ChartStyle.ink)'",
      "set border 3 lc rgb '\(ChartStyle.ink)'",
      "set tics textcolor rgb '\(ChartStyle.ink)' nomirror",
      "set key off",
    ]
  }

  /// Appends a command.
  mutating func add(_ line: String) { lines.append(line) }

  /// The script's text.
  var text: String { lines.joined(separator: "\n") + "\n" }

  /// Draws `entries` top-down at the right edge (screen `x` onwards), leaving the plot the space
  /// left of it; on a narrow canvas, in rows under the plot, leaving it the space above them and
  /// `axisSpace` pixels for the axis's labels.
  mutating func legend(
    _ entries: [LegendEntry], x: Double = 0.80, top: Double = 0.86, axisSpace: Double = 62
  ) {
    if canvas.isNarrow {
      let legendTop = legendBelow(entries)
      add("set bmargin at screen \(Self.number(legendTop + axisSpace / height))")
      add("set rmargin at screen 0.96")
      return
    }
    add("set rmargin at screen \(Self.number(x - 0.03))")
    place(entries) { index in (x, top - Double(index) * 0.065) }
  }

  /// Draws `entries` in rows of two at the bottom of a narrow canvas, `lift` pixels above its
  /// edge, and returns the screen height of the rows' top.
  @discardableResult
  mutating func legendBelow(_ entries: [LegendEntry], lift: Double = 10) -> Double {
    let columns = ChartCanvas.legendColumns
    let rows = (entries.count + columns - 1) / columns
    let row = ChartCanvas.legendRowHeight / height
    let bottom = lift / height + row / 2
    place(entries, sample: (width: 14 / 360, height: 12 / height), clip: 18) { index in
      (0.05 + Double(index % columns) * 0.48, bottom + Double(rows - 1 - index / columns) * row)
    }
    return lift / height + Double(rows) * row
  }

  /// Draws each entry's sample and name, the sample's left edge and middle where `position`
  /// puts them (screen fractions).
  private mutating func place(
    _ entries: [LegendEntry], sample size: (width: Double, height: Double) = (0.028, 0.042),
    clip: Int = 22, position: (Int) -> (x: Double, middle: Double)
  ) {
    for (index, entry) in entries.enumerated() {
      let (x, middle) = position(index)
      let low = "\(Self.number(x)),\(Self.number(middle - size.height / 2))"
      let high = "\(Self.number(x + size.width)),\(Self.number(middle + size.height / 2))"
      switch entry.sample {
      case .box(let color, let pattern):
        objectCount += 1
        add(
          "set object \(objectCount) rect from screen \(low) to screen \(high) "
            + "fc rgb '\(color.hex)' fs solid 1 border lc rgb '\(ChartStyle.ink)' front")
        if pattern != 0 {
          objectCount += 1
          add(
            "set object \(objectCount) rect from screen \(low) to screen \(high) "
              + "fc rgb '\(ChartStyle.hatchInk(on: color))' fs transparent pattern \(pattern) "
              + "noborder front")
        }
      case .line(let color, let dash, let width):
        add(
          "set arrow from screen \(Self.number(x - size.width / 2)),\(Self.number(middle)) to "
            + "screen \(Self.number(x + size.width)),\(Self.number(middle)) nohead dt \(dash) "
            + "lw \(Self.number(width)) lc rgb '\(color)' front")
      case .point(let color, let type):
        labelCount += 1
        add(
          "set label \(labelCount) '' noenhanced at screen \(Self.number(x + size.width / 2)),"
            + "\(Self.number(middle)) point pt \(type) ps 1.2 lc rgb '\(color)' front")
      }
      labelCount += 1
      add(
        "set label \(labelCount) \(Markup.gnuplotString(Self.clipped(entry.name, to: clip))) noenhanced at screen "
          + "\(Self.number(x + size.width + 0.012)),\(Self.number(middle)) left front "
          + "textcolor rgb '\(ChartStyle.ink)'")
    }
  }

  /// Replaces the plot with a sentence, for a period with nothing to draw: an empty axis would
  /// look like a broken chart.
  mutating func emptyMessage(_ message: String) {
    add("unset border")
    add("unset tics")
    labelCount += 1
    add(
      "set label \(labelCount) \(Markup.gnuplotString(message)) noenhanced at graph 0.5,0.5 center "
        + "font ',\(ChartStyle.titleFontSize)' textcolor rgb '\(ChartStyle.ink)'")
    add("set xrange [0:1]")
    add("set yrange [0:1]")
    // A constant outside the y range draws nothing, without the warning an empty data file gives.
    add("plot -1 notitle")
  }

  /// A number as gnuplot reads it: a point for decimals whatever the locale.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "NaN" }
    let text = String(format: "%.3f", value)
    return text.contains(".")
      ? String(text.reversed().drop { $0 == "0" }.reversed()).trimmingSuffix(".") : text
  }

  /// A double-quoted gnuplot string, where `\n` breaks a tic label into two lines.
  static func doubleQuoted(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
    return "\"" + escaped + "\""
  }

  /// A tic label: gnuplot reads explicit tic labels as number formats, so `%` is doubled.
  static func ticLabel(_ text: String) -> String {
    doubleQuoted(text.replacingOccurrences(of: "%", with: "%%"))
  }

  /// Legend names longer than the column are cut with an ellipsis rather than overflowing.
  static func clipped(_ name: String, to length: Int = 22) -> String {
    name.count <= length ? name : String(name.prefix(length - 1)) + "…"
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
