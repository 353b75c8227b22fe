import Foundation
import Testing

/// Amounts typed in a German locale follow the documented separator rule.
@Suite struct LocaleAmountTests {
  @Test func germanAmountsReadAsGermansWriteThemOrAreRefusedAsAmbiguous() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let german = ["LANG": "de_DE.UTF-8"]
    let grouped = try cli.run(
      ["log", "water", "1.500ml", "--at", "08:00"], extraEnvironment: german)
    #expect(grouped.status == 0, "\(grouped.stderr)")
    let decimal = try cli.run(
      ["log", "water", "0,250 l", "--at", "09:00"], extraEnvironment: german)
    #expect(decimal.status == 0, "\(decimal.stderr)")
    let ambiguous = try cli.run(["log", "water", "1,500ml"], extraEnvironment: german)
    #expect(ambiguous.status == 64)
    #expect(ambiguous.stderr.contains("could mean 1.5 or 1500"), "\(ambiguous.stderr)")
    let listed = try cli.run("list", "--format", "csv").stdout
    #expect(listed.contains(",Water,1500,mL,") && listed.contains(",Water,250,mL,"), "\(listed)")
  }
}
