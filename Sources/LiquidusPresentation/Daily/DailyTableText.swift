import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusSources

/// `export --daily` as text: CSV with snake_case columns, or a JSON array of objects with the
/// same names in camelCase, in the same order. Written a day at a time, so memory stays flat.
///
/// Millilitres are rounded to 0.01 mL and milligrams to 0.1 mg, as every machine format has
/// them; a missing value (no drinks, so no first drink) is an empty CSV cell and a JSON null.
/// docs/FORMATS.md names and explains every column.
public struct DailyTableText: Sendable {
  /// CSV or JSON.
  public enum Format: String, Sendable, CaseIterable {
    case csv, json
  }

  public var format: Format
  /// Whether the rows are the by-drink ones.
  public var byDrink: Bool
  private var written = 0

  public init(format: Format, byDrink: Bool) {
    self.format = format
    self.byDrink = byDrink
  }

  /// The columns, in order, as the CSV names them.
  public var columns: [String] {
    byDrink ? DrinkDayRow.columns : DayRow.columns
  }

  /// What comes before the first row: the CSV header, or the array's opening.
  public var header: String {
    format == .csv ? CSVField.line(columns) + "\n" : "["
  }

  /// What comes after the last row.
  public var footer: String {
    format == .csv ? "" : (written == 0 ? "]\n" : "\n]\n")
  }

  /// One day's text: its row, or its by-drink rows.
  public mutating func text(of day: DayRow, drinks: [DrinkDayRow]) throws -> String {
    let rows = byDrink ? drinks.map(\.cells) : [day.cells]
    var text = ""
    for cells in rows {
      switch format {
      case .csv: text += cells.map(\.csv).joined(separator: ",") + "\n"
      case .json: text += (written == 0 ? "\n  " : ",\n  ") + (try object(cells))
      }
      written += 1
    }
    return text
  }

  private func object(_ cells: [Cell]) throws -> String {
    var text = "{"
    for (index, (column, cell)) in zip(columns, cells).enumerated() {
      if index > 0 { text += "," }
      text += JSONLiteral.string(Self.camelCase(column)) + ":" + (try cell.json)
    }
    return text + "}"
  }

  /// `first_drink` as `firstDrink`.
  static func camelCase(_ column: String) -> String {
    let words = column.split(separator: "_")
    return words.enumerated().map {
      $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst()
    }
    .joined()
  }
}

/// One value of a row, as CSV and JSON write it.
enum Cell {
  /// Text someone wrote (a drink's name): quoted and kept from running as a formula in CSV.
  case text(String)
  /// Text of a fixed form Liquidus writes (a date, `+01:00`, `07:30`), written as it is:
  /// neutralising would put an apostrophe before every negative offset.
  case fixed(String)
  case number(Double)
  case whole(Int)
  case flag(Bool)
  case none

  var csv: String {
    switch self {
    case .text(let text): CSVField.escape(text)
    case .fixed(let text): text
    case .number(let value): (try? JSONLiteral.number(value)) ?? ""
    case .whole(let value): String(value)
    case .flag(let value): value ? "true" : "false"
    case .none: ""
    }
  }

  var json: String {
    get throws {
      switch self {
      case .text(let text), .fixed(let text): JSONLiteral.string(text)
      case .number(let value): try JSONLiteral.number(value)
      case .whole(let value): String(value)
      case .flag(let value): value ? "true" : "false"
      case .none: "null"
      }
    }
  }

  static func milliliters(_ value: Double) -> Cell {
    .number(MachineVolume().value(Volume(milliliters: value)))
  }

  static func milligrams(_ value: Double) -> Cell { .number(CaffeineText.value(value)) }

  /// A wall-clock minute as `HH:MM`; hours go on past 23 for a later day (`25:30`).
  static func clock(_ minute: Int?) -> Cell {
    guard let minute else { return .none }
    let hours = minute / 60
    let minutes = minute % 60
    return .fixed((hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)")
  }
}

extension DayRow {
  static let columns = [
    "date", "complete", "utc_offset", "day_hours", "total_ml", "hydration_ml", "counted_ml",
    "water_ml", "drinks", "first_drink", "last_drink", "longest_gap_min", "night_ml",
    "morning_ml", "afternoon_ml", "evening_ml", "caffeine_mg", "caffeine_clear_at", "goal_kind",
    "goal_ml", "exercise_min", "percent_of_goal", "goal_met", "hours_with_log", "sources",
    "typed_entries", "imported_entries",
  ]

  var cells: [Cell] {
    [
      .fixed(date), .flag(isComplete), .fixed(Self.offset(utcOffsetSeconds)),
      .number((hours * 100).rounded() / 100),
      .milliliters(total), .milliliters(hydration), .milliliters(counted), .milliliters(water),
      .whole(drinks), .clock(firstDrinkMinute), .clock(lastDrinkMinute),
      longestGapMinutes.map(Cell.whole) ?? .none, .milliliters(night), .milliliters(morning),
      .milliliters(afternoon), .milliliters(evening), .milligrams(caffeine),
      .clock(caffeineClearMinute), .fixed(target.kind.rawValue),
      .milliliters(target.amount.milliliters),
      .number((exerciseMinutes * 100).rounded() / 100),
      .number((percentOfGoal * 100).rounded() / 100),
      .flag(goalMet), .whole(hoursWithLog), .whole(sources), .whole(typedEntries),
      .whole(importedEntries),
    ]
  }

  /// `+01:00`, `-03:30`, `+00:00`: an offset as ISO 8601 writes it.
  static func offset(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    let hours = minutes / 60
    return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):"
      + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
  }
}

extension DrinkDayRow {
  static let columns = ["date", "drink", "ml", "hydration_ml", "entries", "caffeine_mg"]

  var cells: [Cell] {
    [
      .fixed(date), .text(drink), .milliliters(milliliters),
      .milliliters(hydration), .whole(entries), .milligrams(caffeine),
    ]
  }
}
