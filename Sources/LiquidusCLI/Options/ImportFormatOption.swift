import ArgumentParser
import LiquidusSources

/// What `import --format` takes: `auto`, or a format's name from the registry
/// (``ImportFormats``), so that the names accepted, listed in help and offered for completion are
/// the registry's.
enum ImportFormatOption: ExpressibleByArgument, Equatable {
  /// Detect each file's format.
  case auto
  /// Read every file as this format.
  case named(ImportFormat)
  /// A name no format has. Parsing keeps it, so that `Import.validate()` can refuse it with
  /// the list of names rather than ArgumentParser's generic "invalid value".
  case unknown(String)

  /// Every name `--format` accepts, `auto` first.
  static var names: [String] { ["auto"] + ImportFormats.all.map(\.name) }

  init(argument: String) {
    if argument == "auto" {
      self = .auto
    } else if let descriptor = ImportFormats.named(argument) {
      self = .named(descriptor.format)
    } else {
      self = .unknown(argument)
    }
  }

  /// The format asked for; nil for `auto` (each file's is detected) and for an unknown name,
  /// which `validate()` refuses before anything runs.
  var chosen: ImportFormat? {
    if case .named(let format) = self { format } else { nil }
  }

  var defaultValueDescription: String {
    switch self {
    case .auto: "auto"
    case .named(let format): format.rawValue
    case .unknown(let name): name
    }
  }

  static var defaultCompletionKind: CompletionKind { .list(names) }
}
