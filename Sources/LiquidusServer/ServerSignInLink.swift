import Foundation
import LiquidusUseCases

extension LiquidusServer {
  /// A one-time sign-in link to this server at `base`, for the line printed at start.
  public func makeSignInLink(base: String) async throws -> (url: String, expires: Date) {
    let runner = CallRunner(
      store: store, clock: configuration.clock, timeZone: configuration.timeZone,
      locale: configuration.locale, writes: GroupedWrites(store: store))
    let link = try await runner.run(MakeSignInLink(), .init())
    return (link.url(base: base), link.expires)
  }
}
