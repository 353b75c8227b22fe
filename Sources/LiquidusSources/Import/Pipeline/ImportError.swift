import Foundation
import LiquidusModel

/// A failure that stops reading a whole import file (a bad single row is a
/// ``ReaderEvent/rejected(line:reason:)`` instead).
///
/// Every ``errorDescription`` says what went wrong, where (`file:line` when a line applies)
/// and what the user can do about it.
public enum ImportError: LocalizedError, Equatable {
  /// The file could not be opened or read.
  case unreadableFile(path: String, reason: String)
  /// The file is empty (or holds only a byte-order mark or blank lines).
  case emptyFile(path: String)
  /// The file is named or announced as a zip but is not one (or its directory is missing).
  case notAZip(path: String)
  /// The zip is truncated or damaged: its data ends early, fails to inflate or fails its CRC.
  case corruptZip(path: String, reason: String)
  /// A member of the zip would unpack to more than it may (``ZipMemberLimits``): `reason`
  /// says which limit.
  case zipMemberRefused(path: String, member: String, reason: String)
  /// A member of the zip is compressed with a method Liquidus cannot unpack (bzip2, LZMA, ...;
  /// only stored and deflated members are read), named in `method`.
  case unsupportedZipCompression(path: String, member: String, method: String)
  /// The zip holds no `apple_health_export/export.xml`.
  case missingExportXML(path: String, entries: [String])
  /// The XML declares entities (billion laughs, external entities); nothing is expanded.
  case entityDeclarationRefused(path: String, line: Int)
  /// The XML is not well formed where the reader needs it to be.
  case malformedXML(path: String, line: Int, reason: String)
  /// A JSON file is not the data file its format expects.
  case malformedJSON(path: String, reason: String)
  /// The XML's root element is not `<HealthData>`.
  case notAHealthExport(path: String, rootElement: String)
  /// A single token (tag, comment, CSV row) is larger than the reader accepts.
  case tokenTooLarge(path: String, line: Int, limit: Int)
  /// The CSV header matches none of the known layouts.
  case unknownCSVHeader(path: String, header: String)
  /// The file holds binary data (a picture, a spreadsheet), not the text of any format.
  case notText(path: String)
  /// A CSV row has more fields than any real layout.
  case tooManyFields(path: String, line: Int, limit: Int)
  /// The CSV header lacks columns that the chosen format requires.
  case missingColumns(path: String, format: ImportFormat, missing: [String], header: String)
  /// A `--map COLUMN=FIELD` names a field that does not exist.
  case invalidColumnMap(column: String, field: String)
  /// Neither the file name nor its first bytes tell which format it is.
  case unrecognizedFormat(path: String)
  /// A folder or zip holds no file that Liquidus reads (of `searchedFor`, with `--format`).
  case nothingToImport(path: String, searchedFor: ImportFormat?, holds: [String] = [])
  /// A database or data file of `format` that cannot be read as one (not SQLite, a missing
  /// table, a zip without the member): `reason` says which.
  case unreadableExport(path: String, format: ImportFormat, reason: String)

  public var errorDescription: String? {
    switch self {
    case .unreadableFile(let path, let reason):
      "Cannot read \(path): \(reason.withoutFinalPeriod). Check that the file exists and is readable."
    case .emptyFile(let path):
      "\(path) is empty. Export the data again and import the new file."
    case .notAZip(let path):
      "\(path) is not a zip archive (no zip directory found). Pass the export.zip the Health"
        + " app shared, or the unpacked apple_health_export/export.xml."
    case .corruptZip(let path, let reason):
      "\(path) is truncated or damaged (\(reason)). Copy or export it again; if it keeps"
        + " failing, unzip it elsewhere and import apple_health_export/export.xml."
    case .zipMemberRefused(let path, let member, let reason):
      "\(path): \(member) \(reason.withoutFinalPeriod)."
    case .unsupportedZipCompression(let path, let member, let method):
      "\(path): \(member) is compressed with \(method), which Liquidus cannot unpack (it reads"
        + " zips whose members are stored or compressed with the usual Deflate, as phones and"
        + " zip tools make them). The zip is not damaged: zip the folder again with the usual"
        + " Deflate compression, or unpack it with a tool that reads \(method) and import the"
        + " unpacked folder."
    case .missingExportXML(let path, let entries):
      "\(path) holds no apple_health_export/export.xml (found: "
        + "\(entries.prefix(5).joined(separator: ", "))\(entries.count > 5 ? ", ..." : "")). "
        + "Pass the export.zip produced by Health > Export All Health Data."
    case .entityDeclarationRefused(let path, let line):
      "\(path):\(line): the XML declares an entity (<!ENTITY ...>). Liquidus never expands"
        + " entities (they can exhaust memory or read other files); Apple Health exports never"
        + " declare any, so this file was not written by the Health app."
    case .malformedXML(let path, let line, let reason):
      "\(path):\(line): malformed XML: \(reason.withoutFinalPeriod). The export may be truncated; export it again."
    case .malformedJSON(let path, let reason):
      "\(path): \(reason.withoutFinalPeriod). Take the file from Google Takeout again (Fit > All"
        + " Data > raw_com.google.hydration_*.json)."
    case .notAHealthExport(let path, let root):
      "\(path): the root element is <\(root)>, not <HealthData>."
    case .tokenTooLarge(let path, let line, let limit):
      "\(path):\(line): one element or row is larger than \(limit / (1 << 20)) MiB."
    case .notText(let path):
      "\(path) is not a text file (it holds binary data, such as a picture or a spreadsheet), "
        + "so it is none of the formats Liquidus reads. Export CSV from the app, or pass the "
        + "Health app's export.zip."
    case .tooManyFields(let path, let line, let limit):
      "\(path):\(line): a row has more than \(limit) fields, more than any format Liquidus reads."
    case .unknownCSVHeader(let path, let header):
      "\(path):1: unknown CSV header '\(header)'. Expected one of:\n\(Self.formatDetails)"
    case .missingColumns(let path, let format, let missing, let header):
      "\(path):1: the \(format.rawValue) header '\(header)' lacks "
        + "\(missing.joined(separator: ", ")). Expected \(format.layoutDescription)."
    case .invalidColumnMap(let column, let field):
      "\(column)=\(field): unknown field '\(field)'. The fields are "
        + PlainCSVReader.fields.joined(separator: ", ") + "."
    case .unrecognizedFormat(let path):
      "Cannot tell the format of \(path). It is none of:\n\(Self.formatDetails)"
    case .nothingToImport(let path, let format, let holds):
      "\(path) holds no \(format.map { $0.rawValue + " " } ?? "")file that Liquidus reads"
        + (holds.isEmpty ? "" : " (it holds \(BundleFileNames.someOf(holds)))")
        + ". In a folder or zip it looks for \(BundleFileNames.known). Pass the file itself."
    case .unreadableExport(let path, let format, let reason):
      "\(path): \(reason.withoutFinalPeriod). \(Self.howToExportAgain(format))"
    }
  }

  /// Where to get a good copy of a `format` file.
  private static func howToExportAgain(_ format: ImportFormat) -> String {
    // Every format named, so a new one does not compile until it says where a good copy of
    // its file comes from.
    switch format {
    case .appleHealth:
      "Export again from the Health app (your picture > Export All Health Data) and import the"
        + " export.zip it makes."
    case .healthCSV, .healthAutoExport:
      "Export the CSV again from the app that wrote it and import the new file."
    case .waterminder:
      "Export the history again from WaterMinder (Settings > Export data) and import the new"
        + " CSV."
    case .samsungHealth:
      "Download your data again from Samsung Health (Settings > Download personal data) and"
        + " import the new folder or zip."
    case .cronometer:
      "Export servings.csv again from Cronometer (Settings > Account > Export Data) and import"
        + " the new file."
    case .googleFit:
      "Export Fit again from Google Takeout and import the new zip or its"
        + " raw_com.google.hydration_*.json files."
    case .healthConnect:
      "Export again from Health Connect (its export in Settings > Health Connect) and import"
        + " the zip it writes, or the health_connect_export.db inside it."
    case .garmin:
      "Request the export again from Garmin (Account > Data Management > Export Your Data) and"
        + " import DI_CONNECT/DI-Connect-Aggregator/HydrationLogFile_*.json, or the whole zip."
    case .csv:
      "Write the CSV again with the header date,drink,amount,unit and import the new file."
    }
  }

  /// The format names, comma-separated.
  package static var formatList: String {
    ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// Each format's name and layout, one per line.
  package static var formatDetails: String {
    ImportFormat.allCases.map { "  \($0.rawValue): \($0.layoutDescription)" }
      .joined(separator: "\n")
  }
}
