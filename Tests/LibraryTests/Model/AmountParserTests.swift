import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import PropertyBased
import Testing

@testable import LiquidusSources

@Suite struct AmountParserTests {
  let parser = AmountParser(defaultUnit: .milliliters)

  @Test(arguments: [
    ("250ml", 250.0), ("250 mL", 250), ("0.25l", 250), ("1.5 L", 1500), ("8oz", 236.5882365),
    ("8 fl oz", 236.5882365), ("1 cup", 236.5882365), ("1.5cups", 354.88235475), ("330", 330),
    ("0,5 l", 500),
    ("1,500 ml", 1500), (" 2 L ", 2000), ("1e3ml", 1000),
  ])
  func readsEveryWrittenForm(text: String, milliliters: Double) throws {
    let volume = try parser.parse(text)
    #expect(abs(volume.milliliters - milliliters) < 0.001, "\(text) -> \(volume.milliliters)")
  }

  @Test func bareNumberIsInTheDisplayUnit() throws {
    let ounces = AmountParser(defaultUnit: .usFluidOunces)
    #expect(abs(try ounces.parse("8").milliliters - 236.5882365) < 0.001)
    #expect(try AmountParser(defaultUnit: .liters).parse("0.5").milliliters == 500)
  }

  @Test(arguments: ["", "abc", "250 gallonz", "ml", "2..5l", "--1"])
  func refusesUnreadableText(text: String) {
    #expect(throws: AmountError.unreadable(text)) { try parser.parse(text) }
  }

  @Test func refusesZeroNegativeAndNotANumber() {
    #expect(throws: AmountError.notPositive("0ml")) { try parser.parse("0ml") }
    #expect(throws: AmountError.notPositive("-250ml")) { try parser.parse("-250ml") }
    #expect(throws: AmountError.notFinite("nan")) { try parser.parse("nan") }
    #expect(throws: AmountError.notFinite("1e309ml")) { try parser.parse("1e309ml") }
  }

  @Test func refusesMoreThanFiveLitresUnlessForced() throws {
    #expect(
      throws: AmountError.tooLarge(
        Volume(milliliters: 5500), limit: Volume(milliliters: 5000))
    ) { try parser.parse("5.5l") }
    #expect(try parser.parse("5.5l", allowLarge: true).milliliters == 5500)
    #expect(try parser.parse("5l").milliliters == 5000)
  }

  @Test func aTypedCupIsTheSizeOfAnImportedOne() throws {
    // One unit table: `log water 1cup` and an Apple Health `cup_us` record are the same amount.
    let typed = try parser.parse("1 cup").milliliters
    #expect(typed == VolumeUnits.milliliters(healthKitUnit: "cup_us"))
    #expect(try parser.parse("8 fl oz").milliliters == typed)
    #expect(Volume(milliliters: typed).converted(to: .usCups) == 1)
  }

  @Test func unreadableMessageListsTheUnits() {
    let message = AmountError.unreadable("abc").description
    #expect(message.contains("250ml") && message.contains("fl oz") && message.contains("cups"))
  }

  /// From 10 mL up: below a unit's shown precision (1 mL is "0 L") there is nothing to read back.
  @Test func formattingThenParsingReturnsTheSameVolumeInEveryUnit() async {
    await propertyCheck(
      count: 300, input: Gen.double(in: 10...5000), Gen<VolumeUnit>.case
    ) { milliliters, unit in
      let formatter = VolumeFormatter(unit: unit, locale: Locale(identifier: "en_US"))
      let text = formatter.string(Volume(milliliters: milliliters))
      let parsed = try? AmountParser(defaultUnit: .milliliters).parse(text, allowLarge: true)
      // The shown precision bounds the error: whole mL, 0.01 L, 0.1 fl oz, 0.01 cup.
      let tolerance = Volume(Double(0.5) / pow(10, Double(precision(unit))), unit).milliliters
      #expect(parsed != nil, "\(text) did not parse")
      if let parsed {
        #expect(abs(parsed.milliliters - milliliters) <= tolerance + 1e-9, "\(text)")
      }
    }
  }

  private func precision(_ unit: VolumeUnit) -> Int {
    switch unit {
    case .milliliters: 0
    case .liters, .usCups: 2
    case .usFluidOunces: 1
    }
  }
}

/// One rule for separators in every locale (see ``AmountParser``).
@Suite struct AmountSeparatorTests {
  let english = AmountParser(defaultUnit: .milliliters, locale: Locale(identifier: "en_US"))
  let german = AmountParser(defaultUnit: .milliliters, locale: Locale(identifier: "de_DE"))

  /// What a parser makes of a text: millilitres, or the exact refusal.
  enum Reading: Sendable {
    case milliliters(Double)
    case refused(AmountError)
  }

  static let ambiguousThousand = AmountError.ambiguous("1,500", readings: [1.5, 1500])

  @Test(
    arguments: [
      ("0,5 l", .milliliters(500), .milliliters(500)),
      ("0,250 l", .milliliters(250), .milliliters(250)),
      ("2,5l", .milliliters(2500), .milliliters(2500)),
      ("1.25 l", .milliliters(1250), .milliliters(1250)),
      ("1,500 ml", .milliliters(1500), .refused(ambiguousThousand)),
      (
        "1.500ml", .refused(.ambiguous("1.500", readings: [1.5, 1500])),
        .milliliters(1500)
      ),
      (
        "1,500,000ml",
        .refused(.tooLarge(Volume(milliliters: 1_500_000), limit: Volume(milliliters: 20_000))),
        .refused(.tooLarge(Volume(milliliters: 1_500_000), limit: Volume(milliliters: 20_000)))
      ),
      ("1,500.5ml", .milliliters(1500.5), .milliliters(1500.5)),
      ("1.500,5ml", .milliliters(1500.5), .milliliters(1500.5)),
      ("250", .milliliters(250), .milliliters(250)),
    ] as [(String, Reading, Reading)])
  func separatorsReadTheSameRuleInEnglishAndGerman(
    text: String, inEnglish: Reading, inGerman: Reading
  ) throws {
    for (parser, expected) in [(english, inEnglish), (german, inGerman)] {
      switch expected {
      case .milliliters(let milliliters):
        #expect(try parser.parse(text, allowLarge: true).milliliters == milliliters, "\(text)")
      case .refused(let error):
        #expect(throws: error, "\(text)") { try parser.parse(text, allowLarge: true) }
      }
    }
  }

  @Test func aSeparatorThatIsTheDecimalPointBeforeThreeDigitsIsAmbiguous() {
    #expect(throws: AmountError.ambiguous("1.500", readings: [1.5, 1500])) {
      try english.parse("1.500ml")
    }
    #expect(throws: AmountError.ambiguous("1,500", readings: [1.5, 1500])) {
      try german.parse("1,500ml")
    }
    let message = AmountError.ambiguous("1.500", readings: [1.5, 1500]).description
    #expect(message.contains("could mean 1.5 or 1500"))
  }

  @Test func lessThanAHundredthOfAMillilitreIsRefused() {
    #expect(
      throws: AmountError.tooSmall(Volume(milliliters: 1e-300), minimum: AmountParser.smallest)
    ) {
      try english.parse("1e-300ml")
    }
    #expect(throws: Never.self) { try english.parse("0.01ml", allowUnlikely: true) }
  }
}

@Suite struct AmbiguousAmountMessageTests {
  @Test func hugeReadingsAreShownWithoutTrapping() {
    let error = AmountError.ambiguous("1.000e300", readings: [1e300, 1e303])
    #expect(error.description.contains("could mean 1e+300 or 1e+303"))
    // Both readings are far beyond the limit, so that is what the parser says.
    let limit = Volume(milliliters: 20_000)
    #expect(throws: AmountError.tooLarge(Volume(milliliters: 1e300), limit: limit)) {
      try AmountParser(defaultUnit: .milliliters).parse("1.000e300ml")
    }
  }
}
