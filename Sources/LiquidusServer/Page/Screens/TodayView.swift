import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// What the Today screen shows, in words ready for the template: the same use cases and the
/// same formatting as `liquidus status` and `liquidus list`.
struct TodayView: Sendable {
  struct Button: Sendable {
    var drink: String
    var amount: String
    var label: String
  }

  struct Choice: Sendable {
    var name: String
    var selected: Bool
  }

  struct Entry: Sendable {
    var uid: String
    var time: String
    var drink: String
    var amount: String
    var note: String?
  }

  var title = "Today"
  var signedIn = true
  var csrf: String
  var percent: Int
  /// The day's total in millilitres as the status JSON says it: the script compares it with
  /// each event and leaves an unchanged page alone.
  var total: String
  /// The ring's stroke offset: its circumference (2π·52) times the part still to drink.
  var ringOffset: String
  var headline: String
  var detail: String
  var caffeine: String
  var due: String
  var buttons: [Button]
  var drinks: [Choice]
  var entries: [Entry]
  var error: String?
  var typedAmount: String?
  /// What the last undo (or delete) did, said once.
  var notice: String?
  /// The last change made from this page, which "Undo" takes back.
  var lastChange: String?

  /// `250 mL to go.`, or under a limit what is left (or how far past it the day is): nothing
  /// here pushes a person with a limit to drink more.
  static func detail(_ snapshot: DaySnapshot, _ volume: VolumeFormatter) -> String {
    let left = snapshot.remaining
    if snapshot.isLimit {
      return left.milliliters < 0
        ? "\(volume.string(Volume(milliliters: -left.milliliters))) over the limit."
        : "\(volume.string(left)) left within the limit."
    }
    return snapshot.goalMet ? "Goal reached." : "\(volume.string(left)) to go."
  }

  static func make(_ call: CallContext, csrf: String) throws -> TodayView {
    let status = try ShowStatus().run(.init(due: true), in: call)
    let snapshot = status.snapshot
    let unit = call.settings.displayUnit
    let volume = VolumeFormatter(unit: unit, locale: call.calendar.locale)
    let listed = try ListEntries().run(.init(period: .init(default: "today")), in: call)
    let names = DrinkTypeNames(listed.types)
    let offered = listed.types.filter(\.isSelectable)
    let buttons = Array(offered.prefix(8))
    let servings = try DefaultServings().run(.init(drinks: buttons.map(\.name)), in: call)
    // The day's own goal (or limit), its exercise included, as status reads it.
    let goal = snapshot.goal
    let counted = snapshot.counted
    let percent = Percent.value(counted.milliliters, of: goal.milliliters)
    let left = max(0, 1 - counted.milliliters / goal.milliliters)
    return TodayView(
      csrf: csrf, percent: percent, total: "\(MachineVolume().value(snapshot.total))",
      ringOffset: String(format: "%.2f", 326.73 * left),
      headline: "\(volume.string(counted)) of \(volume.string(goal)) (\(percent)%)",
      detail: Self.detail(snapshot, volume),
      caffeine: "Caffeine \(CaffeineText.milligrams(snapshot.caffeineToday)) today · "
        + "\(CaffeineText.milligrams(snapshot.caffeineInBody)) in your body now.",
      due: status.due.map {
        DueText(state: $0, context: call.calendar, unit: unit).render { $0.domainWords }
      } ?? "",
      buttons: zip(buttons, servings).map { type, amount in
        Button(
          drink: type.name,
          amount: "\(MachineVolume().value(amount).formatted(.number.grouping(.never)))ml",
          label: "\(type.name) \(volume.string(amount))")
      },
      drinks: offered.enumerated().map { Choice(name: $1.name, selected: $0 == 0) },
      entries: listed.drinks.reversed().map { drink in
        Entry(
          uid: drink.uid ?? "",
          time: ClockText.time(drink.instant, in: call.calendar),
          drink: names[drink.typeID], amount: volume.string(drink.volume), note: drink.note)
      })
  }
}

/// The sign-in screen.
struct SignInView: Sendable {
  var title = "Sign in"
  var signedIn = false
  var error: String?
}

/// A screen inside the layout.
struct PageView: Sendable {
  var title: String
  var signedIn: Bool
  var csrf: String
  var body: String
}
