import LiquidusModel

/// Volumes in the machine formats (JSON and CSV of `list`, `summary`, `status`): millilitres,
/// rounded to 0.01 mL, whatever the display unit. Programs get one unit and no float noise
/// (a sum of fluid ounces prints as 1183.29, not 1183.2941825000001); tables round for people.
public struct MachineVolume: Sendable {
  /// The unit every machine format states.
  public static let unit = "mL"

  public init() {}

  public func value(_ volume: Volume) -> Double {
    let rounded = (volume.milliliters * 100).rounded() / 100
    return rounded == 0 ? 0 : rounded  // never -0
  }
}
