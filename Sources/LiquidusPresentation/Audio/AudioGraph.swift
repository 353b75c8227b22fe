import Foundation
import LiquidusAnalysis
import LiquidusModel

/// A report's buckets as sound, the way screen readers play audio graphs: one tone per bucket
/// in order, higher for more.
///
/// Pitch rises linearly from ``lowFrequency`` for the period's smallest non-zero bucket to
/// ``highFrequency`` for its largest (one pitch in between when they are equal). An empty
/// bucket, or one still to come, is silent; a bucket that reached the goal ends with a short,
/// soft click in the pause after its tone. Each bucket gets the same slot, long enough to hear
/// and short enough that a week lasts under 3 seconds and any period about 5.
public struct AudioGraph: Sendable {
  public static let sampleRate = 22_050
  public static let lowFrequency = 220.0
  public static let highFrequency = 880.0
  /// The longest slot (a week: 7 x 0.35 s) and the whole graph's usual length.
  static let longestSlot = 0.35
  static let targetLength = 5.0
  static let shortestSlot = 0.12
  /// The tone fills this part of its slot; the rest is the pause (and the click).
  static let toneShare = 0.7

  /// One bucket's sound.
  public struct Tone: Sendable, Equatable {
    /// nil for silence.
    public var frequency: Double?
    public var reachedGoal: Bool
  }

  /// The report.
  public var report: TrendReport

  public init(report: TrendReport) {
    self.report = report
  }

  /// One tone per bucket, in order.
  public var tones: [Tone] {
    let amounts = report.buckets.map { $0.isFuture ? 0 : $0.total.milliliters }
    let heard = amounts.filter { $0 > 0 }
    let low = heard.min() ?? 0
    let high = heard.max() ?? 0
    return zip(report.buckets, amounts).map { bucket, amount in
      guard amount > 0 else { return Tone(frequency: nil, reachedGoal: false) }
      let position = high > low ? (amount - low) / (high - low) : 0.5
      let frequency = Self.lowFrequency + position * (Self.highFrequency - Self.lowFrequency)
      return Tone(frequency: frequency, reachedGoal: Self.reachedGoal(bucket))
    }
  }

  /// A day that reached the daily goal, or a longer bucket that reached its days' goal.
  static func reachedGoal(_ bucket: BucketTotals) -> Bool {
    if let met = bucket.goalMet { return met }
    guard let goal = bucket.goal, goal.milliliters > 0 else { return false }
    return bucket.hydration >= goal
  }

  /// Seconds per bucket.
  public var slotSeconds: Double {
    let count = Double(max(1, report.buckets.count))
    return min(Self.longestSlot, max(Self.shortestSlot, Self.targetLength / count))
  }

  /// The WAV file.
  public var wav: Data {
    WaveFile(sampleRate: Self.sampleRate, samples: samples()).data
  }

  /// The samples of every slot, one after the other.
  func samples() -> [Int16] {
    let slot = Int((slotSeconds * Double(Self.sampleRate)).rounded())
    let toneLength = Int(Double(slot) * Self.toneShare)
    var samples = [Int16](repeating: 0, count: slot * report.buckets.count)
    for (index, tone) in tones.enumerated() {
      let start = index * slot
      if let frequency = tone.frequency {
        write(Self.sine(frequency, length: toneLength, amplitude: 0.5), into: &samples, at: start)
      }
      if tone.reachedGoal {
        write(Self.click(), into: &samples, at: start + toneLength + (slot - toneLength) / 4)
      }
    }
    return samples
  }

  private func write(_ wave: [Double], into samples: inout [Int16], at start: Int) {
    for (offset, value) in wave.enumerated() where start + offset < samples.count {
      samples[start + offset] = Int16((value * Double(Int16.max)).rounded())
    }
  }

  /// A sine with 8 ms fades, so tones start and stop without a pop of their own.
  static func sine(_ frequency: Double, length: Int, amplitude: Double) -> [Double] {
    let fade = Int(0.008 * Double(sampleRate))
    return (0..<length).map { index in
      let ramp = min(1, Double(min(index, length - 1 - index)) / Double(fade))
      let phase = 2 * Double.pi * frequency * Double(index) / Double(sampleRate)
      return amplitude * ramp * sin(phase)
    }
  }

  /// 15 ms of a high, quickly fading tone: heard as a soft tick, never mistaken for a bucket.
  static func click() -> [Double] {
    let length = Int(0.015 * Double(sampleRate))
    return (0..<length).map { index in
      let time = Double(index) / Double(sampleRate)
      return 0.3 * exp(-time * 300) * sin(2 * Double.pi * 3000 * time)
    }
  }

  /// What the file holds, in words: "7 tones, one per day, from Sunday, Nov 15th to Saturday,
  /// Nov 21st; higher is more. ..."
  public func describe() -> String {
    let buckets = report.buckets
    guard let first = buckets.first, let last = buckets.last else { return "" }
    let noun = SpokenSummary.kindName(first.period.kind)
    var text =
      "Audio graph, \(String(format: "%.1f", slotSeconds * Double(buckets.count))) seconds: "
      + "\(SpokenSummary.count(buckets.count, "tone")), one per \(noun), from "
      + "\(first.period.spokenBucketLabel) to \(last.period.spokenBucketLabel); higher is more."
    let unit = report.settings.displayUnit
    let locale = report.period.context.locale
    let heard = buckets.filter { !$0.isFuture && $0.total.milliliters > 0 }.map(\.total)
    if let low = heard.min(), let high = heard.max() {
      let lowest = SpokenVolume.text(low, unit: unit, locale: locale)
      let highest = SpokenVolume.text(high, unit: unit, locale: locale)
      text +=
        low == high
        ? " Every tone is \(lowest)."
        : " The lowest tone is \(lowest), the highest \(highest)."
    }
    text += " Silence is a \(noun) without drinks"
    text += buckets.contains { $0.isFuture } ? " or still to come." : "."
    if buckets.contains(where: { $0.goal != nil }) {
      text += " A soft click after a tone marks a \(noun) that reached the goal."
    }
    return text
  }
}
