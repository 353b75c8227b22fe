import LiquidusModel
import LiquidusStore

/// Changes how Liquidus shows things and models caffeine: `liquidus config` (the unit, the first
/// day of the week, the clock, the caffeine half-life, limit and sleep level) and the page's
/// settings.
public struct ChangeSettings: UseCase {
  public init() {}

  /// How times are shown: as the locale shows them, or always one way.
  public enum ClockChoice: Sendable, Hashable {
    case locale
    case always(ClockStyle)
  }

  /// What changes; nil leaves a setting as it is. The caffeine values are as typed (`5h`,
  /// `400mg`) and read here, so every front end refuses the same text in the same words.
  public struct Request: Sendable, Hashable {
    public var unit: VolumeUnit?
    public var firstWeekday: Weekday?
    public var clock: ClockChoice?
    public var caffeineHalfLife: String?
    public var caffeineLimit: String?
    public var caffeineSleepLevel: String?

    /// Creates a request.
    public init(
      unit: VolumeUnit? = nil, firstWeekday: Weekday? = nil, clock: ClockChoice? = nil,
      caffeineHalfLife: String? = nil, caffeineLimit: String? = nil,
      caffeineSleepLevel: String? = nil
    ) {
      (self.unit, self.firstWeekday, self.clock) = (unit, firstWeekday, clock)
      (self.caffeineHalfLife, self.caffeineLimit, self.caffeineSleepLevel) = (
        caffeineHalfLife, caffeineLimit, caffeineSleepLevel
      )
    }
  }

  /// Reads every value first (a bad one changes nothing), stores the change in one transaction
  /// and returns the settings as they are now.
  /// - Throws: ``CaffeineError`` for a half-life outside 1 to 24 hours or an amount of caffeine
  ///   outside 1 mg to 2 g; ``StoreError``.
  public func run(_ request: Request, in context: CallContext) throws -> Settings {
    let halfLife = try request.caffeineHalfLife.map { text throws(CaffeineError) in
      guard let value = ReminderInterval.parse(text), (3600...86_400).contains(value.timeInterval)
      else { throw CaffeineError.badHalfLife(text) }
      return value.timeInterval / 3600
    }
    let limit = try request.caffeineLimit.map(Self.milligrams)
    let sleepLevel = try request.caffeineSleepLevel.map(Self.milligrams)
    guard request != Request() else { return context.settings }
    return try context.store.updateSettings { settings in
      if let unit = request.unit { settings.displayUnit = unit }
      if let weekday = request.firstWeekday { settings.firstWeekday = weekday.rawValue }
      switch request.clock {
      case .none: break
      case .locale: settings.clock = nil
      case .always(let style): settings.clock = style
      }
      if let halfLife { settings.caffeineHalfLifeHours = halfLife }
      if let limit { settings.caffeineLimitMg = limit }
      if let sleepLevel { settings.caffeineSleepLevelMg = sleepLevel }
    }
  }

  /// An amount of caffeine from 1 mg to 2 g, for the limit and the sleep level.
  static func milligrams(_ text: String) throws(CaffeineError) -> Double {
    guard let value = CaffeineAmount.milligrams(text), (1...2000).contains(value) else {
      throw .badLimit(text)
    }
    return value
  }
}
