/// Something a message or a view points the reader to that only the interface showing it can
/// name: a command-line option or command today, a field of a request for a server.
///
/// The library's texts speak the domain (see ``LiquidusError``), yet some are more useful with
/// a pointer to the control that changes things ("see the list of types", "turn reminders
/// on"). So a text says *which* control it means with a case of this enum and asks its caller
/// for the words: `LiquidusCLI` answers `--strict` or `liquidus remind --on`, and another
/// interface answers in its own terms. ``domainWords`` is the answer that names no interface.
public enum Remedy: Sendable, Hashable {
  /// The import setting that keeps nothing of a file with a bad row.
  case strictImport
  /// One mapping of a source app to a drink type, as the person gave it.
  case typeMap(source: String, type: String)
  /// Sending a source app's records to a drink type of the person's choosing; the words are
  /// the second half of a sentence that starts "rename it in the file".
  case mapSourceToType
  /// The list of drink types.
  case listTypes
  /// The setting of the daily caffeine limit.
  case caffeineLimitSetting
  /// Turning reminders on.
  case turnRemindersOn

  /// Words for the control that name no interface, or nil where a text reads as well without
  /// them.
  public var domainWords: String? {
    switch self {
    case .strictImport: "strict"
    case .typeMap(let source, let type): "The type map '\(source)=\(type)'"
    case .mapSourceToType: "or map its source to another drink type"
    case .listTypes, .caffeineLimitSetting, .turnRemindersOn: nil
    }
  }
}
