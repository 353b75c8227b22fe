import Foundation
import LiquidusModel
import LiquidusPresentation
import Testing

@testable import LiquidusSources
@testable import LiquidusStore

/// Library messages speak the domain (ARCHITECTURE.md, "Rules the layers keep"): no error or
/// view below `LiquidusCLI` names a command-line option or a `liquidus` command. The command
/// line adds its advice in `LiquidusCLI/Failures/`; a server will add its own, and would
/// otherwise pass on advice its users cannot follow.
@Suite struct DomainWordsTests {
  /// The commands, as `liquidus <command>` or `` `command ...` `` would name them.
  static let commands = [
    "log", "status", "due", "caffeine", "summary", "list", "undo", "edit", "delete", "types",
    "goal", "config", "remind", "report", "import", "export", "merge", "backup", "restore",
  ]

  /// What in a text names the command line, or nil. `gnuplot --version` is allowed: it is
  /// advice about another program, which every interface would give alike.
  static func commandLineWords(in text: String) -> String? {
    let text = text.replacingOccurrences(of: "gnuplot --", with: "gnuplot ")
    if let match = text.firstMatch(of: /(?:^|[^\w-])(--[a-z][\w-]*)/) {
      return String(match.1)
    }
    let alternatives = commands.joined(separator: "|")
    for pattern in ["liquidus (\(alternatives))\\b", "`(\(alternatives))[ `]"] {
      if let match = try? Regex(pattern).firstMatch(in: text) {
        return String(text[match.range])
      }
    }
    return nil
  }

  /// Every string literal of a target's sources, with the file and line it is on; comments and
  /// the text between literals are left out.
  static func literals(of target: String) throws -> [(place: String, text: String)] {
    var found: [(String, String)] = []
    for (path, source) in try ArchitectureTests.files(of: target) {
      var inBlock = false
      for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let place = "\(target)/\(path):\(number + 1)"
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("\"\"\"") {
          inBlock.toggle()
          continue
        }
        if inBlock {
          found.append((place, String(line)))
          continue
        }
        if trimmed.hasPrefix("//") { continue }
        // The pieces between quotes: odd ones are inside a literal.
        let pieces = line.split(separator: "\"", omittingEmptySubsequences: false)
        for index in stride(from: 1, to: pieces.count, by: 2) {
          found.append((place, String(pieces[index])))
        }
      }
    }
    return found
  }

  /// Fails on a literal such as `"Add --force"` or `"(see `liquidus types`)"` anywhere in the
  /// library, so that a new message cannot slip in.
  @Test(arguments: [
    "LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources",
    "LiquidusUseCases", "LiquidusPresentation", "LiquidusPush",
  ])
  func noLiteralOfTheLibraryNamesTheCommandLine(target: String) throws {
    for literal in try Self.literals(of: target) {
      let words = Self.commandLineWords(in: literal.text)
      #expect(words == nil, "\(literal.place): \(literal.text)")
    }
  }

  @Test func theCheckFindsFlagsAndCommands() {
    #expect(Self.commandLineWords(in: "Add --force if you drank that") == "--force")
    #expect(Self.commandLineWords(in: "(see `liquidus types`)") == "liquidus types")
    #expect(Self.commandLineWords(in: "a JSON export (`export --format json`)") != nil)
    #expect(Self.commandLineWords(in: "Check that `gnuplot --version` reports 5.4") == nil)
    #expect(Self.commandLineWords(in: "update liquidus to use it; 10 -- 20 <!-- x -->") == nil)
  }

  /// Every library error, with values that reach each branch of its message: every public or
  /// package error type of the library's targets is here (``everyLibraryErrorTypeIsListed()``).
  static var errors: [any Error] {
    let volume = Volume(milliliters: 6_000)
    let noon = WallClockTime(minutes: 720)!
    let store: [StoreError] = [
      .unknownDrinkType("Watr", suggestion: "Water"), .unknownDrinkType("Tea", suggestion: nil),
      .drinkTypeNotSelectable("Tea", archived: true),
      .drinkTypeNotSelectable("Tea", archived: false), .duplicateDrinkTypeName("Tea"),
      .invalidDrinkTypeName(""), .unknownEntry(7),
      .damagedEntry(id: 7, column: "volume_ml", value: "'x'"), .nothingToUndo,
      .cannotCreate(path: "/x", reason: "denied"), .unusable(path: "/x", reason: "not a database"),
      .notLiquidus(path: "/x", tables: ["a"]), .newerSchema(path: "/x", unknownMigrations: ["v9"]),
      .readOnly(path: "/x"), .diskFull(path: "/x"), .corrupt(path: "/x", reason: "bad page"),
      .busy(path: "/x"), .destinationExists(path: "/x"),
      .backupRejected(path: "/x", reason: "damaged"), .backupMissing(path: "/x"),
      .backupFailed(path: "/x", reason: "short"),
      .mergeSourceRejected(path: "/x", reason: "there is no file there"),
      .mergeSourceUnrecognized(path: "/x"), .mergeSourceOutdated(path: "/x"),
    ]
    let imports: [ImportError] = [
      .unreadableFile(path: "/x", reason: "denied"), .emptyFile(path: "/x"), .notAZip(path: "/x"),
      .corruptZip(path: "/x", reason: "crc"), .missingExportXML(path: "/x", entries: ["a"]),
      .entityDeclarationRefused(path: "/x", line: 2),
      .malformedXML(path: "/x", line: 2, reason: "eof"),
      .malformedJSON(path: "/x", reason: "eof"), .notAHealthExport(path: "/x", rootElement: "rss"),
      .tokenTooLarge(path: "/x", line: 2, limit: 9), .unknownCSVHeader(path: "/x", header: "a,b"),
      .notText(path: "/x"), .tooManyFields(path: "/x", line: 2, limit: 9),
      .missingColumns(path: "/x", format: .csv, missing: ["date"], header: "a"),
      .invalidColumnMap(column: "When", field: "time"), .unrecognizedFormat(path: "/x"),
      .nothingToImport(path: "/x", searchedFor: nil),
      .nothingToImport(path: "/x", searchedFor: .csv),
      .unreadableExport(path: "/x", format: .csv, reason: "bad"),
    ]
    let amounts: [AmountError] = [
      .unreadable("x"), .notPositive("0ml"), .notFinite("inf"),
      .tooLarge(volume, limit: Volume(milliliters: 5_000)),
      .tooLarge(volume, limit: AmountParser.absoluteLimit),
      .tooSmall(Volume(milliliters: 0.1), minimum: Volume(milliliters: 1)),
      .ambiguous("1,5", readings: [1.5, 15]),
      .goalOutOfRange(volume, range: Volume(milliliters: 1)...Volume(milliliters: 20_000)),
    ]
    let caffeine: [CaffeineError] = [
      .unreadableContent("x"), .contentTooHigh("x"), .unreadableAmount("x"), .amountTooHigh("x"),
      .badHydrationFactor("x"), .badHalfLife("x"), .badLimit("x"),
    ]
    let reminders: [ReminderError] = [
      .unreadableInterval("x"), .intervalTooShort("0m"), .intervalTooLong("13h"),
      .intervalReversed("2h-1h"), .unreadableClockTime("25:00"), .emptyWindow(noon),
      .unknownMode("x"),
    ]
    let reports: [ReportError] = [
      .gnuplotMissing(searchPath: "/bin"), .gnuplotFailed(status: 1, message: "bad"),
      .gnuplotTimedOut(seconds: 9), .chartMissing(name: "a.svg"),
      .cannotWrite(path: "/x", reason: "denied"),
    ]
    let entries: [EntryError] = [.inFuture("tomorrow"), .tooOld("1960")]
    let goals: [GoalError] = [
      .notADay("soon"), .dayInFuture("2027-01-01", today: "2026-11-20"),
      .workoutsOnALimit("250ml/30min"),
    ]
    let suggestions: [GoalSuggestionError] =
      [
        .weightOutOfRange(500), .ageOutOfRange(200), .stageNeedsFemale,
        .unreadableWeight("70 stone"),
      ] + GoalSuggestion.Source.allCases.map { .missing($0) }
    let periods: [PeriodExpressionError] = [
      .empty, .unknown("soonish"), .ambiguous("ma", suggestions: ["march", "may"]),
      .impossibleMonth("2026-13"), .impossibleDay("2026-02-30", daysInMonth: 28),
      .outOfRange("10000"), .notADay("last-week"),
      .tooLongToLayOut(from: "1970-01-01", to: "2026-11-20", years: 56),
      .rangeEndsBeforeStart(from: "2026-11-20", to: "2026-11-01"),
    ]
    let times: [TimeExpressionError] = [
      .empty, .unknown("teatime"), .impossibleDate("2026-02-30"), .impossibleClockTime("25:00"),
      .nonexistentLocalTime("02:30", timeZone: "Europe/Berlin"), .outOfRange("10000-01-01"),
    ]
    let servings: [ServingError] = [
      .unknown("mug", known: ["glass", "bottle"], suggestion: "glass"),
      .unknown("mug", known: [], suggestion: nil), .shadowsDrink("water"), .needsDrink("flask"),
      .invalidName(""), .badCount("many"),
    ]
    let workouts: [WorkoutError] = [
      .durationOutOfRange("25h"), .unreadableDuration("long"), .unreadableAllowance("lots"),
      .allowanceOutOfRange("5l/1min"), .notFound(id: 7), .notEndedYet(ends: "15:00"),
    ]
    let healthConnect: [HealthConnectFile.OpenError] = [.init(reason: "SQLite cannot read it")]
    let push: [PushSubscriptionError] = [
      .unreadableEndpoint("x"), .notHTTPS("http://x"), .unknownPushService(host: "evil.example"),
      .localAddress(host: "10.0.0.1"), .badKey(name: "auth secret", reason: "is not base64url."),
      .badDeviceLabel("x"), .tooMany(limit: 20), .notFound(id: 7),
    ]
    let pushActions: [PushActionError] = [.unusable, .needsDrink]
    return store + imports + amounts + caffeine + reminders + reports + entries + goals
      + suggestions + periods + times + servings + workouts + healthConnect + push + pushActions
  }

  /// The library targets, whose errors speak the domain.
  static let libraryTargets = [
    "LiquidusModel", "LiquidusStore", "LiquidusAnalysis", "LiquidusSources", "LiquidusUseCases",
    "LiquidusPresentation",
  ]

  /// The public and package error types declared in the library's sources: a type whose
  /// declaration, or an extension of it, conforms to `Error`, `LocalizedError` or
  /// `LiquidusError` (errors internal to a target never reach a front end as they are).
  static func declaredErrorTypes() throws -> Set<String> {
    let declaration =
      /(?m)^\s*(public|package)\s+(?:final\s+|indirect\s+)*(?:enum|struct|class|actor)\s+(\w+)([^{]*)\{/
    let conformance = /(?m)^\s*(?:public\s+|package\s+)?extension\s+([\w.]+)\s*:\s*([^{]*)\{/
    let errorProtocol = /\b(Error|LocalizedError|LiquidusError)\b/
    var errors: Set<String> = []
    var publicTypes: Set<String> = []
    var extended: [String] = []
    for target in libraryTargets {
      for (_, text) in try ArchitectureTests.files(of: target) {
        for match in text.matches(of: declaration) {
          publicTypes.insert(String(match.2))
          if match.3.contains(errorProtocol) { errors.insert(String(match.2)) }
        }
        for match in text.matches(of: conformance) where match.2.contains(errorProtocol) {
          extended.append(String(match.1.split(separator: ".").last ?? match.1))
        }
      }
    }
    return errors.union(extended.filter(publicTypes.contains))
  }

  /// A new public error type fails here until it is added to ``errors``, so that its messages
  /// are checked as well.
  @Test func everyLibraryErrorTypeIsListed() throws {
    let declared = try Self.declaredErrorTypes()
    let listed = Set(Self.errors.map { String(describing: type(of: $0)) })
    #expect(declared.count >= 14, "the scan found too few error types: \(declared.sorted())")
    #expect(
      declared.subtracting(listed).isEmpty,
      "error types missing from DomainWordsTests.errors: \(declared.subtracting(listed).sorted())")
    #expect(
      listed.subtracting(declared).isEmpty,
      "listed but not found in the sources: \(listed.subtracting(declared).sorted())")
  }

  @Test func noLibraryErrorNamesTheCommandLine() {
    for error in Self.errors {
      let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
      #expect(Self.commandLineWords(in: text) == nil, "\(error): \(text)")
    }
  }

  /// The views that point to a control, worded in the domain, name none of the command line's.
  @Test func viewsInDomainWordsNameNoControlOfTheCommandLine() {
    var report = ImportReport(path: "a.csv", format: .csv, detected: false, dryRun: false)
    report.strictRollback = .init(line: 2, reason: "bad", remedy: .mapSourceToType)
    report.rejections = [.init(line: 2, reason: "too long", remedy: .mapSourceToType)]
    report.rejectedCount = 1
    report.tally.createdTypes = ["Kombucha"]
    report.tally.unmatchedTypeMap = [.init(source: "App", type: "Tea", didYouMean: nil)]
    let bundle = BundleImportReport(
      path: "b.zip", reports: [report], strictRolledBack: true, dryRun: false)
    let texts = [
      report.text(seconds: 1, remedies: \.domainWords),
      bundle.text(seconds: 1, remedies: \.domainWords),
    ]
    for text in texts {
      #expect(Self.commandLineWords(in: text) == nil, "\(text)")
      #expect(text.contains("Nothing imported (strict)"), "\(text)")
    }
    #expect(texts[0].contains("a.csv:2: too long or map its source to another drink type"))
    #expect(texts[0].contains("The type map 'App=Tea' matched no drink"))
  }
}
