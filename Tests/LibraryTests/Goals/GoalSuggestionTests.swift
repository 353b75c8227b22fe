import Foundation
import Testing

@testable import LiquidusModel

/// `goal suggest` against figures worked by hand for four people.
@Suite struct GoalSuggestionTests {
  private func drinks(_ suggestion: GoalSuggestion, _ source: GoalSuggestion.Source) -> Double? {
    suggestion.figure(source).map { ($0.drinks.milliliters * 100).rounded() / 100 }
  }

  @Test func aWomanOf60kgAged30() throws {
    let person = try GoalSuggestion(weightKg: 60, sex: .female, age: 30)
    #expect(drinks(person, .efsa) == 1600)  // 80% of 2,000 mL total water
    #expect(drinks(person, .nasem) == 2200)  // of 2,700 mL total water
    #expect(drinks(person, .weight) == 1950)  // 60 x 32.5; range 1,800-2,100
    #expect(person.figure(.weight)?.range == 1800...2100)
  }

  @Test func aManOf80kgAged40() throws {
    let person = try GoalSuggestion(weightKg: 80, sex: .male, age: 40)
    #expect(drinks(person, .efsa) == 2000)  // 80% of 2,500
    #expect(drinks(person, .nasem) == 3000)  // of 3,700
    #expect(drinks(person, .weight) == 2600)  // 80 x 32.5; range 2,400-2,800
  }

  @Test func aPregnantWomanOf70kgAndOneBreastfeeding() throws {
    let pregnant = try GoalSuggestion(weightKg: 70, sex: nil, age: 32, stage: .pregnant)
    #expect(drinks(pregnant, .efsa) == 1840)  // 80% of (2,000 + 300)
    #expect(drinks(pregnant, .nasem) == 2300)  // of 3,000
    #expect(drinks(pregnant, .weight) == 2275)  // 70 x 32.5
    let breastfeeding = try GoalSuggestion(
      weightKg: nil, sex: .female, age: 32, stage: .breastfeeding)
    #expect(drinks(breastfeeding, .efsa) == 2160)  // 80% of (2,000 + 700)
    #expect(drinks(breastfeeding, .nasem) == 3100)  // of 3,800
    #expect(breastfeeding.figure(.weight) == nil)
  }

  @Test func aManOf154lbAged80() throws {
    let kg = try GoalSuggestionError.weight("154lb")
    #expect(abs(kg - 69.853) < 0.001)  // 154 x 0.45359237
    let person = try GoalSuggestion(weightKg: kg, sex: .male, age: 80)
    #expect(drinks(person, .weight) == 1746.33)  // 69.853 x 25 mL/kg over 75
    #expect(drinks(person, .efsa) == 2000)
  }

  @Test func neverMoreThan4LNorLessThan1L() throws {
    let heavy = try GoalSuggestion(weightKg: 150, sex: .male, age: 40)
    #expect(drinks(heavy, .weight) == 4000)  // 150 x 32.5 = 4,875, kept at 4,000
    #expect(heavy.figure(.weight)?.clamped == true)
    let light = try GoalSuggestion(weightKg: 30, sex: .female, age: 80)
    #expect(drinks(light, .weight) == 1000)  // 30 x 25 = 750, raised to 1,000
  }

  @Test func aWeightOutside20To300kgIsRefused() {
    #expect(throws: GoalSuggestionError.weightOutOfRange(500)) {
      try GoalSuggestionError.weight("500kg")
    }
    #expect(throws: GoalSuggestionError.self) { try GoalSuggestionError.weight("15") }
    #expect(throws: GoalSuggestionError.unreadableWeight("heavy")) {
      try GoalSuggestionError.weight("heavy")
    }
  }
}
