import Foundation
import LiquidusModel
import Testing

/// The slips that would record what nobody drinks (issue 29): litres typed without their unit
/// where bare numbers are millilitres, and amounts that show as nothing. Refused unless the
/// person insists; and the units people use beside the display units.
@Suite struct AmountSlipTests {
  let millilitres = AmountParser(defaultUnit: .milliliters)

  @Test(arguments: ["2.5", "1.5", "9", "0,5", "9.99"])
  func aBareNumberBelowTenMillilitresIsTakenForLitres(text: String) throws {
    let value = Double(text.replacingOccurrences(of: ",", with: "."))!
    #expect(throws: AmountError.probablyLitres(text, value: value)) {
      try millilitres.parse(text)
    }
    #expect(throws: AmountError.probablyLitres(text, value: value)) {
      try millilitres.parseGoal(text)
    }
    #expect(try millilitres.parse(text, allowLarge: true).milliliters == value)
    #expect(try millilitres.parse(text, allowUnlikely: true).milliliters == value)
    #expect(try millilitres.parseGoal("5", allowUnlikely: true).milliliters == 5)
  }

  @Test func theMessageOffersLitres() {
    let message = AmountError.probablyLitres("2.5", value: 2.5).description
    #expect(message.contains("did you mean 2.5 L?"), "\(message)")
  }

  @Test func tenMillilitresAndUnitsAndOtherDisplayUnitsAreNoSlip() throws {
    #expect(try millilitres.parse("10").milliliters == 10)
    #expect(try millilitres.parse("5ml").milliliters == 5)
    #expect(try millilitres.parse("1.5l").milliliters == 1500)
    #expect(try AmountParser(defaultUnit: .liters).parse("1.5").milliliters == 1500)
    #expect(try AmountParser(defaultUnit: .usCups).parse("2").milliliters > 470)
  }

  @Test func anAmountThatShowsAsNothingIsRefused() throws {
    #expect(throws: AmountError.showsAsNothing(Volume(milliliters: 0.01), unit: .milliliters)) {
      try millilitres.parse("0.01ml")
    }
    // 4 mL is "0.00 L" where litres are shown; 5 mL rounds to "0.01 L".
    let litres = AmountParser(defaultUnit: .liters)
    #expect(throws: AmountError.showsAsNothing(Volume(milliliters: 4), unit: .liters)) {
      try litres.parse("4ml")
    }
    #expect(try litres.parse("5ml").milliliters == 5)
    #expect(try millilitres.parse("0.01ml", allowUnlikely: true).milliliters == 0.01)
    let message = AmountError.showsAsNothing(Volume(milliliters: 0.01), unit: .milliliters)
      .description
    #expect(message.contains("would show as 0 mL"), "\(message)")
  }

  @Test(arguments: [
    ("33cl", 330.0), ("33 cL", 330), ("5 dl", 500), ("2dl", 200),
    ("1 pint", UnitTable.usPint), ("1 us pint", UnitTable.usPint),
    ("2 pints", 2 * UnitTable.usPint),
    ("1 uk pint", UnitTable.imperialPint), ("1 imperial pint", UnitTable.imperialPint),
    ("10 imp fl oz", 10 * UnitTable.imperialFluidOunce),
    ("10 uk fl oz", 10 * UnitTable.imperialFluidOunce),
    ("10 UK fl. oz", 10 * UnitTable.imperialFluidOunce),
  ])
  func unitsPeopleUseAreReadWithTheUnitTable(text: String, milliliters: Double) throws {
    let volume = try millilitres.parse(text)
    #expect(abs(volume.milliliters - milliliters) < 1e-9, "\(text) -> \(volume.milliliters)")
  }

  @Test func theUnitTableHoldsTheSizes() {
    #expect(abs(UnitTable.usPint - 473.176473) < 1e-9)
    #expect(abs(UnitTable.imperialPint - 568.26125) < 1e-9)
    #expect(UnitTable.typedUnitMilliliters("cl") == UnitTable.centilitre)
    #expect(UnitTable.typedUnitMilliliters("dl") == UnitTable.decilitre)
    #expect(UnitTable.typedUnitMilliliters("gallonz") == nil)
  }
}
