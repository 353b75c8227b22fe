import Foundation
import LiquidusTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real executable started with `posix_spawn`, for what Foundation's `Process` hides: the
/// test runner's threads block most signals and `Process` passes that mask on (a SIGINT sent to
/// such a child waits for ever), and only `wait4` tells one child's peak memory.
struct SpawnedProcess {
  /// How it ended: its exit status, or the signal that ended it.
  enum Ending: Equatable {
    case exited(Int32)
    case signaled(Int32)
  }

  let pid: pid_t

  /// Starts `CLI.executable` with `arguments` and `environment`, every signal at its default
  /// action and none blocked; standard input from `input` (a file descriptor) or /dev/null,
  /// output to /dev/null.
  init(_ arguments: [String], environment: [String: String], input: Int32? = nil) throws {
    let argv = ([CLI.executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let error = posix_spawn(&pid, CLI.executable.path, &actions, &attributes, argv, envp)
    guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL) }
    self.pid = pid
  }

  /// Whether it is still running.
  var isRunning: Bool {
    // WNOWAIT leaves an ended child to be waited for by ``wait()``.
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
    return info._sifields._kill.si_pid == 0
  }

  /// Waits for the end, at most `limit` (past it the process is killed and the test fails);
  /// returns how it ended and its peak resident memory in megabytes.
  func wait(within limit: Duration = ProcessTimeLimit.standard) -> (Ending, megabytes: Int) {
    var status: Int32 = 0
    var usage = rusage()
    let (_, timedOut) = ProcessTimeLimit.guarding(pid, by: limit) { wait4(pid, &status, 0, &usage) }
    if timedOut { Issue.record("liquidus ran past its limit of \(limit) and was killed") }
    let signal = status & 0x7F
    let ending: Ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    return (ending, usage.ru_maxrss / 1024)
  }
}
