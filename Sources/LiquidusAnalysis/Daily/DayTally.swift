import Foundation
import LiquidusModel
import LiquidusStore

/// What the types say about a drink that a day's figures need: its name, its hydration factor
/// and whether it is water.
struct TypeFacts {
  let names: DrinkTypeNames
  /// Hydration factors by type id: an array, since a dictionary hashed the id of every entry
  /// (ids are small: types are few and never reused).
  private var factors: [Double] = []
  private var otherFactors: [DrinkType.ID: Double] = [:]
  /// The types in display order, for the by-drink rows.
  var order: [DrinkType.ID] = []
  /// The built-in Water type, whatever it has been renamed to; else a type named Water.
  var water: DrinkType.ID?

  init(_ types: [DrinkType]) {
    names = DrinkTypeNames(types)
    for type in types {
      order.append(type.id)
      let id = Int(clamping: type.id.rawValue)
      if (0..<4096).contains(id) {
        if factors.count <= id { factors += repeatElement(1, count: id + 1 - factors.count) }
        factors[id] = type.hydrationFactor
      } else {
        otherFactors[type.id] = type.hydrationFactor
      }
    }
    // The built-in types are made in order on first run, Water first, so it has id 1 in every
    // database (`DrinkType.builtIns`); a person who renamed it still drinks water.
    water =
      types.first { $0.draft.isBuiltIn && $0.id.rawValue == 1 }?.id
      ?? types.first { $0.name.lowercased() == "water" }?.id
  }

  /// The hydration factor of a type; 1 for one the list lacks.
  func factor(of id: DrinkType.ID) -> Double {
    let index = Int(clamping: id.rawValue)
    return index >= 0 && index < factors.count ? factors[index] : otherFactors[id] ?? 1
  }
}

/// Where one day's drinks came from, counted in a pass of its own over the table (the time
/// index does not hold the source): see `DrinkStore.forEachDrinkSource`.
struct DaySources {
  /// The sources' indexes in the list the store returns (see `forEachDrinkSource`): the first
  /// 64 as bits, since hashing an index for every entry cost a tenth of the export.
  private var first64: UInt64 = 0
  private var others: Set<Int> = []
  var typed = 0
  var imported = 0

  mutating func add(isTyped: Bool, source: Int) {
    if isTyped { typed += 1 } else { imported += 1 }
    if source < 64 { first64 |= 1 << UInt64(source) } else { others.insert(source) }
  }

  /// How many distinct sources.
  var count: Int { first64.nonzeroBitCount + others.count }
}

/// One day's entries added up as they stream past, in time order: a ``DayRow`` and its
/// by-drink rows when the day ends.
struct DayTally {
  let clock: DayClock
  private(set) var row: DayRow
  private var previousDrink: Int64?
  private var hoursSeen: UInt32 = 0
  private var byType: [DrinkType.ID: DrinkDayRow] = [:]
  /// The instant of the day's last caffeine and the body's milligrams just after it.
  private var lastCaffeine: (milliseconds: Int64, inBody: Double)?

  init(clock: DayClock, date: String, target: DailyTarget, exercise: DayExercise?, now: Date) {
    self.clock = clock
    row = DayRow(
      date: date, isComplete: Double(clock.end) / 1000 <= now.timeIntervalSince1970,
      utcOffsetSeconds: clock.startOffset, hours: clock.hours, target: target,
      exerciseMinutes: exercise?.minutes ?? 0)
  }

  /// Adds one drink or caffeine record of the day; `inBody` is the modelled caffeine just
  /// after it. `byDrink` keeps each type's figures too (a dictionary update per entry, so only
  /// when asked).
  mutating func add(_ intake: IntakeRow, types: TypeFacts, inBody: Double, byDrink: Bool) {
    if intake.caffeine > 0 {
      row.caffeine += intake.caffeine
      lastCaffeine = (intake.milliseconds, inBody)
    }
    guard let typeID = intake.typeID else { return }
    let volume = intake.milliliters
    let hydration = volume * types.factor(of: typeID)
    row.total += volume
    row.hydration += hydration
    if typeID == types.water { row.water += volume }
    row.drinks += 1
    let minute = clock.minute(intake.milliseconds)
    if row.firstDrinkMinute == nil { row.firstDrinkMinute = minute }
    row.lastDrinkMinute = minute
    if let previousDrink {
      let gap = Int((intake.milliseconds - previousDrink) / 60_000)
      row.longestGapMinutes = max(row.longestGapMinutes ?? 0, gap)
    }
    previousDrink = intake.milliseconds
    switch minute {
    case ..<360: row.night += volume
    case ..<720: row.morning += volume
    case ..<1080: row.afternoon += volume
    default: row.evening += volume
    }
    hoursSeen |= 1 << UInt32(min(max(minute / 60, 0), 23))
    guard byDrink else { return }
    byType[
      typeID, default: DrinkDayRow(date: row.date, drink: types.names[typeID])
    ]
    .add(volume: volume, hydration: hydration, caffeine: intake.caffeine)
  }

  /// The day's row, once its last entry is in.
  /// - Parameters:
  ///   - sources: where the day's drinks came from.
  ///   - body: the caffeine model, for when the day's caffeine falls below the sleep level.
  func finished(sources: DaySources, body: CaffeineBody, sleepLevel: Double) -> DayRow {
    var row = row
    row.counted = row.target.counted(volume: row.total, hydration: row.hydration)
    row.hoursWithLog = hoursSeen.nonzeroBitCount
    row.sources = sources.count
    row.typedEntries = sources.typed
    row.importedEntries = sources.imported
    if let lastCaffeine,
      let clears = body.secondsUntil(below: sleepLevel, from: lastCaffeine.inBody)
    {
      let instant = lastCaffeine.milliseconds + Int64((clears * 1000).rounded(.down))
      row.caffeineClearMinute = Int(DayClock.floorDiv(clock.wallSecond(instant), 60))
    }
    return row
  }

  /// The by-drink rows of the day, in the types' display order (a type the list lacks, which
  /// a concurrent `types add` could make, after them by id).
  func drinkRows(order: [DrinkType.ID]) -> [DrinkDayRow] {
    let known = Set(order)
    return order.compactMap { byType[$0] }
      + byType.filter { !known.contains($0.key) }.sorted { $0.key.rawValue < $1.key.rawValue }
      .map(\.value)
  }
}

extension DrinkDayRow {
  mutating func add(volume: Double, hydration: Double, caffeine: Double) {
    milliliters += volume
    self.hydration += hydration
    entries += 1
    self.caffeine += caffeine
  }
}
