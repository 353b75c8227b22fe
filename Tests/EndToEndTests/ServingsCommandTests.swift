import Foundation
import Testing

/// Servings end to end: people drink a mug, a glass, a bottle, not millilitres.
@Suite struct ServingsCommandTests {
  @Test func aNewDatabaseHasTheShippedServings() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(
      try cli.run("servings").stdout == """
        Serving  Amount  Drink
        glass    250 mL  any
        can      330 mL  any
        mug      350 mL  any
        bottle   500 mL  any

        """)
  }

  @Test func aServingNamesTheAmountAndTheLogLineNamesTheServing() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let mug = try cli.run("log", "coffee", "mug", "--at", "08:00")
    #expect(mug.status == 0, "\(mug.stderr)")
    #expect(mug.stdout.hasPrefix("Logged 350 mL (1 mug) of Coffee at 8:00 AM"), "\(mug.stdout)")
    let glasses = try cli.run("log", "water", "2", "glasses", "--at", "09:00")
    #expect(glasses.stdout.hasPrefix("Logged 500 mL (2 glasses) of Water at 9:00 AM"))
    #expect(try cli.run("log", "water", "2glasses", "--at", "09:30").status == 0)
  }

  @Test func aServingWithADrinkLogsItAlone() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let alone = try cli.run("log", "mug")
    #expect(alone.status == 64)
    #expect(alone.stderr == "error: A mug holds any drink: say which, e.g. water mug.\n")
    let add = try cli.run("servings", "add", "mug", "300ml", "--drink", "coffee")
    #expect(add.stdout == "Serving mug: 300 mL of Coffee.\n")
    #expect(
      try cli.run("log", "mug").stdout.hasPrefix("Logged 300 mL (1 mug) of Coffee at 2:03 PM"))
  }

  @Test func aDrinkAloneLogsItsServingElseItsLastAmountElse250() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "--at", "08:00").stdout.hasPrefix("Logged 250 mL of Water"))
    #expect(try cli.run("log", "water", "400ml", "--at", "09:00").status == 0)
    #expect(try cli.run("log", "water", "--at", "10:00").stdout.hasPrefix("Logged 400 mL of Water"))
    let set = try cli.run("types", "serving", "water", "300ml")
    #expect(set.stdout == "`liquidus log water` now logs 300 mL.\n")
    #expect(try cli.run("log", "water", "--at", "11:00").stdout.hasPrefix("Logged 300 mL of Water"))
  }

  @Test func badServingsAreRefusedWithWhatToTypeAndNothingChanges() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let shadow = try cli.run("servings", "add", "water", "300ml")
    #expect(shadow.status == 64)
    #expect(shadow.stderr.contains("'water' is a drink type: a serving cannot have a drink's name"))
    let unknown = try cli.run("log", "water", "mugg")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("Did you mean 'mug'?"), "\(unknown.stderr)")
    #expect(unknown.stderr.contains("`liquidus servings add mugg 350ml`"))
    #expect(try cli.run("servings", "remove", "jug").status == 64)
    #expect(try cli.run("log", "water", "0", "glasses").status == 64)
    #expect(try cli.run("list", "--format", "csv").stdout.split(separator: "\n").count == 1)
    #expect(try cli.run("servings").stdout.split(separator: "\n").count == 5)
    #expect(try cli.run("servings", "remove", "can").stdout == "Removed the serving can.\n")
    #expect(try cli.run("log", "water", "can").status == 64)
  }
}
