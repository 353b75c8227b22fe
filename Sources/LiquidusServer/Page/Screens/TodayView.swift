import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// What the Today screen shows, in words ready for the template: the same use cases and the
/// same formatting as `liquidus status` and `liquidus list`.
struct TodayView: Sendable {
  /// A one-tap button: the drink and what it logs (`amount`, as `log` reads it), its label,
  /// its millilitres (for the ring while a tap waits offline), and its drink's colour with a
  /// text colour that reads on it (`ink-black` or `ink-white`, the style sheet's classes: the
  /// page's Content-Security-Policy allows no inline style, so the colour is an SVG fill).
  struct Button: Sendable {
    var drink: String
    var amount: String
    var label: String
    var milliliters: String
    var background: String
    var ink: String
  }

  struct Choice: Sendable {
    var name: String
    var selected: Bool
    /// What a millilitre of it counts toward the goal, for the ring while a tap waits.
    var factor: String
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
  /// The day in the heading: `Friday, November 20`.
  var date: String
  /// The day's bounds (ISO 8601 with the offset): the page turns at `dayEnds` without a reload.
  var dayStarts: String
  var dayEnds: String
  /// What counts toward the goal and the goal (or limit), in millilitres, for the script.
  var counted: String
  var goal: String
  var isLimit: Bool
  var goalMet: Bool
  /// The current streak in words, and what the page says when the goal is reached or, for a
  /// limit, when the day ends within it.
  var streak: String
  var celebration: String
  /// Millilitres in one of the display unit, and its symbol: the script counts an amount typed
  /// offline as a bare number in it, and says what waits in it.
  var unitMilliliters: String
  var unitSymbol: String
  /// `h12` or `h23`: the person's clock, for times the script writes (a tap waiting offline),
  /// which would otherwise follow the browser's language rather than `liquidus config --clock`.
  var hourCycle: String
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
  /// Buttons of the drinks beyond the first eight, behind "More drinks".
  var moreButtons: [Button]
  var moreCount: Int
  var hasMore: Bool
  /// The servings used most, as buttons of their own (`Water · bottle 750 mL`).
  var servingButtons: [Button]
  var hasServings: Bool
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

  /// `4 days in a row at the goal.`, or under a limit within it.
  static func streak(_ days: Int, isLimit: Bool) -> String {
    let aim = isLimit ? "within your limit" : "at your goal"
    switch days {
    case 0:
      return isLimit
        ? "Stay within your limit to start a streak." : "Reach your goal to start a streak."
    case 1: return "Streak: 1 day \(aim)."
    default: return "Streak: \(days) days in a row \(aim)."
    }
  }

  static func make(_ call: CallContext, csrf: String) throws -> TodayView {
    let status = try ShowStatus().run(.init(due: true, streak: true), in: call)
    let snapshot = status.snapshot
    let unit = call.settings.displayUnit
    let volume = VolumeFormatter(unit: unit, locale: call.calendar.locale)
    let listed = try ListEntries().run(.init(period: .init(default: "today")), in: call)
    let names = DrinkTypeNames(listed.types)
    let offered = listed.types.filter(\.isSelectable)
    // What `liquidus log <drink>` would log, for every drink offered: the one rule.
    let servings = try DefaultServings().run(.init(drinks: offered.map(\.name)), in: call)
    let machine = { (amount: Volume) in
      "\(MachineVolume().value(amount).formatted(.number.grouping(.never)))"
    }
    let colors = Dictionary(offered.map { (DrinkType.nameKey($0.name), $0.color) }) { a, _ in a }
    func button(_ drink: String, amount: String, label: String, volume: Volume) -> Button {
      let color = colors[DrinkType.nameKey(drink)] ?? HexColor("#0B63C5")!
      let readable = ReadableColors(background: color)
      return Button(
        drink: drink, amount: amount, label: label, milliliters: machine(volume),
        background: readable.background, ink: readable.ink == "#000000" ? "ink-black" : "ink-white")
    }
    let drinkButtons = zip(offered, servings).map { type, amount in
      button(
        type.name, amount: "\(machine(amount))ml", label: "\(type.name) \(volume.string(amount))",
        volume: amount)
    }
    // The servings used most, leaving out one that only repeats its drink's own button.
    let defaults = Dictionary(
      zip(offered, servings).map { (DrinkType.nameKey($0.name), $1) }
    ) { a, _ in a }
    let used = try UsedServings().run(.init(drinks: offered.map(\.name)), in: call).filter { use in
      defaults[DrinkType.nameKey(use.drink)].map { !UsedServings.same($0, use.amount) } ?? true
    }
    let servingButtons = used.map { use in
      button(
        use.drink, amount: use.words,
        label: "\(use.drink) · \(use.words) \(volume.string(use.amount))", volume: use.amount)
    }
    let streak = status.streak ?? 0
    let day = snapshot.day.interval
    let instant = Date.ISO8601FormatStyle(timeZone: call.calendar.timeZone)
    let date = FormatterCache.shared.string(
      from: day.start, template: "EEEEMMMMd", in: call.calendar)
    // The day's own goal (or limit), its exercise included, as status reads it.
    let goal = snapshot.goal
    let counted = snapshot.counted
    let percent = Percent.value(counted.milliliters, of: goal.milliliters)
    let left = max(0, 1 - counted.milliliters / goal.milliliters)
    let streakWords = Self.streak(streak, isLimit: snapshot.isLimit)
    return TodayView(
      csrf: csrf, date: date, dayStarts: instant.format(day.start),
      dayEnds: instant.format(day.end), counted: machine(counted), goal: machine(goal),
      isLimit: snapshot.isLimit, goalMet: snapshot.goalMet, streak: streakWords,
      celebration: snapshot.isLimit
        ? "\(date): kept within your limit, \(volume.string(counted)) of \(volume.string(goal))."
        : "Goal reached: \(volume.string(counted)) of \(volume.string(goal)). \(streakWords)",
      unitMilliliters: "\(unit.milliliters)", unitSymbol: unit.rawValue,
      hourCycle: call.calendar.clock == .twelveHour ? "h12" : "h23",
      percent: percent, total: "\(MachineVolume().value(snapshot.total))",
      ringOffset: String(format: "%.2f", 326.73 * left),
      headline: "\(volume.string(counted)) of \(volume.string(goal)) (\(percent)%)",
      detail: Self.detail(snapshot, volume),
      caffeine: "Caffeine \(CaffeineText.milligrams(snapshot.caffeineToday)) today · "
        + "\(CaffeineText.milligrams(snapshot.caffeineInBody)) in your body now.",
      due: status.due.map {
        DueText(state: $0, context: call.calendar, unit: unit).render { $0.domainWords }
      } ?? "",
      buttons: Array(drinkButtons.prefix(8)), moreButtons: Array(drinkButtons.dropFirst(8)),
      moreCount: max(0, drinkButtons.count - 8), hasMore: drinkButtons.count > 8,
      servingButtons: servingButtons, hasServings: !servingButtons.isEmpty,
      drinks: offered.enumerated().map {
        Choice(
          name: $1.name, selected: $0 == 0,
          factor: snapshot.isLimit ? "1" : "\($1.hydrationFactor)")
      },
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
  var error: PageMessage?
}

/// A screen inside the layout.
struct PageView: Sendable {
  var title: String
  var signedIn: Bool
  var csrf: String
  var body: String
}
