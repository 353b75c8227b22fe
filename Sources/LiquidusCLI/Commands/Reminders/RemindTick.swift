import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
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

        While `liquidus serve` pushes reminders to subscribed phones (docs/PUSH.md), the tick \
        leaves the reminding to them and shows nothing here; --desktop-too shows each reminder \
        here as well.

        Under a daily limit (`liquidus goal --limit 1.5l`) it sends nothing: reminders never \
        push a person whose fluids are limited to drink more. With --spread it reminds at the \
        same times of what is left and how to spread it ("300 mL left until 22:00, about \
        100 mL an hour"), with no action.

        Examples:
          liquidus remind tick
          liquidus remind tick --spread
          liquidus remind tick --desktop-too
        """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Under a daily limit, remind of what is left and how to spread it.")
    var spread = false
    @Flag(help: "Show the reminder here even while the server pushes it to phones.")
    var desktopToo = false

    func run() throws {
      try reportingFailures {
        let started = ContinuousClock.now
        let live = try LiveEnvironment.open()
        let unit = live.settings.displayUnit
        let phones = try ReminderPhones().run(.init(), in: live.call)
        if phones > 0 && !desktopToo {
          return Terminal.print(
            "No desktop reminder: liquidus serve pushes reminders to "
              + (phones == 1 ? "a phone" : "\(phones) phones")
              + " (remind tick --desktop-too shows them here as well).")
        }
        let found = try RemindNow().run(.init(spread: spread), in: live.call)
        guard case .remind(let state, _, let spreading, let drink, let serving) = found else {
          return Terminal.print(Self.whyNot(found, live))
        }
        let text = DueText(state: state, context: live.context, unit: unit)
        let formatter = VolumeFormatter(unit: unit, locale: live.context.locale)
        let notification =
          spreading
          ? DesktopNotifier.Notification(
            title: "Your daily limit", body: text.render(remedies: Remedy.commandLine),
            action: nil)
          : DesktopNotifier.Notification(
            title: DueText.reminderTitle,
            body: text.reminderBody(formatter),
            action: drink.map { ("log", "Log \(formatter.string(serving)) \($0)") })
        switch Self.notifier().send(notification) {
        case .failure(let failure):
          try RemindNow.undelivered(in: live.call)
          Terminal.warn("liquidus: " + failure.message)
        case .success(let action):
          Terminal.print("Reminded: " + text.render(remedies: Remedy.commandLine))
          guard action == "log", let drink else { return }
          // Logged when the person chose it, which may be minutes after the tick began (a
          // clock pinned with LIQUIDUS_NOW stands still).
          let waited = live.clockIsPinned ? .zero : ContinuousClock.now - started
          let answer = try LogDrink().run(
            .init(
              drink: drink, amount: nil,
              details: .init(at: .instant(live.context.now.addingTimeInterval(waited.timeInterval)))
            ),
            in: live.call)
          guard let receipt = answer.receipt else { return }
          Terminal.print(
            "Logged \(formatter.string(receipt.drink.volume)) of \(drink) from the reminder.")
        }
      }
    }

    /// Why no notification went out.
    static func whyNot(_ found: RemindNow.View, _ live: LiveEnvironment) -> String {
      switch found {
      case .notDue(let state), .remind(let state, _, _, _, _):
        let text = DueText(state: state, context: live.context, unit: live.settings.displayUnit)
        return "No reminder: " + text.render(remedies: Remedy.commandLine)
      case .alreadyReminded(let state, let due):
        let text = DueText(state: state, context: live.context, unit: live.settings.displayUnit)
        return "Already reminded for the drink due at \(text.time(due))."
      }
    }

    /// notify-send, or LIQUIDUS_NOTIFY_COMMAND, waiting LIQUIDUS_NOTIFY_TIMEOUT seconds for the
    /// person (6 minutes unless set).
    static func notifier() -> DesktopNotifier {
      var notifier = DesktopNotifier(environment: CommandEnvironment.current.variables)
      if let seconds = CommandEnvironment.current.variables["LIQUIDUS_NOTIFY_TIMEOUT"]
        .flatMap(Int.init), seconds > 0
      {
        notifier.timeout = .seconds(seconds)
      }
      return notifier
    }
  }
}
