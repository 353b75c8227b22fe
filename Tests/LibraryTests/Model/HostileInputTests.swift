import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusTestSupport
import PropertyBased
import Testing

/// Random and mutated input never crashes a parser: it parses, or fails with its typed error
/// whose message says something.
@Suite struct HostileInputTests {
  /// Characters that parsers trip over: digits, signs, separators, units, Unicode, controls.
  static let alphabet = Array(
    "0123456789+-.,eE:/ TZHhmsdagoyesterdaytodayweeklmonthfloz cupL\u{0}\u{0B}\n\t\"'é☀️٣")

  static let seeds = [
    "250ml", "1.5 L", "8 fl oz", "1e3ml", "week-1", "2026-11-20", "2026-H2", "week:2026-11-20",
    "yesterday 21:00", "2026-11-20T08:15:00+01:00", "15m ago", "month+2", "0,5 l",
  ]

  /// Half the time random characters, half the time a valid form with a few characters replaced,
  /// dropped or inserted: the inputs most likely to reach deep into a parser.
  static func input(_ seed: UInt64) -> String {
    var random = SplitMix(seed: seed)
    if random.next() % 2 == 0 {
      let length = Int(random.next() % 24)
      return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
    let form = seeds[Int(random.next() % UInt64(seeds.count))]
    return mutated(form, times: Int(1 + random.next() % 3), &random)
  }

  /// `text` with `count` characters replaced, dropped or inserted, from ``alphabet``.
  static func mutated(_ text: String, times count: Int, _ random: inout SplitMix) -> String {
    var characters = Array(text)
    for _ in 0..<count {
      let position = Int(random.next() % UInt64(characters.count + 1))
      let character = alphabet[Int(random.next() % UInt64(alphabet.count))]
      switch random.next() % 3 {
      case 0 where position < characters.count: characters[position] = character
      case 1 where position < characters.count: characters.remove(at: position)
      default: characters.insert(character, at: position)
      }
    }
    return String(characters)
  }

  /// Seconds since 1970 from 0001-01-01 to 10000-01-01, a day's margin either side for offsets.
  static let calendarYears = (-62_135_596_800.0 - 86_400)...(253_402_300_800.0 + 86_400)

  private let context = CalendarContext(
    now: Date(timeIntervalSince1970: 1_795_000_000),
    timeZone: TimeZone(identifier: "Europe/Berlin")!)

  @Test func amountParserOnlyParsesOrThrowsAmountError() async {
    await propertyCheck(count: 3000, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      let text = Self.input(seed)
      do {
        let volume = try AmountParser(defaultUnit: .milliliters).parse(text, allowLarge: true)
        #expect(volume.milliliters > 0 && volume <= AmountParser.absoluteLimit, "\(text)")
      } catch let error as AmountError {
        #expect(!error.description.isEmpty)
      } catch {
        Issue.record("\(text) threw an untyped \(error)")
      }
    }
  }

  @Test func periodExpressionsOnlyParseOrThrowTheirError() async {
    await propertyCheck(count: 3000, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      let text = Self.input(seed)
      do {
        let period = try PeriodExpression.parse(text, in: context)
        #expect(period.interval.duration > 0, "\(text)")
        #expect(period.contains(period.interval.start))
      } catch let error as PeriodExpressionError {
        #expect(!error.description.isEmpty)
      } catch {
        Issue.record("\(text) threw an untyped \(error)")
      }
    }
  }

  @Test func timeExpressionsOnlyParseOrThrowTheirError() async {
    await propertyCheck(count: 3000, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      let text = Self.input(seed)
      do {
        // Whatever parses is an instant a calendar holds: from year 1 to year 9999 (a date is
        // four digits), and never later than now when it says "ago".
        let instant = try TimeExpression.parse(text, in: context)
        #expect(Self.calendarYears.contains(instant.timeIntervalSince1970), "\(text): \(instant)")
        if text.lowercased().hasSuffix("ago") { #expect(instant <= context.now, "\(text)") }
      } catch let error as TimeExpressionError {
        #expect(!error.description.isEmpty)
      } catch {
        Issue.record("\(text) threw an untyped \(error)")
      }
    }
  }

  @Test(arguments: [
    ("1e308ml", 1e308), ("1e308", 1e308), ("99999l", 99_999_000), ("21l", 21_000),
  ])
  func absurdAmountsAreRefusedEvenWithForce(text: String, milliliters: Double) {
    let limit = Volume(milliliters: 20_000)
    #expect(throws: AmountError.tooLarge(Volume(milliliters: milliliters), limit: limit)) {
      try AmountParser(defaultUnit: .milliliters).parse(text, allowLarge: true)
    }
  }
}
