import Foundation
import LiquidusPresentation
import Synchronization

/// Sends one desktop notification through `notify-send` (libnotify), or through the command in
/// `LIQUIDUS_NOTIFY_COMMAND`, which gets the same arguments (so tests and other desktops can
/// record or route notifications). That command is split into words as a shell would
/// (``CommandWords``) and run directly: no shell is started.
///
/// With an action, notify-send waits for the person and prints the chosen action's name; the
/// notification expires after five minutes, and the wait is cut off a minute later.
struct DesktopNotifier {
  /// One notification.
  struct Notification {
    var title: String
    var body: String
    /// The action's name and label, e.g. `log`, "Log 250 mL Water".
    var action: (name: String, label: String)?
  }

  /// Why nothing was shown.
  enum Failure: Error {
    case notInstalled
    /// `LIQUIDUS_NOTIFY_COMMAND` leaves a quote open, or holds no word.
    case unusableCommand(String)
    /// `LIQUIDUS_NOTIFY_COMMAND`'s program is not on `PATH` or not executable.
    case commandNotFound(String)
    case failed(status: Int32, message: String)

    var message: String {
      switch self {
      case .notInstalled:
        "notify-send was not found, so the reminder was not shown. Install it with "
          + "`sudo apt-get install libnotify-bin`, or set LIQUIDUS_NOTIFY_COMMAND."
      case .unusableCommand(let command):
        "LIQUIDUS_NOTIFY_COMMAND \(command.debugDescription) leaves a quote open or is empty, "
          + "so the reminder was not shown. Quote words with ' or \" as in a shell."
      case .commandNotFound(let program):
        "LIQUIDUS_NOTIFY_COMMAND names \(program.debugDescription), which is not an executable "
          + "file here or on PATH, so the reminder was not shown."
      case .failed(let status, let message):
        "No notification service answered (the notifier exited with \(status)"
          + (message.isEmpty ? "" : ": \(message)") + "), so the reminder was not shown."
      }
    }
  }

  var environment: [String: String]
  var expireMilliseconds = 300_000
  var timeout: Duration = .seconds(360)

  /// Shows `notification`; returns the action chosen, if any.
  func send(_ notification: Notification) -> Result<String?, Failure> {
    var arguments = [
      "--app-name=Liquidus", "--urgency=normal", "--expire-time=\(expireMilliseconds)",
    ]
    let custom = environment["LIQUIDUS_NOTIFY_COMMAND"].flatMap { $0.isEmpty ? nil : $0 }
    if let action = notification.action, custom != nil || Self.notifySendHasActions(environment) {
      arguments.append("--action=\(action.name)=\(action.label)")
    }
    arguments += [notification.title, notification.body]
    let process = Process()
    if let custom {
      // Split into words like a shell would, but run without one: nothing in the variable
      // can start a second command (SECURITY.md).
      guard let words = CommandWords.split(custom) else {
        return .failure(.unusableCommand(custom))
      }
      guard let program = Self.program(words[0], environment) else {
        return .failure(.commandNotFound(words[0]))
      }
      process.executableURL = program
      process.arguments = Array(words.dropFirst()) + arguments
    } else {
      guard let notifySend = Self.find("notify-send", environment) else {
        return .failure(.notInstalled)
      }
      process.executableURL = notifySend
      process.arguments = arguments
    }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(.notInstalled)
    }
    // Read both pipes on their own threads, so a notifier that never ends can be cut off.
    let outputData = PipeReader(output)
    let errorData = PipeReader(errors)
    let deadline = ContinuousClock.now + timeout
    while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
    // Still waiting at the deadline: the notification was shown and nobody chose an action
    // (some servers never close an ignored one). That is not a failure to report.
    let timedOut = process.isRunning
    if timedOut { process.terminate() }
    process.waitUntilExit()
    let (outputBytes, errorBytes) = (outputData.wait(), errorData.wait())
    let chosen = String(decoding: outputBytes, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if timedOut { return .success(nil) }
    guard process.terminationStatus == 0 else {
      // libnotify explains itself over several lines; the last says what went wrong.
      let message =
        String(decoding: errorBytes, as: UTF8.self).split(separator: "\n")
        .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      return .failure(.failed(status: process.terminationStatus, message: message))
    }
    return .success(chosen.isEmpty ? nil : chosen)
  }

  /// Whether the installed notify-send offers actions (libnotify 0.7.10 and later).
  static func notifySendHasActions(_ environment: [String: String]) -> Bool {
    guard let notifySend = find("notify-send", environment) else { return false }
    let process = Process()
    process.executableURL = notifySend
    process.arguments = ["--help"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let help = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return help.contains("--action")
  }

  /// The notify command's program: a path as it is, a bare name on `PATH`.
  private static func program(_ word: String, _ environment: [String: String]) -> URL? {
    guard word.contains("/") else { return find(word, environment) }
    return FileManager.default.isExecutableFile(atPath: word) ? URL(fileURLWithPath: word) : nil
  }

  /// `name` on `PATH`.
  static func find(_ name: String, _ environment: [String: String]) -> URL? {
    ExecutablePath.find(name, searchPath: environment["PATH"] ?? "/usr/bin:/bin")
  }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: Sendable {
  private let data = Mutex<Data?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(_ pipe: Pipe) {
    let handle = pipe.fileHandleForReading
    Thread.detachNewThread { [self] in
      let bytes = handle.readDataToEndOfFile()
      data.withLock { $0 = bytes }
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data.withLock { $0 } ?? Data()
  }
}
