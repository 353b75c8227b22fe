import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

// The one place where the library's errors meet the command line: each gets its exit status,
// and advice in terms of options (`--force`, `--db`) and commands (`liquidus types add`), which
// the library does not know about.

extension AmountError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .notPositive:
      return description + " Log a positive amount such as 250ml; "
        + "to remove an entry use `liquidus delete <id>` or `liquidus undo`."
    case .tooLarge(let volume, let limit) where limit == AmountParser.absoluteLimit:
      return "\(Self.amount(volume)) is more than anyone drinks at once (the limit is "
        + "\(Int(limit.milliliters)) mL, even with --force). Check the number and the unit."
    case .tooLarge:
      return description + " Add --force if you really drank that much at once."
    case .probablyLitres(let typed, _):
      // The number as typed, not rounded to whole millilitres: 1.5 is kept as 1.5 mL.
      return description + " Add --force to keep "
        + "\(typed.trimmingCharacters(in: .whitespaces)) mL as typed."
    case .showsAsNothing:
      return description + " Add --force to keep it as typed."
    case .unreadable, .notFinite, .goalOutOfRange, .ambiguous, .tooSmall:
      return description
    }
  }
}

extension EntryError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .inFuture:
      description + " Log drinks when they happen, or give a past time "
        + "with --at (e.g. --at 07:30, --at \"yesterday 21:00\", --at \"2h ago\")."
    case .tooOld: description
    }
  }
}

extension ServingError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .unknown(let name, _, _):
      description + " Add it with `liquidus servings add \(name) 350ml`."
    case .shadowsDrink, .needsDrink, .invalidName, .badCount: description
    }
  }
}

extension GoalError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .notADay: description + " E.g. `liquidus goal 2.5l --from 2026-11-01`."
    case .dayInFuture: description + " Leave out --from for a goal from today."
    case .workoutsOnALimit:
      description + " `liquidus goal 2l --per-workout 250ml/30min` sets a goal that adds it."
    }
  }
}

extension WorkoutError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .durationOutOfRange, .unreadableDuration:
      description + " E.g. `liquidus log-workout 45min --at 07:30`."
    case .unreadableAllowance, .allowanceOutOfRange:
      description + " E.g. `liquidus goal --per-workout 250ml/30min`."
    case .notEndedYet:
      description + " E.g. `liquidus log-workout 45min --at 07:30`."
    case .notFound: description + " `liquidus workouts` lists them with their ids."
    }
  }
}

extension PeriodExpressionError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .rangeEndsBeforeStart: description.dropLast() + ": give --to on or after --from."
    case .tooLongToLayOut:
      description.dropLast() + ", or use `list` or `export` for the entries of any range."
    default: description
    }
  }
}

extension TimeExpressionError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }
  var message: String { description }
}

extension StoreError: CommandLineFailure {
  var exitStatus: ExitStatus {
    switch self {
    case .unknownDrinkType, .drinkTypeNotSelectable, .duplicateDrinkTypeName,
      .invalidDrinkTypeName, .unknownEntry, .nothingToUndo, .unknownEntryUID, .tokenNameTaken,
      .unknownToken, .invalidTokenName, .requestKeyReused:
      .usage
    case .damagedEntry, .damagedCaffeineRecord, .backupRejected, .mergeSourceRejected,
      .mergeSourceUnrecognized,
      .mergeSourceOutdated:
      .dataError
    case .backupMissing, .mergeSourceMissing: .usage
    default: .failure
    }
  }

  var message: String {
    switch self {
    case .unknownDrinkType(let name, _):
      return description + " See `liquidus types` for the list, "
        + "or add it with `liquidus types add \(Self.quoted(name))`."
    case .drinkTypeNotSelectable(let name, let archived):
      return description
        + (archived
          ? " Bring it back with `liquidus types add \(Self.quoted(name))`."
          : " Enable it with `liquidus types enable \(Self.quoted(name))`.")
    case .duplicateDrinkTypeName:
      return description + " Pick another name, or see `liquidus types`."
    case .unknownEntry:
      return description + " See the ids with `liquidus list`."
    case .nothingToUndo:
      return "Nothing to undo: no entry was logged with `liquidus log` yet."
    case .damagedEntry(let id, _, _):
      return description + " Remove it with `liquidus delete \(id)` (and log it again if it was "
        + "a real drink)."
    case .damagedCaffeineRecord:
      // No command lists caffeine records (they come from imports): only a backup brings
      // back one edited by hand, or importing its file again once the row is gone.
      return description + " It was left out. Restore a backup (`liquidus backup --help`), or "
        + "remove that row of the caffeine table in the sqlite3 shell and import its file again."
    case .cannotCreate:
      return description.dropLast() + ". Check the folder's permissions, "
        + "or choose another place with --db PATH or LIQUIDUS_DB."
    case .unusable:
      return description + " Check the path (--db or LIQUIDUS_DB)."
    case .notLiquidus:
      return description + " Point --db or LIQUIDUS_DB at a Liquidus database or at a new file."
    case .corrupt:
      return description + " Restore a backup with `liquidus restore FILE`."
    case .mergeSourceRejected, .mergeSourceMissing:
      return description + Self.mergeSourceAdvice
    case .mergeSourceUnrecognized(let path):
      return "\(path) cannot be merged: it is neither a Liquidus database nor a JSON export of "
        + "one (`export --format json`). Nothing was changed." + Self.mergeSourceAdvice
    case .mergeSourceOutdated(let path):
      return description + " Update Liquidus where that database is written and run any command "
        + "there once (`liquidus --db \(Self.quoted(path)) status` upgrades it), then merge again."
    case .unknownToken:
      return description + " See the names with `liquidus serve token list`."
    case .tokenNameTaken:
      return description + " Pick another name, or revoke the old one first."
    case .invalidDrinkTypeName, .newerSchema, .readOnly, .diskFull, .replacedDuringWrite, .busy,
      .destinationExists,
      .backupRejected, .backupMissing, .backupFailed, .unknownEntryUID, .invalidTokenName,
      .requestKeyReused:
      return description
    }
  }

  private static let mergeSourceAdvice =
    " Name another Liquidus database, or a file written by `liquidus export --format json`."

  private static func quoted(_ name: String) -> String {
    name.contains(" ") ? "\"\(name)\"" : name
  }
}

extension ImportError: CommandLineFailure {
  /// 65 for a file whose content is bad, 64 for a bad `--map`, 1 when the file cannot be read
  /// at all (permissions, I/O), which is not the data's fault.
  var exitStatus: ExitStatus {
    switch self {
    case .unreadableFile: .failure
    case .invalidColumnMap: .usage
    default: .dataError
    }
  }

  var message: String {
    switch self {
    case .notAHealthExport:
      return description + " Pass an Apple Health export.xml, or choose another --format "
        + "(\(Self.formatList))."
    case .tokenTooLarge:
      return description + " The file is probably not in the expected format; check --format."
    case .unknownCSVHeader:
      return description + "\nRename columns with --map COLUMN=FIELD "
        + "(FIELD: date, drink, amount, unit, note, source)."
    case .missingColumns(_, let format, _, _) where format == .csv:
      return description + " Map your columns, e.g. --map When=date --map Volume=amount."
    case .invalidColumnMap:
      return "--map " + description
    case .unrecognizedFormat(let path):
      return "Cannot tell the format of \(path). Pass --format with one of:\n"
        + Self.formatDetails
    case .nothingToImport:
      return description.dropLast() + ", with --format if its name differs."
    case .unsupportedZipCompression(let path, _, _):
      // 7-Zip unpacks every method a zip tool can write; Info-ZIP's unzip lacks LZMA.
      return description + " For example: `7z x '\(path)' -oexport`, then"
        + " `liquidus import export`."
    default:
      return description
    }
  }
}

extension ReportError: CommandLineFailure {
  var exitStatus: ExitStatus { .failure }

  var message: String {
    switch self {
    case .gnuplotMissing:
      description + " Install it with `sudo apt-get install gnuplot-nox` (Debian/Ubuntu), "
        + "or write only the text summary with `--format txt`."
    case .cannotWrite:
      description + " Choose another folder with --out, or check its permissions."
    default:
      description
    }
  }
}

extension ReminderError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .emptyWindow:
      description.dropLast() + ", e.g. --from 08:00 --until 22:00. Nothing was changed."
    default:
      description + " Nothing was changed."
    }
  }
}

extension Remedy {
  /// The command line's words for a control that library texts point to (see ``Remedy``), for
  /// the `remedies` parameter of the views.
  static func commandLine(_ remedy: Remedy) -> String? {
    switch remedy {
    case .strictImport: "--strict"
    case .typeMap(let source, let type): "--type-map '\(source)=\(type)'"
    case .mapSourceToType: "or send it to a type with --type-map"
    case .listTypes: "see `liquidus types`"
    case .caffeineLimitSetting: "liquidus config --caffeine-limit"
    case .turnRemindersOn: "liquidus remind --on"
    }
  }
}
extension CaffeineError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }
  var message: String { description }
}

extension PushSubscriptionError: CommandLineFailure {
  var exitStatus: ExitStatus { .usage }

  var message: String {
    switch self {
    case .unknownPushService(let host):
      description + " E.g. `liquidus serve --push-service \(host)`."
    case .tooMany:
      description + " `liquidus remind devices` lists them, `liquidus remind devices stop ID` "
        + "stops one."
    case .notFound:
      description + " `liquidus remind devices` lists them with their ids."
    case .unreadableEndpoint, .notHTTPS, .localAddress, .badKey, .badDeviceLabel:
      description
    }
  }
}
