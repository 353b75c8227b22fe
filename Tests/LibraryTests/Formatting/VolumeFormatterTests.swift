import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import Testing

@Suite struct VolumeFormatterTests {
  let english = Locale(identifier: "en_US")

  @Test func millilitresAreWholeAndGrouped() {
    let formatter = VolumeFormatter(unit: .milliliters, locale: english)
    #expect(formatter.string(Volume(milliliters: 1750.4)) == "1,750 mL")
    #expect(formatter.string(Volume(milliliters: 250)) == "250 mL")
    #expect(formatter.string(Volume(milliliters: 1_234_567)) == "1,234,567 mL")
  }

  @Test func otherUnitsDropTrailingZeros() {
    #expect(
      VolumeFormatter(unit: .liters, locale: english).string(Volume(milliliters: 1500)) == "1.5 L")
    #expect(
      VolumeFormatter(unit: .liters, locale: english).string(Volume(milliliters: 2000)) == "2 L")
    #expect(
      VolumeFormatter(unit: .usFluidOunces, locale: english).string(Volume(milliliters: 250))
        == "8.5 fl oz")
    #expect(
      VolumeFormatter(unit: .usCups, locale: english).string(Volume(milliliters: 236.6)) == "1 cup")
    #expect(
      VolumeFormatter(unit: .usCups, locale: english).string(Volume(milliliters: 473.2)) == "2 cups"
    )
  }

  @Test func germanLocaleUsesItsSeparators() {
    let german = VolumeFormatter(unit: .liters, locale: Locale(identifier: "de_DE"))
    #expect(german.string(Volume(milliliters: 1250)) == "1,25 L")
    let millilitres = VolumeFormatter(unit: .milliliters, locale: Locale(identifier: "de_DE"))
    #expect(millilitres.string(Volume(milliliters: 1750)) == "1.750 mL")
  }

  @Test func percentRoundsButNeverClaimsTheGoalEarly() {
    #expect(Percent.text(1750, of: 2000) == "88%")
    #expect(Percent.text(1995, of: 2000) == "99%")
    #expect(Percent.text(2000, of: 2000) == "100%")
    #expect(Percent.text(0, of: 2000) == "0%")
  }
}
