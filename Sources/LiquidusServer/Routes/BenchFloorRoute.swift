import Foundation
import Hummingbird
import NIOCore

/// `POST /api/bench-floor`, only when `LIQUIDUS_SERVE_BENCH_FLOOR=1` starts the server: the HTTP
/// floor of a POST for `Scripts/bench-serve`. Everything `POST /api/drinks` does before and after
/// the database, and nothing of it: behind the same token check, it reads the same JSON body with
/// the same limit and checks, and answers a constant of a logged drink's size. The difference
/// between the two is what the database work costs.
struct BenchFloorRoute {
  /// About the size of a logged drink's answer.
  static let answer = ByteBuffer(
    string: #"{"day":{"caffeineMg":0,"date":"2026-11-20","goal":2000,"goalMet":false,"#
      + #""hydration":5,"percent":0,"remaining":1995,"total":5,"unit":"mL"},"entry":{"#
      + #""amount":5,"caffeineMg":0,"date":"2026-11-20T12:00:00+00:00","drink":"Water","#
      + #""importKey":null,"modifiedAt":"2026-11-20T12:00:00+00:00","note":null,"#
      + #""source":"typed","uid":"00000000-0000-0000-0000-000000000000","unit":"mL"}}"#)

  func add(to group: RouterGroup<APIRequestContext>) {
    group.post("bench-floor") { request, context in
      _ = try context.requireToken()
      var request = request
      let bytes = try await request.collectBody(upTo: APIRequestContext.bodyLimit)
      let body = try JSONDecoder().decode(DrinkBody.self, from: Data(bytes.readableBytesView))
      try body.checkLengths()
      _ = try IdempotencyKey.read(request.headers)
      return Response(
        status: .created, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: Self.answer))
    }
  }
}
