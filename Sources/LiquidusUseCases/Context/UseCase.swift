import LiquidusStore

/// One thing a person does with Liquidus, whichever front end they use: the command line calls
/// it from a command's `run()`, the server from a route.
///
/// A use case takes a typed request and a per-call ``CallContext`` and returns a view model
/// that `LiquidusPresentation` renders in every format it has. It does the whole orchestration
/// (reading the input in the domain's words, calling the store and the analysis, choosing what
/// to show), so a front end only parses, calls, renders and maps errors.
public protocol UseCase: Sendable {
  /// What the person asked for.
  associatedtype Request: Sendable
  /// What there is to show.
  associatedtype View: Sendable

  /// Runs the use case on the calling thread; SQLite may block it.
  func run(_ request: Request, in context: CallContext) throws -> View
}

extension UseCase {
  /// Runs the use case off Swift's cooperative threads (see ``DrinkStore/perform(_:)``), for
  /// callers such as a server's request handlers.
  public func run(_ request: Request, in context: CallContext) async throws -> View {
    try await context.store.perform { _ in try self.run(request, in: context) }
  }
}
