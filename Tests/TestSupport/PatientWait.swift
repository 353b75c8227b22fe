/// Waits until `condition` holds, checking every `interval`: for `limit` of wall time, then for
/// `graceTurns` more checks. Beside the whole suite on two cores, tests that block the
/// cooperative threads while their processes run can hold both this loop and the work it waits
/// for past any wall-clock limit; when they let go, this loop may well run before that work, so
/// a deadline alone fails a test whose work was only waiting for its turn.
/// - Returns: whether `condition` held.
public func waitPatiently(
  upTo limit: Duration, every interval: Duration = .milliseconds(50), graceTurns: Int = 100,
  until condition: () throws -> Bool
) async throws -> Bool {
  let deadline = ContinuousClock.now + limit
  var late = 0
  while try !condition() {
    if ContinuousClock.now >= deadline {
      late += 1
      if late > graceTurns { return false }
    }
    try await Task.sleep(for: interval)
  }
  return true
}
