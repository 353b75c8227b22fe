import LiquidusModel
import LiquidusStore

/// Changes the display unit and the first day of the week: `config --unit --first-weekday`,
/// and the page's settings.
public struct ChangeSettings: UseCase {
  public init() {}

  /// What changes; nil leaves a setting as it is.
  public struct Request: Sendable, Hashable {
    public var unit: VolumeUnit?
    public var firstWeekday: Weekday?

    public init(unit: VolumeUnit? = nil, firstWeekday: Weekday? = nil) {
      self.unit = unit
      self.firstWeekday = firstWeekday
    }
  }

  /// Stores the change in one transaction and returns the settings as they are now.
  public func run(_ request: Request, in context: CallContext) throws -> Settings {
    try context.store.updateSettings { settings in
      if let unit = request.unit { settings.displayUnit = unit }
      if let weekday = request.firstWeekday { settings.firstWeekday = weekday.rawValue }
    }
  }
}
