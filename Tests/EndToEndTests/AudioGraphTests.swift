import Foundation
import Testing

/// `report --format wav`, decoded as a player would: the header, one tone per day in order,
/// pitch rising with the amount, silence for empty days and a click on goal days.
@Suite struct AudioGraphTests {
  /// The WAV's fields and samples, read from the bytes without the code that wrote them.
  struct DecodedWave {
    var format: UInt16
    var channels: UInt16
    var sampleRate: UInt32
    var bitsPerSample: UInt16
    var samples: [Int16]

    init(_ data: Data) throws {
      let bytes = [UInt8](data)
      func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
      func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
      #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
      #expect(Int(u32(4)) == bytes.count - 8)
      #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
      format = u16(20)
      channels = u16(22)
      sampleRate = u32(24)
      bitsPerSample = u16(34)
      #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "data")
      let count = Int(u32(40)) / 2
      try #require(44 + count * 2 == bytes.count)
      samples = (0..<count).map { Int16(bitPattern: u16(44 + $0 * 2)) }
    }
  }

  /// Frequency from zero crossings: a sine crosses zero twice per period.
  static func frequency(_ samples: ArraySlice<Int16>, rate: Double) -> Double {
    var crossings = 0
    var previous = samples.first ?? 0
    for sample in samples.dropFirst() where sample != 0 {
      if (previous < 0) != (sample < 0), previous != 0 { crossings += 1 }
      previous = sample
    }
    return Double(crossings) / 2 / (Double(samples.count) / rate)
  }

  @Test func aWeekPlaysOneToneADayHigherForMore() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    // Sunday nothing, Monday 1 L, Tuesday 2.5 L (the goal), Wednesday nothing, Thursday
    // 300 mL, Friday 1.75 L, Saturday still to come.
    let amounts: [Double?] = [nil, 1000, 2500, nil, 300, 1750, nil]
    for (day, amount) in amounts.enumerated() {
      guard let amount else { continue }
      let at = "2026-11-\(15 + day) 09:00"
      #expect(try cli.run("log", "water", "\(Int(amount))ml", "--at", at).status == 0)
    }
    let out = cli.folder.appendingPathComponent("reports")
    let result = try cli.run("report", "week", "--format", "wav,txt", "--out", out.path)
    #expect(result.status == 0, "\(result.stderr)")
    let wave = try DecodedWave(Data(contentsOf: out.appendingPathComponent("week-2026-11-15.wav")))
    #expect(wave.format == 1 && wave.channels == 1 && wave.bitsPerSample == 16)
    #expect(wave.sampleRate == 22_050)
    let rate = Double(wave.sampleRate)
    #expect(Double(wave.samples.count) / rate < 3)
    #expect(wave.samples.count % 7 == 0)
    let slot = wave.samples.count / 7
    let heard = amounts.compactMap { $0 }
    let (low, high) = (heard.min() ?? 0, heard.max() ?? 0)
    for (day, amount) in amounts.enumerated() {
      let start = day * slot
      let tone = wave.samples[start..<start + slot * 6 / 10]
      let pause = wave.samples[start + slot * 3 / 4..<start + slot]
      guard let amount else {
        #expect(tone.allSatisfy { $0 == 0 } && pause.allSatisfy { $0 == 0 }, "day \(day)")
        continue
      }
      let expected = 220 + (amount - low) / (high - low) * (880 - 220)
      let measured = Self.frequency(tone, rate: rate)
      #expect(abs(measured - expected) / expected < 0.03, "day \(day): \(measured) Hz")
      let clicked = pause.contains { abs(Int($0)) > 1000 }
      #expect(clicked == (amount >= 2000), "day \(day)")
    }
    let text = try String(
      contentsOf: out.appendingPathComponent("week-2026-11-15.txt"), encoding: .utf8)
    #expect(
      text.contains(
        "7 tones, one per day, from Sunday, Nov 15th to Saturday, Nov 21st; higher is more."))
    #expect(text.contains("The lowest tone is 300 milliliters, the highest 2.5 liters."))
  }

  @Test func aYearLastsUnderSixSecondsWithATonePerMonth() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "1l", "--at", "2026-03-02 09:00").status == 0)
    let out = cli.folder.appendingPathComponent("reports")
    #expect(try cli.run("report", "2026", "--format", "wav", "--out", out.path).status == 0)
    let wave = try DecodedWave(Data(contentsOf: out.appendingPathComponent("year-2026-01-01.wav")))
    #expect(Double(wave.samples.count) / Double(wave.sampleRate) < 6)
    let slot = wave.samples.count / 12
    let sounding = (0..<12).filter { month in
      wave.samples[month * slot..<(month + 1) * slot].contains { $0 != 0 }
    }
    #expect(sounding == [2])  // March only
  }
}
