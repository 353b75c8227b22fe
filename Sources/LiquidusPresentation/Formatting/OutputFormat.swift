/// How a command prints data: for people (`table`), programs (`json`), spreadsheets (`csv`), or
/// the ear (`text`).
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
  case table, json, csv, text
}
