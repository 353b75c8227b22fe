import Foundation
import LiquidusStore
import LiquidusUseCases

/// Runs a use case for one request: a fresh ``CallContext`` (the clock now, the settings as they
/// are) and the use case itself in one hop off the cooperative threads.
struct CallRunner: Sendable {
  let store: DrinkStore
  let clock: @Sendable () -> Date
  let timeZone: TimeZone
  let locale: Locale
  let writes: GroupedWrites

  func run<Case: UseCase>(_ useCase: Case, _ request: Case.Request) async throws -> Case.View {
    try await withContext { call in try useCase.run(request, in: call) }
  }

  /// Runs `work` with a fresh context inside the next group of writes (``GroupedWrites``):
  /// for the requests that write, which then share a commit with those arriving beside them.
  func writing<T: Sendable>(_ work: @escaping @Sendable (CallContext) throws -> T)
    async throws -> T
  {
    try await writes.run { [self] store in try work(context(on: store)) }
  }

  /// Runs `work` with a fresh context, for answers that combine a use case with what the
  /// context knows (its calendar, its settings).
  func withContext<T: Sendable>(_ work: @escaping @Sendable (CallContext) throws -> T)
    async throws -> T
  {
    try await store.perform { [self] store in try work(context(on: store)) }
  }

  /// The context of one call: the clock now and the settings as they are.
  private func context(on store: DrinkStore) throws -> CallContext {
    try CallContext.make(store: store, now: clock(), timeZone: timeZone, locale: locale)
  }
}
