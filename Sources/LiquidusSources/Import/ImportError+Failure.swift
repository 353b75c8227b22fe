import LiquidusModel

extension ImportError: LiquidusFailure {
  /// 65 for a file whose content is bad (DESIGN.md), 64 for a bad `--map`, 1 when the file
  /// cannot be read at all (permissions, I/O), which is not the data's fault.
  public var exitStatus: ExitStatus {
    switch self {
    case .unreadableFile: .failure
    case .invalidColumnMap: .usage
    default: .dataError
    }
  }

  public var description: String { errorDescription ?? "\(self)" }
}
