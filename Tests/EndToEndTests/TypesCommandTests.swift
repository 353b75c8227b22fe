import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import Testing

@Suite struct TypesCommandTests {
  @Test func typesListsTheBuiltInsWithCounts() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml")
    let result = try cli.run("types")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[1].contains("Water") && lines[1].contains("#0072B2") && lines[1].contains(" 1  "))
  }

  @Test func addRenameColorMoveEnableAndDisable() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("types", "add", "Tea", "--color", "#009e73").status == 0)
    #expect(try cli.run("types", "rename", "Soda", "Cola").status == 0)
    #expect(try cli.run("types", "color", "tea", "56B4E9").status == 0)
    #expect(try cli.run("types", "move", "Tea", "1").status == 0)
    #expect(try cli.run("types", "disable", "juice").status == 0)
    let store = try DrinkStore.open(at: cli.databasePath)
    let types = try store.allTypes()
    #expect(types.map(\.name) == ["Tea", "Water", "Coffee", "Cola", "Juice"])
    #expect(types[0].color.hex == "#56B4E9")
    #expect(types[4].isEnabled == false)
    let refused = try cli.run("log", "juice", "200ml")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("disabled") && refused.stderr.contains("types enable"))
    #expect(try cli.run("types", "enable", "Juice").status == 0)
    #expect(try cli.run("log", "juice", "200ml").status == 0)
  }

  @Test func deleteArchivesATypeWithHistoryAndItsEntriesStay() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "coffee", "200ml", "--at", "08:00")
    let delete = try cli.run("types", "delete", "coffee")
    #expect(delete.status == 0)
    #expect(delete.stdout.contains("Archived Coffee: its 1 entry stay"))
    #expect(try cli.run("list").stdout.contains("Coffee"))
    #expect(try cli.run("status").stdout.contains("Coffee 200 mL"))
    #expect(try cli.run("log", "coffee", "200ml").status == 64)
  }

  @Test func purgeSaysHowManyAndRemovesThem() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "soda", "330ml", "--at", "08:00")
    try cli.run("log", "soda", "330ml", "--at", "09:00")
    try cli.run("log", "water", "250ml", "--at", "09:00")
    // Without a terminal to ask at, a purge of entries needs --yes (FirstWeekMessageTests).
    let purge = try cli.run("types", "delete", "soda", "--purge", "--yes")
    #expect(purge.status == 0)
    #expect(purge.stdout.contains("Removed Soda and 2 entries."))
    let store = try DrinkStore.open(at: cli.databasePath)
    #expect(try store.entryCount() == 1)
    #expect(try !store.allTypes().map(\.name).contains("Soda"))
  }
}
