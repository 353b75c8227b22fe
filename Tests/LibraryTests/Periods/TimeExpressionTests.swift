import Foundation
import LiquidusTestSupport
import PropertyBased
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Time expressions")
struct TimeExpressionTests {
  /// Friday, Nov 20, 2026, 15:03 in Berlin (UTC+1).
  let context: CalendarContext

  init() throws {
    context = try Fixture.context("Europe/Berlin", now: "2026-11-20T14:03:00Z")
  }

  @Test(arguments: [
    ("now", "2026-11-20T14:03:00Z"),
    ("07:30", "2026-11-20T06:30:00Z"),
    ("7:30", "2026-11-20T06:30:00Z"),
    ("yesterday 21:00", "2026-11-19T20:00:00Z"),
    ("2026-11-20 08:15", "2026-11-20T07:15:00Z"),
    ("2026-11-20 08:15:30", "2026-11-20T07:15:30Z"),
    ("2026-11-20T08:15", "2026-11-20T07:15:00Z"),
    ("2026-11-20T08:15:00+01:00", "2026-11-20T07:15:00Z"),
    ("2026-11-20T08:15:00-0530", "2026-11-20T13:45:00Z"),
    ("2026-11-20T08:15:00Z", "2026-11-20T08:15:00Z"),
    ("15m ago", "2026-11-20T13:48:00Z"),
    ("2h ago", "2026-11-20T12:03:00Z"),
    ("90s ago", "2026-11-20T14:01:30Z"),
    ("1d ago", "2026-11-19T14:03:00Z"),
    ("2030-01-01 00:00", "2029-12-31T23:00:00Z"),
  ])
  func everyFormNamesItsInstant(text: String, expected: String) throws {
    #expect(try TimeExpression.parse(text, in: context) == Fixture.instant(expected))
  }

  @Test func fractionalSecondsAreKept() throws {
    let instant = try TimeExpression.parse("2026-11-20T08:15:00.250Z", in: context)
    let whole = try Fixture.instant("2026-11-20T08:15:00Z")
    #expect(abs(instant.timeIntervalSince(whole) - 0.25) < 0.000_1)
  }

  @Test func skippedWallTimeIsAnErrorSuggestingAnOffset() throws {
    let error = TimeExpressionError.nonexistentLocalTime(
      "2026-03-29 02:30", timeZone: "Europe/Berlin")
    #expect(throws: error) { try TimeExpression.parse("2026-03-29 02:30", in: self.context) }
    #expect(error.errorDescription?.contains("offset") == true)
    let newYork = try Fixture.context("America/New_York", now: "2026-03-08T12:00:00Z")
    #expect(
      throws: TimeExpressionError.nonexistentLocalTime(
        "02:15", timeZone: "America/New_York")
    ) { try TimeExpression.parse("02:15", in: newYork) }
  }

  @Test func repeatedWallTimeMeansItsFirstOccurrence() throws {
    let berlin = try TimeExpression.parse("2026-10-25 02:30", in: context)
    #expect(berlin == (try Fixture.instant("2026-10-25T02:30:00+02:00")))
    let newYork = try Fixture.context("America/New_York")
    let instant = try TimeExpression.parse("2026-11-01 01:30", in: newYork)
    #expect(instant == (try Fixture.instant("2026-11-01T01:30:00-04:00")))
  }

  @Test(arguments: [
    ("", TimeExpressionError.empty),
    ("tomorrow", .unknown("tomorrow")),
    ("25:00", .impossibleClockTime("25:00")),
    ("12:60", .impossibleClockTime("12:60")),
    ("2026-02-30 08:00", .impossibleDate("2026-02-30 08:00")),
    ("2026-11-20T08:15:00+19:00", .impossibleClockTime("2026-11-20T08:15:00+19:00")),
    ("999999999d ago", .outOfRange("999999999d ago")),
  ])
  func badInputIsRejectedWithAReason(text: String, error: TimeExpressionError) {
    #expect(throws: error) { try TimeExpression.parse(text, in: self.context) }
  }

  @Test func messagesListTheAcceptedForms() {
    let message = TimeExpressionError.unknown("tomorrow").errorDescription ?? ""
    #expect(message.hasPrefix("Unknown time 'tomorrow'. Accepted: now, 07:30"))
    #expect(message.contains("15m ago"))
  }

  /// The forms as regular expressions, the way they were first written: the reader must accept
  /// exactly what they match (ASCII digits, whitespace one scalar at a time), from random input
  /// and from the forms with characters replaced, dropped or inserted. A form it reads wrongly
  /// shows as an input one side calls unknown and the other does not.
  @Test func theReaderAcceptsExactlyTheFormsRegexesDescribe() async {
    let seeds = [
      "07:30", "7:05:09", "today 23:59", "yesterday 21:00", "2026-11-20 08:15",
      "2026-11-20t08:15:00.250z", "2026-11-20T08:15:00-0530", "2026-11-20 08:15:00+01:00",
      "15m ago", "90 s ago", "999999999d ago",
    ]
    await propertyCheck(count: 4000, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      var random = SplitMix(seed: seed)
      // Whitespace as the reader reads it, one scalar at a time: in Swift's default grapheme
      // mode `\s` also takes a space followed by a combining mark, which the reader refuses.
      let ago = #/[0-9]{1,9}\s*[smhd]\s+ago/#.matchingSemantics(.unicodeScalar)
      let clock = #/(?:(?:today|yesterday)\s+)?[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?/#
        .matchingSemantics(.unicodeScalar)
      let dateTime =
        #/[0-9]{4}-[0-9]{2}-[0-9]{2}(?:\s+|t)[0-9]{2}:[0-9]{2}(?::[0-9]{2}(\.[0-9]+)?)?(z|[+-][0-9]{2}:?[0-9]{2})?/#
        .matchingSemantics(.unicodeScalar)
      let text =
        random.next() % 3 == 0
        ? HostileInputTests.input(seed)
        : HostileInputTests.mutated(
          seeds[Int(random.next() % UInt64(seeds.count))], times: Int(random.next() % 4),
          &random)
      let expression = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      let dated = expression.wholeMatch(of: dateTime)
      // A fraction without an offset is refused either way: as an impossible date when the
      // date is one, else as an unknown form, since only an offset says which instant it is.
      if let dated, dated.1 != nil, dated.2 == nil { return }
      let described =
        expression == "now" || expression.wholeMatch(of: ago) != nil
        || expression.wholeMatch(of: clock) != nil || dated != nil
      var readAsAForm = true
      do {
        _ = try TimeExpression.parse(text, in: context)
      } catch TimeExpressionError.empty, TimeExpressionError.unknown {
        readAsAForm = false
      } catch {}
      #expect(readAsAForm == described, "\(text.debugDescription)")
    }
  }

  /// Writing any real instant's local wall time and reading it back lands on that wall time,
  /// at the instant itself or, for a repeated wall time, at its earlier occurrence.
  @Test func localWallTimesRoundTrip() async {
    let input = zip(Gen.dateTime(inYear: 1970...2100), Gen.int(in: 0..<Fixture.zones.count))
    await propertyCheck(count: 200, input: input) { instant, zone in
      let context = try Fixture.context(Fixture.zones[zone])
      let wholeSecond = Date(
        timeIntervalSinceReferenceDate: instant.timeIntervalSinceReferenceDate.rounded(.down))
      let fields: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
      let parts = context.calendar.dateComponents(fields, from: wholeSecond)
      let date = LocalDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
      let clock = [parts.hour, parts.minute, parts.second].map { String($0 ?? 0).leftPadded(to: 2) }
      let text = "\(date) \(clock.joined(separator: ":"))"
      let parsed = try TimeExpression.parse(text, in: context)
      #expect(context.calendar.dateComponents(fields, from: parsed) == parts, "\(text) in \(zone)")
      #expect(parsed <= wholeSecond, "\(text)")
      #expect(wholeSecond.timeIntervalSince(parsed) <= 3 * 3600, "\(text)")
    }
  }
}
