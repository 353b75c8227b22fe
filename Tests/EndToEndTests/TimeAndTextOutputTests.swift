import Foundation
import Testing

/// Times at DST changes and the one-minute skew allowed for the future; what the CSV and
/// JSON writers make of commas, quotes, line breaks and control characters.
@Suite struct TimeAndTextOutputTests {
  @Test func importedLocalTimesInTheSkippedAndRepeatedHourFollowTheRules() throws {
    // Los Angeles: 2025-03-09 02:00 -> 03:00 (PST -> PDT); 2025-11-02 02:00 -> 01:00.
    let cli = try CLI(now: "2025-12-01T00:00:00Z", timeZone: "America/Los_Angeles")
    defer { cli.cleanUp() }
    let path = try ImportSupport.file(
      cli, "local.csv",
      """
      date,drink,amount,unit
      2025-03-09 01:30,Water,100,mL
      2025-03-09 02:30,Water,200,mL
      2025-03-09 03:30,Water,300,mL
      2025-11-02 01:30,Water,400,mL
      2025-11-02 01:30 -0800,Water,500,mL

      """)
    let result = try cli.run("import", path)
    #expect(result.status == 0, "\(result.stderr)")
    // 02:30 does not exist: it keeps the offset before the gap (-08:00), which is 03:30 PDT,
    // the same instant as the 03:30 row. 01:30 on the repeated night is its first occurrence,
    // in PDT; the row that gives -0800 is the second, an hour later.
    #expect(
      try ImportSupport.drinks(cli) == [
        "Water|100.0|2025-03-09 09:30:00.000||imported",
        "Water|200.0|2025-03-09 10:30:00.000||imported",
        "Water|300.0|2025-03-09 10:30:00.000||imported",
        "Water|400.0|2025-11-02 08:30:00.000||imported",
        "Water|500.0|2025-11-02 09:30:00.000||imported",
      ])
    let export = try cli.run("export")
    #expect(
      ExportIDColumns.stripped(export.stdout) == """
        date,drink,amount,unit,note,source,caffeine_mg
        2025-03-09T01:30:00-08:00,Water,100,mL,,imported,0
        2025-03-09T03:30:00-07:00,Water,200,mL,,imported,0
        2025-03-09T03:30:00-07:00,Water,300,mL,,imported,0
        2025-11-02T01:30:00-07:00,Water,400,mL,,imported,0
        2025-11-02T01:30:00-08:00,Water,500,mL,,imported,0

        """)
  }

  @Test func exportOffsetsChangeWithDaylightSavingTime() throws {
    // Berlin: 2026-03-29 02:00 -> 03:00 (+01:00 -> +02:00); 2026-10-25 03:00 -> 02:00.
    let cli = try CLI(timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let path = try ImportSupport.file(
      cli, "utc.csv",
      """
      date,drink,amount,unit
      2026-03-29T00:30:00Z,Water,1,mL
      2026-03-29T01:30:00Z,Water,2,mL
      2026-10-25T00:30:00Z,Water,3,mL
      2026-10-25T01:30:00Z,Water,4,mL

      """)
    #expect(try cli.run("import", path).status == 0)
    let csv = try cli.run("export")
    #expect(
      ExportIDColumns.stripped(csv.stdout) == """
        date,drink,amount,unit,note,source,caffeine_mg
        2026-03-29T01:30:00+01:00,Water,1,mL,,imported,0
        2026-03-29T03:30:00+02:00,Water,2,mL,,imported,0
        2026-10-25T02:30:00+02:00,Water,3,mL,,imported,0
        2026-10-25T02:30:00+01:00,Water,4,mL,,imported,0

        """)
    let json = try cli.run("export", "--format", "json")
    let dates = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    ).compactMap { $0["date"] as? String }
    #expect(
      dates == [
        "2026-03-29T01:30:00+01:00", "2026-03-29T03:30:00+02:00", "2026-10-25T02:30:00+02:00",
        "2026-10-25T02:30:00+01:00",
      ])
  }

  @Test func aMinuteAheadIsAcceptedAndAnyMoreIsRefused() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    let atTheLimit = try cli.run("log", "water", "100ml", "--at", "2026-11-20T14:04:00Z")
    #expect(atTheLimit.status == 0, "\(atTheLimit.stderr)")
    let beyond = try cli.run("log", "water", "100ml", "--at", "2026-11-20T14:04:00.001Z")
    #expect(beyond.status == 64)
    // (The message shows whole seconds, so 14:04:00.001 reads as 14:04:00.)
    #expect(
      beyond.stderr
        == "error: The time 2026-11-20T14:04:00Z is in the future. Log drinks when they happen, "
        + #"or give a past time with --at (e.g. --at 07:30, --at "yesterday 21:00", --at "2h ago")."#
        + "\n")
    // The import draws the same line.
    let path = try ImportSupport.file(
      cli, "edge.csv",
      "date,drink,amount,unit\n2026-11-20T14:04:00Z,Coffee,200,mL\n"
        + "2026-11-20T14:04:00.001Z,Coffee,300,mL\n")
    let imported = try cli.run("import", path)
    #expect(imported.status == 65)
    #expect(
      imported.stdout.contains(
        "    \(path):3: the date 2026-11-20T14:04:00Z is in the future; check the year and the "
          + "time zone of the file\n"), "\(imported.stdout)")
    #expect(
      try ImportSupport.drinks(cli) == [
        "Water|100.0|2026-11-20 14:04:00.000||typed",
        "Coffee|200.0|2026-11-20 14:04:00.000||imported",
      ])
  }

  /// Splits RFC 4180 text into records of fields, independently of the code under test.
  static func parseCSV(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        record.append(field)
        field = ""
      } else if character == "\n" {
        records.append(record + [field])
        record = []
        field = ""
      } else {
        field.append(character)
      }
    }
    if !field.isEmpty || !record.isEmpty { records.append(record + [field]) }
    return records
  }

  static let awkwardName = #"Tea, "Earl" Grey"#
  static let awkwardNote = "two\nlines, \"quoted\""

  @Test func everyCSVWriterQuotesCommasQuotesAndLineBreaks() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("types", "add", Self.awkwardName).status == 0)
    let logged = try cli.run(
      "log", Self.awkwardName, "250ml", "--at", "08:00", "--note", Self.awkwardNote)
    #expect(logged.status == 0, "\(logged.stderr)")
    try cli.run("log", "water", "100ml", "--at", "09:00", "--note", "=1+1")

    let list = try cli.run("list", "--format", "csv")
    #expect(
      list.stdout == #"""
        id,date,drink,amount,unit,note,source
        1,2026-11-20T08:00:00Z,"Tea, ""Earl"" Grey",250,mL,"two
        lines, ""quoted""",typed
        2,2026-11-20T09:00:00Z,Water,100,mL,'=1+1,typed

        """#)
    let export = try cli.run("export")
    #expect(
      ExportIDColumns.stripped(export.stdout) == #"""
        date,drink,amount,unit,note,source,caffeine_mg
        2026-11-20T08:00:00Z,"Tea, ""Earl"" Grey",250,mL,"two
        lines, ""quoted""",typed,0
        2026-11-20T09:00:00Z,Water,100,mL,'=1+1,typed,0

        """#)
    // The summary: a row per hour and type (the header and 24 x 2), each of nine fields when
    // read back; the awkward name's 8 AM row whole.
    let summary = try cli.run("summary", "today", "--format", "csv")
    let records = Self.parseCSV(summary.stdout)
    #expect(records.count == 49 && records.allSatisfy { $0.count == 9 }, "\(summary.stdout)")
    #expect(
      records.filter { $0[3] == Self.awkwardName && $0[4] != "0" } == [
        [
          "2026-11-20T08:00:00Z", "2026-11-20T09:00:00Z", "8 AM", Self.awkwardName, "250", "mL",
          "100", "250", "",
        ]
      ])
    #expect(
      summary.stdout.contains(
        #"2026-11-20T08:00:00Z,2026-11-20T09:00:00Z,8 AM,"Tea, ""Earl"" Grey",250,mL,100,250,"#
          + "\n"))
  }

  @Test func jsonEscapesControlCharactersQuotesAndBackslashes() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let note = "tab\there \u{01}\u{1F} \"q\" back\\slash\r\nend"
    // A note arrives this way through an import; `log --note` takes what a shell can pass.
    let path = try ImportSupport.file(
      cli, "notes.csv",
      "date,drink,amount,unit,note\n2026-11-20T08:00:00Z,Water,250,mL,\""
        + note.replacingOccurrences(of: "\"", with: "\"\"") + "\"\n")
    let imported = try cli.run("import", path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let escaped = #""tab\there \u0001\u001f \"q\" back\\slash\r\nend""#

    let export = try cli.run("export", "--format", "json")
    // The merge fields (the entry's id, when it changed, its import key) follow the CSV's.
    let mergeFields = try #require(export.stdout.range(of: #","uid":"#))
    #expect(
      export.stdout[..<mergeFields.lowerBound] + "}\n]\n" == """
        [
          {"date":"2026-11-20T08:00:00Z","drink":"Water","amount":250,"unit":"mL","note":\(escaped),\
        "source":"imported","caffeineMg":0}
        ]

        """)
    let list = try cli.run("list", "--format", "json")
    #expect(list.stdout.contains(#""note" : "# + escaped), "\(list.stdout)")
    for text in [export.stdout, list.stdout] {
      let rows = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
      #expect(rows.map { $0["note"] as? String } == [note])
    }
  }
}
