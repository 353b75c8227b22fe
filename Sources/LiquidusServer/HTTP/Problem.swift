import Foundation
import Hummingbird
import LiquidusModel
import LiquidusStore
import NIOCore

/// An error as the API reports it: RFC 9457 `application/problem+json`, whose `detail` is the
/// same sentence in the domain's words that the command line prints (without its flags).
///
/// ```json
/// {"type":"about:blank","status":422,"title":"Unprocessable Content",
///  "detail":"'lots' is not an amount. Use e.g. 250ml, 0.5l, 8oz or 1cup."}
/// ```
struct Problem: Error, HTTPResponseError {
  let status: HTTPResponse.Status
  let detail: String
  var headers: HTTPFields = [:]

  init(_ status: HTTPResponse.Status, _ detail: String) {
    self.status = status
    self.detail = detail
  }

  /// The problem for any error a route throws: library errors keep their words and get the
  /// status that fits; anything unexpected is a 500 that says nothing of the inside.
  init(_ error: any Error) {
    switch error {
    case let problem as Problem:
      self = problem
    case let error as HTTPError:
      self.init(error.status, error.body ?? Self.sentence(for: error.status))
      headers = error.headers
    case is NIOTooManyBytesError:
      self.init(.contentTooLarge, Self.sentence(for: .contentTooLarge))
    case let error as StoreError:
      self.init(Self.status(of: error), error.description)
    case is AmountError, is CaffeineError, is EntryError, is TimeExpressionError:
      self.init(.unprocessableContent, Self.words(error))
    case WorkoutError.notFound:
      self.init(.notFound, Self.words(error) + " GET /api/workouts lists them with their ids.")
    case PushSubscriptionError.notFound:
      self.init(
        .notFound, Self.words(error) + " GET /api/push-subscriptions lists them with their ids.")
    case PushSubscriptionError.tooMany:
      self.init(
        .unprocessableContent,
        Self.words(error) + " GET /api/push-subscriptions lists them, DELETE "
          + "/api/push-subscriptions/{id} stops one (on the server's machine: `liquidus remind "
          + "devices stop ID`).")
    case PushActionError.unusable:
      self.init(.unauthorized, Self.words(error))
    case is PeriodExpressionError:
      self.init(.badRequest, Self.words(error))
    case is DecodingError:
      self.init(.badRequest, "The body is not the JSON this request takes; see /api/openapi.json.")
    case let error as any LiquidusError:
      // Every other domain error (a serving, a goal, a merge file) is about what was sent.
      self.init(.unprocessableContent, error.description)
    default:
      self.init(.internalServerError, "Something went wrong inside the server; it is logged.")
    }
  }

  /// Every case spelled out, as the command line's exit statuses are: a new store error does
  /// not compile until it has its status, rather than becoming a silent 500.
  private static func status(of error: StoreError) -> HTTPResponse.Status {
    switch error {
    case .unknownEntry, .unknownEntryUID: .notFound
    case .nothingToUndo, .requestKeyReused, .duplicateDrinkTypeName, .tokenNameTaken: .conflict
    case .unknownDrinkType, .drinkTypeNotSelectable, .invalidDrinkTypeName, .damagedEntry,
      .damagedCaffeineRecord:
      .unprocessableContent
    case .readOnly, .diskFull, .busy: .serviceUnavailable
    // What the API never asks for (backups, merges, tokens by name are the command line's),
    // or a database in a state the server cannot help with: the server's own failure.
    case .cannotCreate, .unusable, .notLiquidus, .newerSchema, .replacedDuringWrite, .corrupt,
      .destinationExists, .backupRejected, .backupMissing, .backupFailed, .mergeSourceRejected,
      .mergeSourceMissing, .mergeSourceUnrecognized, .mergeSourceOutdated, .unknownToken,
      .invalidTokenName:
      .internalServerError
    }
  }

  private static func words(_ error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
  }

  private static func sentence(for status: HTTPResponse.Status) -> String {
    switch status.code {
    case 404: "There is nothing at this address; see /api/openapi.json."
    case 405: "This address does not take that method; see /api/openapi.json."
    case 413: "The body is larger than this request takes (64 KiB)."
    default: status.reasonPhrase
    }
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var body = ProblemBody(status: Int(status.code), title: status.reasonPhrase, detail: detail)
    if status == .internalServerError { body.detail = detail }
    var headers = headers
    headers[.contentType] = "application/problem+json"
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body.encoded())))
  }
}

/// The members of a problem document the API uses.
struct ProblemBody: Encodable {
  var type = "about:blank"
  var status: Int
  var title: String
  var detail: String

  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)) ?? Data()
  }
}
