import Testing

extension Trait where Self == TimeLimitTrait {
  /// The limit of a test that guards against a stall (an XML bomb expanded after all, a stream
  /// that never ends), not a timing: a broken reader runs far past it. Five minutes, because
  /// the limit counts a test's wait for a thread too, and beside the whole suite on two cores,
  /// with tests blocking threads while their processes run, an XML test of a few lines waited
  /// past one minute before it ran.
  public static var stallGuard: Self { .timeLimit(.minutes(5)) }
}
