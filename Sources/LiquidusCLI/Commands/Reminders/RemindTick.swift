import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

extension Liquidus.Remind {
  struct RemindTick: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "tick",
      abstract: "Notify once when a drink is due (what the timer runs).",
      discussion: """
        Sends one desktop notification through notify-send when a drink is due, not in quiet \
        hours, not snoozed and not already notified for this due time, with an action that \
        logs one serving of your first drink type (what `liquidus log <drink>` logs) where \
        notify-send offers actions. \
        LIQUIDUS_NOTIFY_COMMAND replaces notify-send: it gets the same arguments, and printing \
        the action's name (log) logs the drink. Without a notification service it says so on \
        stderr and exits 0.

        Under a daily limit (`liquidus goal --limit 1.5l`) it sends nothing: reminders never \
        push a person whose fluids are limited to drink more. With --spread it reminds at the \
        same times of what is left and how to spread it ("300 mL left until 22:00, about \
        100 mL an hour"), with no action.

        Examples:
          liquidus remind tick
          liquidus remind tick --spread
        """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Under a daily limit, remind of what is left and how to spread it.")
    var spread = false

    func run() throws {
      try reportingFailures {
        let started = ContinuousClock.now
        let live = try LiveEnvironment.open()
        let state = try ReminderPlanner(store: live.store, context: live.context).state()
        let text = DueText(state: state, context: live.context, unit: live.settings.displayUnit)
        let spreading = spread && state.spread != nil
        guard spreading ? state.isSpreadDue : state.isDue, let due = state.nextDueAt else {
          Terminal.print("No reminder: " + text.render(remedies: Remedy.commandLine))
          return
        }
        if try live.store.reminderState().notifiedDueAt == due {
          Terminal.print("Already reminded for the drink due at \(text.time(due)).")
          return
        }
        // Remembered first, so a second tick while the notification waits does not repeat it.
        try live.store.setNotifiedDue(due)
        let formatter = VolumeFormatter(
          unit: live.settings.displayUnit, locale: live.context.locale)
        let drink = try live.store.allTypes().first { $0.isEnabled && !$0.isArchived }
        // What the action logs: one tap of the drink, the same rule as `log <drink>`.
        let serving =
          try drink.map { try DefaultServings().run(.init(drinks: [$0.name]), in: live.call)[0] }
          ?? Serving.fallback
        let notification =
          spreading
          ? DesktopNotifier.Notification(
            title: "Your daily limit", body: text.render(remedies: Remedy.commandLine),
            action: nil)
          : DesktopNotifier.Notification(
            title: "Time for a drink",
            body: Self.body(state, text: text, formatter: formatter),
            action: drink.map { ("log", "Log \(formatter.string(serving)) \($0.name)") })
        var notifier = DesktopNotifier(environment: CommandEnvironment.current.variables)
        // How long to wait for the person (LIQUIDUS_NOTIFY_TIMEOUT seconds; 6 minutes).
        if let seconds = CommandEnvironment.current.variables["LIQUIDUS_NOTIFY_TIMEOUT"]
          .flatMap(Int.init), seconds > 0
        {
          notifier.timeout = .seconds(seconds)
        }
        switch notifier.send(notification) {
        case .failure(let failure):
          try live.store.setNotifiedDue(nil)
          Terminal.warn("liquidus: " + failure.message)
        case .success(let action):
          Terminal.print("Reminded: " + text.render(remedies: Remedy.commandLine))
          if action == "log", !spreading, let drink {
            // Logged when the person chose it, which may be minutes after the tick began (a
            // clock pinned with LIQUIDUS_NOW stands still).
            let chosen =
              live.clockIsPinned
              ? live.context.now
              : live.context.now.addingTimeInterval((ContinuousClock.now - started).timeInterval)
            let answer = try LogDrink().run(
              .init(drink: drink.name, amount: nil, details: .init(at: .instant(chosen))),
              in: live.call)
            guard let receipt = answer.receipt else { return }
            Terminal.print(
              "Logged \(formatter.string(receipt.drink.volume)) of \(drink.name) from the reminder."
            )
          }
        }
      }
    }

    /// "1,750 of 2,000 mL today (88%) · 300 mL behind pace · 35 min overdue".
    static func body(_ state: DueState, text: DueText, formatter: VolumeFormatter) -> String {
      var parts = [
        "\(formatter.number(state.intake)) of \(formatter.string(state.goal)) today "
          + "(\(Percent.text(state.intake.milliliters, of: state.goal.milliliters)))",
        text.pace(formatter),
      ]
      if state.overdueMinutes > 0 { parts.append("\(state.overdueMinutes) min overdue") }
      return parts.joined(separator: " · ")
    }
  }
}
