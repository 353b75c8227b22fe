import Foundation
import Testing

/// `goal suggest` end to end: the figures with their arithmetic, and `--set` adopting one.
@Suite struct GoalSuggestCommandTests {
  @Test func printsTheArithmeticAndSaysADoctorsFigureWins() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("goal", "suggest", "--weight", "60kg", "--sex", "female")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        Daily goals from reference values (what to drink; food supplies the rest):
          EFSA 2010, women:   1,600 mL = 80% of 2,000 mL total water
          NASEM 2004, women:  2,200 mL of 2,700 mL total water
          By weight, 60 kg:   1,950 mL = 60 kg x 32.5 mL/kg (30-35 mL/kg: 1,800-2,100 mL)
        A figure from your doctor wins over all of these (for heart failure or dialysis, a daily limit).
        Adopt one with --set efsa, --set nasem or --set weight.

        """)
  }

  @Test func setAdoptsOneFigureFromToday() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("goal", "suggest", "--sex", "male", "--set", "nasem")
    #expect(result.stdout.hasSuffix("Daily goal set to 3,000 mL.\n"), "\(result.stdout)")
    #expect(try cli.run("goal").stdout == "Daily goal: 3,000 mL\n")
  }

  @Test func badInputIsRefusedAndNothingChanges() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for arguments in [
      ["goal", "suggest", "--weight", "500kg", "--set", "weight"],
      ["goal", "suggest", "--weight", "lots"],
      ["goal", "suggest", "--set", "efsa"],
      ["goal", "suggest", "--set", "weight", "--sex", "male"],
      ["goal", "30l"], ["goal", "--limit", "0.5ml"],
    ] {
      let result = try cli.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      // Each says what to type.
      #expect(
        ["--", "e.g.", "such as"].contains { result.stderr.contains($0) }, "\(arguments)")
    }
    #expect(try cli.run("goal", "--history").stdout.split(separator: "\n").count == 2)
  }
}
