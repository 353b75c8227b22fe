import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusStore

/// The everyday operations, against an in-memory store and a pinned clock in Berlin, where
/// 2026-03-29 is 23 hours long (clocks go forward at 02:00).
@Suite struct JournalTests {
  let store: DrinkStore
  let journal: Journal
  /// 2026-11-20 14:03 in Berlin (13:03 UTC).
  static let now = Date(timeIntervalSince1970: 1_795_179_780)

  init() throws {
    store = try DrinkStore.inMemory()
    journal = Journal(store: store, context: Self.context(now: Self.now))
  }

  static func context(now: Date) -> CalendarContext {
    CalendarContext(
      now: now, timeZone: TimeZone(identifier: "Europe/Berlin")!, firstWeekday: 2,
      locale: Locale(identifier: "en_US"))
  }

  @Test func logReturnsTheEntryWithItsLocalDaysRunningTotal() throws {
    // 23:30 UTC the day before is 00:30 on the 20th in Berlin: the same local day.
    let early = Self.now.addingTimeInterval(-13.5 * 3600)
    _ = try journal.log(drinkName: "water", volume: Volume(milliliters: 500), at: early)
    // 22:30 UTC on the 19th is 23:30 on the 19th in Berlin: another day.
    _ = try journal.log(
      drinkName: "water", volume: Volume(milliliters: 700), at: early.addingTimeInterval(-3600))
    let receipt = try journal.log(drinkName: "COFFEE", volume: Volume(milliliters: 250))
    #expect(receipt.type.name == "Coffee")
    #expect(receipt.drink.instant == Self.now)
    #expect(receipt.dayTotal == Volume(milliliters: 750))
    #expect(receipt.drink.id != nil)
    #expect(try store.entryCount() == 3)
  }

  @Test func aBlankNoteIsNoNote() throws {
    let receipt = try journal.log(
      drinkName: "water", volume: Volume(milliliters: 100), note: "  \n ")
    #expect(receipt.drink.note == nil)
  }

  @Test func timesMoreThanAMinuteAheadOrBefore1970AreRefusedAndNothingIsStored() throws {
    let volume = Volume(milliliters: 100)
    // Within a minute of clock skew is fine.
    _ = try journal.log(drinkName: "water", volume: volume, at: Self.now.addingTimeInterval(59))
    #expect(throws: EntryError.inFuture("2026-11-20T14:04:01+01:00")) {
      try journal.log(drinkName: "water", volume: volume, at: Self.now.addingTimeInterval(61))
    }
    #expect(throws: EntryError.tooOld("1970-01-01T00:59:59+01:00")) {
      try journal.log(drinkName: "water", volume: volume, at: Date(timeIntervalSince1970: -1))
    }
    #expect(try store.entryCount() == 1)
  }

  @Test func unknownAndArchivedTypesAreRefusedWithTheReason() throws {
    #expect(throws: StoreError.unknownDrinkType("watr", suggestion: "Water")) {
      try journal.log(drinkName: "watr", volume: Volume(milliliters: 100))
    }
    _ = try journal.log(drinkName: "juice", volume: Volume(milliliters: 100))
    _ = try store.deleteType("Juice")
    #expect(throws: StoreError.drinkTypeNotSelectable("Juice", archived: true)) {
      try journal.log(drinkName: "juice", volume: Volume(milliliters: 100))
    }
  }

  @Test func editChangesOnlyWhatIsGivenAndCanMoveAnEntryToAnotherDay() throws {
    let logged = try journal.log(
      drinkName: "water", volume: Volume(milliliters: 250), note: "morning")
    let id = try #require(logged.drink.id)
    let yesterday = Self.now.addingTimeInterval(-86_400)
    let (edited, type) = try journal.edit(id: id, drinkName: "soda", at: yesterday)
    #expect(type.name == "Soda")
    #expect(edited.volume == Volume(milliliters: 250))
    #expect(edited.note == "morning")
    #expect(edited.instant == yesterday)
    #expect(try journal.today().total == .zero)
    // An empty note removes it.
    #expect(try journal.edit(id: id, note: "").0.note == nil)
  }

  @Test func editRefusesAnUnknownIdAndAFutureTime() throws {
    #expect(throws: StoreError.unknownEntry(42)) {
      try journal.edit(id: 42, volume: Volume(milliliters: 1))
    }
    let id = try #require(
      try journal.log(drinkName: "water", volume: Volume(milliliters: 250)).drink.id)
    #expect(throws: EntryError.inFuture("2026-11-20T15:03:00+01:00")) {
      try journal.edit(id: id, at: Self.now.addingTimeInterval(3600))
    }
    #expect(try store.drink(id: id).instant == Self.now)
  }

  @Test func todayCountsByTypeInListOrderAndAgainstTheGoal() throws {
    _ = try journal.log(drinkName: "coffee", volume: Volume(milliliters: 300))
    _ = try journal.log(drinkName: "water", volume: Volume(milliliters: 1200))
    _ = try journal.log(drinkName: "water", volume: Volume(milliliters: 600))
    let today = try journal.today()
    #expect(today.total == Volume(milliliters: 2100))
    #expect(today.byType.map(\.type.name) == ["Water", "Coffee"])
    #expect(today.byType.map(\.total) == [Volume(milliliters: 1800), Volume(milliliters: 300)])
    #expect(today.goalMet)
    #expect(today.remaining == .zero)
  }

  @Test func aDayOf23HoursHoldsEveryEntryLoggedInIt() throws {
    // 2026-03-29 in Berlin runs from 23:00 UTC on the 28th to 22:00 UTC on the 29th.
    let lateNight = Date(timeIntervalSince1970: 1_774_821_000)  // 2026-03-29 21:50 UTC
    let journal = Journal(store: store, context: Self.context(now: lateNight))
    let first = Date(timeIntervalSince1970: 1_774_738_800)  // 2026-03-28 23:00 UTC
    _ = try journal.log(drinkName: "water", volume: Volume(milliliters: 100), at: first)
    let receipt = try journal.log(drinkName: "water", volume: Volume(milliliters: 200))
    #expect(receipt.day.duration == 23 * 3600)
    #expect(receipt.dayTotal == Volume(milliliters: 300))
  }
}
