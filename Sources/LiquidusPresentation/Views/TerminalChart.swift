import Foundation
import LiquidusAnalysis
import LiquidusModel

/// `summary --chart` and `status --chart`: each bucket as a horizontal bar of block characters,
/// scaled to the terminal.
///
/// ```
/// Nov 15-21, 2026 · goal 2,000 mL a day (┆)
/// Sun Nov 15  1,450 mL  ██████████████████████▋        ┆
/// Mon Nov 16  2,250 mL  ███████████████████████████████████▏ ✓
/// ```
///
/// Every line starts with its label and its number, so the bar is never the only carrier of
/// the value and a screen reader reads the number first. A bucket with a goal marks it with
/// `┆` where the bar falls short, and ends with `✓` where it reached it. With colour, each
/// bar is stacked by drink in the type's colour, with a legend; without, it is one bar.
public struct TerminalChart: Sendable {
  public var report: TrendReport
  /// The terminal's width in columns.
  public var columns: Int
  /// Colour by drink (only on a terminal without `NO_COLOR`).
  public var useColor: Bool
  /// 24-bit colour (`COLORTERM=truecolor`); otherwise the 256-colour palette.
  public var trueColor: Bool
  /// Block characters; `#` and `|` for plain terminals.
  public var unicode: Bool

  public init(
    report: TrendReport, columns: Int, useColor: Bool, trueColor: Bool = false,
    unicode: Bool = true
  ) {
    self.report = report
    self.columns = columns
    self.useColor = useColor
    self.trueColor = trueColor
    self.unicode = unicode
  }

  /// The buckets drawn: for a day, the hours from the first drink to the last hour begun, so a
  /// day reads in a screenful; for longer periods every bucket, those still to come without a
  /// bar.
  var buckets: [BucketTotals] {
    guard report.period.kind == .day || report.buckets.first?.period.kind == .hour else {
      return report.buckets
    }
    let elapsed = report.buckets.filter { !$0.isFuture }
    guard let first = elapsed.firstIndex(where: { $0.total.milliliters > 0 }) else { return [] }
    return Array(elapsed[first...])
  }

  /// What a bar shows: the volume, or what counted toward the goal where a hydration factor
  /// makes the two differ, so that the number, the bar and the goal mark agree.
  private func amount(_ bucket: BucketTotals) -> Volume {
    report.hydrationDiffers && bucket.goalKind == .goal ? bucket.hydration : bucket.total
  }

  public func render() -> String {
    let formatter = VolumeFormatter(
      unit: report.settings.displayUnit, locale: report.period.context.locale)
    let shown = buckets
    let goalMark = unicode ? "┆" : "|"
    let hasGoals = shown.contains { $0.goal != nil }
    var header = TerminalText.visible(report.period.description, keepingLineBreaks: false)
    if hasGoals {
      let goals = SummaryTable.targetList(report.targetsInForce, formatter)
      header += " · \(goals) a day (\(goalMark))"
    }
    if report.hydrationDiffers { header += " · amounts as counted toward the goal" }
    guard !shown.isEmpty else {
      return header + "\nNothing logged in \(report.period.accessibilityDescription)."
    }
    let labels = shown.map { $0.period.shortLabel }
    let numbers = shown.map { $0.isFuture ? "to come" : formatter.string(amount($0)) }
    let labelWidth = labels.map(\.count).max() ?? 0
    let numberWidth = numbers.map(\.count).max() ?? 0
    // Label, two spaces, number, two spaces, the bar, a space and the goal's tick.
    let barWidth = max(10, columns - labelWidth - numberWidth - 4 - 2 - 1)
    let largest = shown.map { max(amount($0).milliliters, $0.goal?.milliliters ?? 0) }.max() ?? 0
    var lines = [header]
    for (index, bucket) in shown.enumerated() {
      let label = labels[index].padding(toLength: labelWidth, withPad: " ", startingAt: 0)
      let number =
        String(repeating: " ", count: numberWidth - numbers[index].count)
        + numbers[index]
      var line = "\(label)  \(number)"
      if !bucket.isFuture, largest > 0 {
        let cells = bar(bucket, width: barWidth, largest: largest)
        line += "  " + cells.text
        if let goal = bucket.goal, goal.milliliters > 0 {
          let goalColumn = WholeNumber.of(goal.milliliters / largest * Double(barWidth))
          if bucket.goalKind == .limit {
            // Past a limit the word says so; within it the tick shows where it lies.
            if bucket.total > goal {
              line += " over"
            } else if goalColumn > cells.width {
              line += String(repeating: " ", count: goalColumn - cells.width) + goalMark
            }
          } else if bucket.hydration >= goal {
            line += " " + (unicode ? "✓" : "*")
          } else {
            // A bar just short of the goal can fill the goal's cell when cells are wide (a
            // narrow terminal): the mark then follows the bar, so a day short of the goal is
            // never drawn without it.
            line += String(repeating: " ", count: max(0, goalColumn - cells.width)) + goalMark
          }
        }
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    if useColor && report.types.count > 1 {
      lines.append(
        report.types.map { paint(unicode ? "█" : "#", $0.color) + " " + visibleName($0) }
          .joined(separator: "  "))
    }
    return lines.joined(separator: "\n")
  }

  private func visibleName(_ type: DrinkType) -> String {
    TerminalText.visible(type.name, keepingLineBreaks: false)
  }

  /// The bar in eighths of a cell; its width in cells.
  private func bar(_ bucket: BucketTotals, width: Int, largest: Double) -> (
    text: String, width: Int
  ) {
    let total = amount(bucket).milliliters
    guard total > 0 else { return ("", 0) }
    var eighths = min(WholeNumber.of(total / largest * Double(width * 8)), width * 8)
    eighths = max(1, eighths)  // a drink is never drawn as nothing
    let full = eighths / 8
    let rest = eighths % 8
    let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var cells = Array(repeating: unicode ? "█" : "#", count: full)
    if rest > 0 { cells.append(unicode ? partials[rest] : (rest >= 4 ? "#" : "")) }
    cells = cells.filter { !$0.isEmpty }
    guard useColor else { return (cells.joined(), cells.count) }
    // Each cell takes the colour of the drink that covers its middle.
    let stack = report.types.compactMap { type -> (HexColor, Double)? in
      guard let volume = bucket.byType[type.id]?.milliliters, volume > 0 else { return nil }
      return (type.color, report.hydrationDiffers ? volume * type.hydrationFactor : volume)
    }
    var painted: [String] = []
    for (index, cell) in cells.enumerated() {
      let middle = (Double(index) + 0.5) / Double(cells.count) * total
      var running = 0.0
      let color =
        stack.first { entry in
          running += entry.1
          return middle <= running
        }?.0 ?? stack.last?.0
      painted.append(color.map { paint(cell, $0) } ?? cell)
    }
    return (painted.joined(), cells.count)
  }

  /// `text` in `color`: 24-bit where the terminal says it can, else the nearest of the 6x6x6
  /// cube of the 256-colour palette.
  private func paint(_ text: String, _ color: HexColor) -> String {
    let hex = color.hex.dropFirst()
    let value = Int(hex, radix: 16) ?? 0
    let (red, green, blue) = (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    let code: String
    if trueColor {
      code = "38;2;\(red);\(green);\(blue)"
    } else {
      func level(_ channel: Int) -> Int { Int((Double(channel) / 255 * 5).rounded()) }
      code = "38;5;\(16 + 36 * level(red) + 6 * level(green) + level(blue))"
    }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}
