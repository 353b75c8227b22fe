/// The fast path for `liquidus status`, which status bars run every few seconds.
///
/// As for ``QuickLog``: ArgumentParser's reflection over the command tree costs more than the
/// glance itself. Exactly `status` or `status --format FORMAT` (a known format) is read here
/// and runs the very same ``Liquidus/Status/perform(format:chart:)``; anything else (help,
/// `--chart`, `--format=json`, an unknown format) goes through ArgumentParser, so its messages
/// and exit codes stay the full parser's.
struct QuickStatus {
  var format: Liquidus.Status.StatusFormat

  /// Reads the arguments after the program name; nil when they are not a plain `status` call.
  init?(arguments: [String]) {
    switch arguments.count {
    case 1 where arguments[0] == "status":
      format = .table
    case 3 where arguments[0] == "status" && arguments[1] == "--format":
      guard let format = Liquidus.Status.StatusFormat(rawValue: arguments[2]) else { return nil }
      self.format = format
    default:
      return nil
    }
  }

  /// Prints the status and returns the exit code.
  func run() -> Int32 {
    exitStatus { try Liquidus.Status.perform(format: format, chart: false) }
  }
}
