import Foundation
import LiquidusModel
import LiquidusStore

/// Reads a file written by `liquidus export --format csv` as entries with their ids, so that a
/// database rebuilt from a CSV export and the database it came from stay one set of entries:
/// `merge` reads it as it reads a JSON export, and `import` brings it in the same way (an
/// entry whose id is here already adds nothing), where an import by rows would give every
/// entry a new id and a later merge would bring each one in twice.
public enum ExportedCSVReader {
  /// The columns that make a CSV an export with entry ids.
  static let required = ["date", "drink", "amount", "uid", "modified_at"]

  /// Whether the file at `path` is a Liquidus CSV export that carries entry ids (its header
  /// has `uid` and `modified_at` besides `date,drink,amount`).
  /// Only a regular file is looked at: reading the head of a pipe or a FIFO would take it
  /// from the import that reads it next.
  public static func hasEntryIDs(atPath path: String) -> Bool {
    let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    guard type == .typeRegular, let handle = FileHandle(forReadingAtPath: path) else {
      return false
    }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 512),
      let text = String(data: head, encoding: .utf8),
      let line = text.split(separator: "\n", omittingEmptySubsequences: false).first
    else { return false }
    let columns = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
      .map(String.init)
    return required.allSatisfy(columns.contains)
  }

  /// The entries of the export at `path`.
  /// - Throws: ``StoreError/mergeSourceRejected(path:reason:)`` for a row that is not an entry.
  public static func snapshot(of path: String) throws -> MergeSnapshot {
    let text: String
    do {
      text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    } catch {
      throw StoreError.mergeSourceRejected(
        path: path, reason: "it cannot be read (\(error.localizedDescription))")
    }
    let rows = records(text)
    guard let header = rows.first, required.allSatisfy(header.contains) else {
      throw StoreError.mergeSourceUnrecognized(path: path)
    }
    let column = Dictionary(header.enumerated().map { ($1, $0) }) { first, _ in first }
    func field(_ row: [String], _ name: String) -> String? {
      guard let index = column[name], index < row.count else { return nil }
      let value = CSVField.unneutralized(row[index])
      return value.isEmpty ? nil : value
    }
    var objects: [ExportedJSONReader.Object] = []
    var lines: [Int] = []
    for (offset, row) in rows.enumerated().dropFirst() where row != [""] {
      objects.append(
        ExportedJSONReader.Object(
          date: field(row, "date") ?? "", drink: field(row, "drink") ?? "",
          amount: field(row, "amount").flatMap(Double.init) ?? .nan,
          unit: field(row, "unit"), note: field(row, "note"), source: field(row, "source"),
          caffeineMg: field(row, "caffeine_mg").flatMap(Double.init), uid: field(row, "uid"),
          modifiedAt: field(row, "modified_at"), importKey: field(row, "import_key")))
      lines.append(offset + 1)
    }
    return try ExportedJSONReader.snapshot(of: objects, path: path) { "line \(lines[$0])" }
  }

  /// The records of RFC 4180 text: fields split at commas, quotes around a field that holds
  /// commas, quotes or line breaks, and `""` for a quote inside one.
  static func records(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var characters = text.makeIterator()
    var pending: Character? = nil
    while let character = pending ?? characters.next() {
      pending = nil
      if quoted {
        if character == "\"" {
          let next = characters.next()
          if next == "\"" {
            field.append("\"")
          } else {
            quoted = false
            pending = next
          }
        } else {
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"": quoted = true
      case ",":
        record.append(field)
        field = ""
      case "\n", "\r\n":
        record.append(field)
        records.append(record)
        (record, field) = ([], "")
      case "\r": break
      default: field.append(character)
      }
    }
    if !field.isEmpty || !record.isEmpty {
      record.append(field)
      records.append(record)
    }
    return records
  }
}
