import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "Show today at a glance: total against the goal, and per drink.",
      discussion: """
        waybar prints one JSON line with text, tooltip, class (done, due, behind, on-track) \
        and percentage, as Waybar's custom module reads it; line prints one plain line for \
        i3blocks, polybar, tmux and shell prompts.

        Examples:
          liquidus status
          liquidus status --chart
          liquidus status --format json     # for scripts
          liquidus status --format waybar   # for Waybar's custom module
          liquidus status --format line     # for i3blocks, polybar, tmux
        """)

    @OptionGroup var global: GlobalOptions
    @Option(
      help: "For people (table), scripts (json), Waybar (waybar) or any bar or prompt (line).")
    var format: StatusFormat = .table

    @Flag(help: "Also draw today's hours as bars, from the first drink on.")
    var chart = false

    func validate() throws {
      if chart && format != .table {
        throw ValidationError("--chart draws for people; leave out --format \(format.rawValue).")
      }
    }

    enum StatusFormat: String, ExpressibleByArgument, CaseIterable {
      case table, json, waybar, line
    }

    func run() throws {
      try reportingFailures { try Self.perform(format: format, chart: chart) }
    }

    /// Prints today's status; shared with ``QuickStatus``'s fast path.
    static func perform(format: StatusFormat, chart: Bool) throws {
      let live = try LiveEnvironment.open()
      let request = ShowStatus.Request(hours: chart, due: format == .waybar || format == .line)
      let status = try ShowStatus().run(request, in: live.call)
      let snapshot = status.snapshot
      switch format {
      case .table:
        Terminal.print(
          StatusText(snapshot: snapshot, unicode: Terminal.allowsUnicode)
            .render(locale: live.context.locale))
        if let hours = status.hours {
          Terminal.print()
          Terminal.print(Terminal.chart(hours), raw: true)
        }
      case .json:
        Terminal.print(
          try JSONText.encode(snapshot.json(locale: live.context.locale), layout: .oneLine),
          raw: true)
      case .waybar, .line:
        guard let due = status.due else { return }
        let bar = StatusBar(snapshot: snapshot, due: due, locale: live.context.locale)
        if format == .line {
          Terminal.print(bar.line)
        } else {
          Terminal.print(
            try JSONText.encode(
              bar.waybar(context: live.context, remedies: Remedy.commandLine), layout: .oneLine),
            raw: true)
        }
      }
    }
  }
}
