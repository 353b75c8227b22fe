import Foundation

/// An amount of liquid, kept in millilitres.
///
/// Millilitres are the one canonical unit in the database; `converted(to:)` gives the amount in
/// any ``VolumeUnit`` by the sizes in ``UnitTable``.
public struct Volume: Sendable, Hashable, Codable, Comparable {
  /// The amount in millilitres.
  public var milliliters: Double

  /// Creates a volume from millilitres.
  public init(milliliters: Double) {
    self.milliliters = milliliters
  }

  /// Creates a volume from an amount in `unit`.
  public init(_ value: Double, _ unit: VolumeUnit) {
    self.milliliters = value * unit.milliliters
  }

  /// The amount expressed in `unit`.
  public func converted(to unit: VolumeUnit) -> Double {
    if unit == .milliliters { return milliliters }
    return milliliters / unit.milliliters
  }

  public static func < (lhs: Volume, rhs: Volume) -> Bool { lhs.milliliters < rhs.milliliters }
  public static func + (lhs: Volume, rhs: Volume) -> Volume {
    Volume(milliliters: lhs.milliliters + rhs.milliliters)
  }
  public static let zero = Volume(milliliters: 0)
}
