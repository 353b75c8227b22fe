import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import Testing

/// The everyday commands, run as a person would run them.
@Suite struct LoggingCommandTests {
  @Test func logPrintsTheEntryAndTodaysTotalAgainstTheGoal() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "1500ml", "--at", "08:00")
    let result = try cli.run("log", "water", "250ml")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == "Logged 250 mL of Water at 2:03 PM · today 1,750 / 2,000 mL (88%)\n")
  }

  @Test func logAcceptsTimesAndNotes() throws {
    let cli = try CLI(timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let result = try cli.run(
      "log", "Coffee", "8 fl oz", "--at", "yesterday 21:00", "--note", "decaf, \"really\"")
    #expect(result.status == 0, "\(result.stderr)")
    // 8 fl oz of brewed coffee at 40 mg/100 mL: 236.59 x 0.4 = 94.6 mg.
    #expect(
      result.stdout.hasPrefix(
        "Logged 237 mL of Coffee at yesterday 9:00 PM (95 mg caffeine) · that day 237"))
    let list = try cli.run("list", "yesterday", "--format", "json")
    let rows = try JSONDecoder().decode([EntryListing.Row].self, from: Data(list.stdout.utf8))
    #expect(rows.count == 1)
    #expect(rows.first?.date == "2026-11-19T21:00:00+01:00")
    #expect(rows.first?.note == "decaf, \"really\"")
    #expect(rows.first?.source == "typed" && rows.first?.unit == "mL")
  }

  @Test func statusShowsTodayAsTextAndJSON() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "500ml", "--at", "09:00")
    try cli.run("log", "coffee", "250ml", "--at", "10:00")
    let text = try cli.run("status")
    #expect(text.status == 0)
    #expect(text.stdout.contains("Today 750 / 2,000 mL  38%"))
    #expect(text.stdout.contains("1,250 mL to go"))
    #expect(text.stdout.contains("Water 500 mL · Coffee 250 mL"))
    let json = try cli.run("status", "--format", "json")
    let status = try JSONDecoder().decode(DaySnapshot.JSON.self, from: Data(json.stdout.utf8))
    #expect(status.total == 750 && status.goal == 2000 && status.percent == 38)
    #expect(status.byType.map(\.type) == ["Water", "Coffee"])
    #expect(status.date == "2026-11-20" && !status.goalMet)
  }

  @Test func undoRemovesTheLastEntryAndSaysWhat() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "09:00")
    try cli.run("log", "soda", "330ml", "--at", "08:00")
    let undo = try cli.run("undo")
    #expect(undo.status == 0)
    #expect(undo.stdout.contains("Removed 330 mL of Soda at 8:00 AM"))
    #expect(try DrinkStore.open(at: cli.databasePath).entryCount() == 1)
  }

  @Test func editChangesOnlyTheGivenFields() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "09:00", "--note", "gym")
    let edit = try cli.run("edit", "1", "--drink", "juice", "--amount", "0.3l")
    #expect(edit.status == 0, "\(edit.stderr)")
    let drink = try DrinkStore.open(at: cli.databasePath).drink(id: 1)
    #expect(drink.volume.milliliters == 300 && drink.note == "gym")
    #expect(try DrinkStore.open(at: cli.databasePath).type(named: "Juice").id == drink.typeID)
  }

  @Test func deleteRemovesSeveralEntries() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for hour in ["08:00", "09:00", "10:00"] { try cli.run("log", "water", "100ml", "--at", hour) }
    let result = try cli.run("delete", "1", "3")
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 2)
    #expect(try DrinkStore.open(at: cli.databasePath).entryCount() == 1)
  }

  @Test func listShowsIdsAndATotal() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    try cli.run("log", "coffee", "200ml", "--at", "09:30", "--note", "oat")
    let table = try cli.run("list")
    #expect(table.status == 0)
    #expect(table.stdout.contains("2026-11-20 9:30 AM  Coffee  200 mL  oat"))
    #expect(table.stdout.contains("Total 450 mL in 2 entries"))
    let csv = try cli.run("list", "--format", "csv", "--type", "coffee")
    #expect(
      csv.stdout
        == "id,date,drink,amount,unit,note,source\n2,2026-11-20T09:30:00Z,Coffee,200,mL,oat,typed\n"
    )
  }

  @Test func goalAndConfigChangeHowAmountsAreShown() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("goal").stdout == "Daily goal: 2,000 mL\n")
    #expect(try cli.run("goal", "2.5l").status == 0)
    #expect(try cli.run("config", "--unit", "l", "--first-weekday", "monday").status == 0)
    let config = try cli.run("config")
    #expect(config.stdout.contains("Display unit:  L"))
    #expect(config.stdout.contains("First weekday: Monday"))
    #expect(config.stdout.contains("Daily goal:    2.5 L"))
    // A bare number is now read in litres.
    let log = try cli.run("log", "water", "0.5")
    #expect(log.stdout.contains("Logged 0.5 L of Water") && log.stdout.contains("/ 2.5 L (20%)"))
  }

  @Test func databaseFolderAndFileAreOwnerOnly() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("status")
    let manager = FileManager.default
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let folderMode = try manager.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    let fileMode = try manager.attributesOfItem(atPath: cli.databasePath)[.posixPermissions] as? Int
    #expect(folderMode == 0o700)
    #expect(fileMode == 0o600)
  }

  @Test func databasePathComesFromTheFlagBeforeTheEnvironment() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let other = cli.folder.appendingPathComponent("other.sqlite").path
    try cli.run("log", "water", "250ml", "--db", other)
    #expect(try DrinkStore.open(at: other).entryCount() == 1)
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
  }
}
