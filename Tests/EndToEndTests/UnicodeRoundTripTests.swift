import Foundation
import GRDB
import Testing

/// Names and notes come back exactly as typed, through log, export and import; absurd amounts
/// and dates are refused with a message, from the command line and from a file.
@Suite struct UnicodeRoundTripTests {
  /// Type names as people write them: quotes, commas, apostrophes, accents (precomposed and
  /// combining), right-to-left text, CJK and emoji with skin tones and joiners (at most 40
  /// characters each, no line breaks: that is the type-name rule).
  static let names = [
    "Tee \"grün\", heiß 🍵", "日本茶, 玉露 'gyokuro'", "Cafe\u{301} ☕️👩🏽‍🍳",
    "شاي بالنعناع", "Ünï|cø%de; =1+2",
  ]

  /// Notes, which may hold anything text can: line breaks of every kind, tabs, spaces at the
  /// ends, a byte-order mark, zero-width joiners, quotes, commas and emoji.
  static let notes = [
    "said \"cheers\",\nthen left", "CRLF\r\nline, \"two\"", "  spaced  ", "\u{FEFF}bom\ttab",
    "🏳️‍🌈 flags 🇩🇪, \"quoted\" 'single' ‘curly’ «guillemets»", "\\back\\slash \\n not a newline",
  ]

  /// Every drink as UTF-8 bytes of name, note, amount and instant, oldest first: compared as
  /// bytes because Swift's `==` on String would call precomposed and combining accents equal.
  private func entries(_ cli: CLI) throws -> [[[UInt8]]] {
    try ImportSupport.database(cli).read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT t.name, IFNULL(d.note, ''), d.volume_ml, d.at_ms || ''
          FROM drink d JOIN drink_type t ON t.id = d.type_id ORDER BY d.at_ms, d.id
          """
      ).map { row in
        [
          Array((row[0] as String).utf8), Array((row[1] as String).utf8),
          Array("\(row[2] as Double)".utf8), Array((row[3] as String).utf8),
        ]
      }
    }
  }

  @Test func unicodeNamesAndNotesSurviveLogExportAndImportByteForByte() throws {
    let cli = try CLI(timeZone: "Asia/Kathmandu")
    defer { cli.cleanUp() }
    for name in Self.names {
      let added = try cli.run("types", "add", name)
      try #require(added.status == 0, "\(name): \(added.stderr)")
    }
    for (index, note) in Self.notes.enumerated() {
      let name = Self.names[index % Self.names.count]
      let logged = try cli.run(
        "log", name, "\(100 + index)ml", "--at", "2026-11-19 0\(index):15", "--note", note)
      try #require(logged.status == 0, "\(name) / \(note): \(logged.stderr)")
    }
    let original = try entries(cli)
    #expect(original.count == Self.notes.count)
    #expect(Set(original.map { $0[1] }) == Set(Self.notes.map { Array($0.utf8) }))

    // CSV: export, import into a fresh database (which creates the types), same bytes.
    let csv = try cli.run("export", "--format", "csv")
    try #require(csv.status == 0, "\(csv.stderr)")
    let file = try ImportSupport.file(cli, "export.csv", csv.stdout)
    let fresh = try CLI(timeZone: "Asia/Kathmandu")
    defer { fresh.cleanUp() }
    let imported = try fresh.run("import", file, "--quiet")
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try entries(fresh) == original)

    // JSON: the same names and notes, byte for byte, after JSON decoding. JSONDecoder, not
    // JSONSerialization: on Linux the latter drops a U+FEFF inside a string.
    struct Exported: Decodable {
      var drink: String
      var note: String?
    }
    let json = try cli.run("export", "--format", "json")
    try #require(json.status == 0, "\(json.stderr)")
    let decoded = try JSONDecoder().decode([Exported].self, from: Data(json.stdout.utf8))
    #expect(
      decoded.map { [Array($0.drink.utf8), Array(($0.note ?? "").utf8)] }
        == original.map { [$0[0], $0[1]] })
  }

  @Test func aTypeNameWithALineBreakIsRefusedWithAMessage() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("types", "add", "two\nlines")
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr
        == "error: 'two\nlines' is not a usable drink name: use 1 to 40 characters, not only "
        + "spaces, and no line breaks or other control characters.\n")
    #expect(result.stdout.isEmpty)
    #expect(try cli.run("types").stdout.contains("two") == false)
  }

  @Test(arguments: [
    (["log", "water", "1e308ml", "--force"], "the limit is 20000 mL"),
    (["log", "water", "250ml", "--at", "9999-01-01 00:00"], "in the future"),
    (["log", "water", "250ml", "--at", "1900-01-01 00:00"], "before 1970"),
  ])
  func absurdValuesAreRefusedByLog(arguments: [String], message: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func absurdRowsInAnImportAreRejectedWithFileAndLine() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "absurd.csv",
      """
      date,drink,amount,unit
      2026-11-19T08:00:00Z,Water,250,mL
      1900-01-01T08:00:00Z,Water,250,mL
      9999-01-01T08:00:00Z,Water,250,mL
      2026-11-19T09:00:00Z,Water,1e308,mL
      2026-11-19T10:00:00Z,Water,1e308,L
      2026-11-19T11:00:00Z,Water,20.001,L

      """)
    let result = try cli.run("import", file, "--quiet")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stdout.contains("Rows rejected: 5"), "\(result.stdout)")
    #expect(result.stdout.contains("\(file):3: the date 1900-01-01T08:00:00Z is before 1970"))
    #expect(result.stdout.contains("\(file):4: the date 9999-01-01T08:00:00Z is in the future"))
    for line in 5...7 {
      #expect(result.stdout.contains("\(file):\(line): "), "\(result.stdout)")
    }
    #expect(result.stdout.contains("the limit is 20000 mL"))
    #expect(try ImportSupport.count(cli, "drink") == 1)
  }
}
