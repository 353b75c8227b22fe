import Foundation

/// A tiny deterministic generator, so a failing seed reproduces.
public struct SplitMix: RandomNumberGenerator {
  public var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The generator for a test that draws at random outside `propertyCheck` (which reports its
/// own seeds): a new seed each run, or `LIQUIDUS_TEST_SEED` when set, and it names its seed
/// in every message it is interpolated into, so that a failure can be replayed exactly.
public struct SeededRandom: RandomNumberGenerator, CustomStringConvertible {
  public let seed: UInt64
  private var mix: SplitMix

  public init() {
    let given = ProcessInfo.processInfo.environment["LIQUIDUS_TEST_SEED"].flatMap(UInt64.init)
    seed = given ?? UInt64.random(in: 0...UInt64.max)
    mix = SplitMix(seed: seed)
  }

  public mutating func next() -> UInt64 { mix.next() }

  public var description: String { "seed \(seed), replay with LIQUIDUS_TEST_SEED=\(seed)" }
}
