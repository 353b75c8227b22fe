import Foundation
import Hummingbird
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

/// `/api/drinks`: log (idempotent with `Idempotency-Key`), list, change and delete entries, and
/// `/api/undo`.
struct DrinkRoutes {
  let runner: CallRunner

  func add(to group: RouterGroup<APIRequestContext>) {
    group.post("drinks") { request, context in try await log(request, context) }
    group.get("drinks") { request, _ in try await list(request) }
    group.patch("drinks/:uid") { request, context in try await edit(request, context) }
    group.delete("drinks/:uid") { _, context in try await delete(context) }
    group.post("undo") { _, context in try await undo(context) }
  }

  private func log(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let token = try context.requireToken()
    var request = request
    let bytes = try await request.collectBody(upTo: APIRequestContext.bodyLimit)
    let body = try JSONDecoder().decode(DrinkBody.self, from: Data(bytes.readableBytesView))
    try body.checkLengths()
    guard let drink = body.drink else {
      throw Problem(.unprocessableContent, "Name the drink, e.g. {\"drink\":\"water\"}.")
    }
    let amount = try body.amountInput()
    let caller = LogDrink.Caller(
      tokenID: token.id, key: try IdempotencyKey.read(request.headers),
      fingerprint: APIToken.digest(of: String(decoding: bytes.readableBytesView, as: UTF8.self)))
    let logRequest = LogDrink.Request(
      drink: drink, amount: amount, details: body.details, allowLarge: body.force ?? false,
      caller: caller)
    // One hop to the database for the key's check and the drink, in a commit shared with the
    // drinks posted beside it.
    let outcome = try await runner.writing { call -> Outcome in
      switch try LogDrink().run(logRequest, in: call) {
      case .logged(let receipt):
        .logged(LoggedAnswer(receipt: receipt, timeZone: call.calendar.timeZone))
      case .replayed(let earlier):
        .replayed(try earlier.map { try EntryAnswer.make($0, call) })
      }
    }
    switch outcome {
    case .logged(let answer): return try JSONResponse.make(answer, status: .created)
    case .replayed(let earlier): return try Self.replay(earlier)
    }
  }

  /// What a POST came to: a new entry, or the one an earlier request with its key logged.
  private enum Outcome: Sendable {
    case logged(LoggedAnswer)
    case replayed(EntryAnswer?)
  }

  /// The answer to a request whose key was seen before: its entry again, never a second drink.
  static func replay(_ earlier: EntryAnswer?) throws -> Response {
    guard let entry = earlier else {
      throw Problem(.conflict, "The drink this request logged has since been deleted.")
    }
    var response = try JSONResponse.make(entry, status: .created)
    response.headers[.init("Idempotent-Replayed")!] = "true"
    return response
  }

  private func list(_ request: Request) async throws -> Response {
    let query = PeriodQuery(
      period: try PeriodSelection.from(request.uri.queryParameters, default: "today"),
      typeNames: try Self.typeNames(request.uri.queryParameters))
    let answer = try await runner.withContext { call in
      let found = try ListEntries().run(query, in: call)
      let names = DrinkTypeNames(found.types)
      let export = DrinkExport(format: .json, timeZone: call.calendar.timeZone)
      return EntryList(
        period: found.period.description,
        entries: found.drinks.map { export.entry($0, typeName: names[$0.typeID]) },
        leftOut: found.damaged.count)
    }
    return try JSONResponse.make(answer)
  }

  /// The repeatable `type` of a period's query, each at most as long as the document says.
  static func typeNames(_ query: Parameters) throws -> [String] {
    let names = query.getAll("type").map { String($0) }
    if names.contains(where: { $0.unicodeScalars.count > PeriodSelection.longestQueryValue }) {
      throw Problem(
        .badRequest, "A type is at most \(PeriodSelection.longestQueryValue) characters.")
    }
    return names
  }

  private func edit(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let uid = try context.parameters.require("uid")
    var request = request
    let body = try await request.decodeJSON(as: DrinkBody.self)
    try body.checkLengths()
    let edit = EditEntry.Request(
      entry: .uid(uid), drink: body.drink, amount: try body.amountInput(), details: body.details,
      allowLarge: body.force ?? false)
    let answer = try await runner.withContext { call in
      let changed = try EditEntry().run(edit, in: call)
      return try EntryAnswer.make(changed.drink, call)
    }
    return try JSONResponse.make(answer)
  }

  private func delete(_ context: APIRequestContext) async throws -> Response {
    let uid = try context.parameters.require("uid")
    let answer = try await runner.withContext { call in
      let deletion = try DeleteEntries().run(.init(entries: [.uid(uid)]), in: call)
      guard let removed = deletion.removed.first else { throw StoreError.unknownEntryUID(uid) }
      return try EntryAnswer.make(removed.drink, call)
    }
    return try JSONResponse.make(answer)
  }

  private func undo(_ context: APIRequestContext) async throws -> Response {
    let token = try context.requireToken()
    let answer = try await runner.withContext { call in
      let removed = try UndoLast().run(.init(loggedBy: token.id), in: call)
      return try EntryAnswer.make(removed.drink, call)
    }
    return try JSONResponse.make(answer)
  }
}

/// The `Idempotency-Key` header: printable ASCII, 1 to 200 characters.
enum IdempotencyKey {
  static func read(_ headers: HTTPFields) throws -> String? {
    guard let value = headers[.init("Idempotency-Key")!] else { return nil }
    guard (1...200).contains(value.count),
      value.unicodeScalars.allSatisfy({ (33...126).contains($0.value) })
    else {
      throw Problem(.badRequest, "An Idempotency-Key is 1 to 200 printable ASCII characters.")
    }
    return value
  }
}

extension PeriodSelection {
  /// `?period=week`, or `?from=2026-11-01&to=2026-11-07`, as the command line takes them, and
  /// as the OpenAPI document says: `from` and `to` together or not at all, never beside
  /// `period`, each at most ``longestQueryValue`` characters.
  /// - Throws: a 400 ``Problem`` for anything else (before, `from` alone was ignored).
  static func from(_ query: Parameters, default expression: String) throws -> PeriodSelection {
    let (period, from, to) = (query.get("period"), query.get("from"), query.get("to"))
    for value in [period, from, to].compactMap({ $0 })
    where value.unicodeScalars.count > longestQueryValue {
      throw Problem(
        .badRequest, "A period, from or to is at most \(longestQueryValue) characters.")
    }
    guard (from == nil) == (to == nil) else {
      throw Problem(.badRequest, "Give both from and to (inclusive days, YYYY-MM-DD).")
    }
    guard period == nil || from == nil else {
      throw Problem(.badRequest, "Give either a period or from and to, not both.")
    }
    return PeriodSelection(expression: period, from: from, to: to, default: expression)
  }

  /// The `maxLength` of `period`, `from`, `to` and `type` in the OpenAPI document.
  static let longestQueryValue = 100
}
