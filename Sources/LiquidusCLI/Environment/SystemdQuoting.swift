/// Values written into a systemd unit file, each quoted by the rules of its directive
/// (systemd.syntax(7), systemd.service(5)): `ExecStart=` expands `$` and specifiers (`%`),
/// `Environment=` only specifiers. A value holding a line break or another control character
/// cannot be written into a unit file at all (it would become a directive of its own), so it
/// is refused.
enum SystemdQuoting {
  /// A word of `ExecStart=`: in double quotes, `\` and `"` escaped, `%` and `$` doubled (both
  /// are expanded there).
  static func execArgument(_ value: String) throws(UnitValueRefused) -> String {
    try refuseControlCharacters(value)
    return "\"" + escaped(value, doubling: ["%", "$"]) + "\""
  }

  /// A value of `Environment=`: in double quotes, `\` and `"` escaped, `%` doubled; `$` is
  /// literal there, so it stays as it is.
  static func environmentValue(_ value: String) throws(UnitValueRefused) -> String {
    try refuseControlCharacters(value)
    return "\"" + escaped(value, doubling: ["%"]) + "\""
  }

  /// The `Environment=` lines every Liquidus unit carries: the database it works on, and the
  /// zone its days are counted in when one is set (the service's own environment has none).
  static func environmentLines(database: String, timeZone: String?) throws(UnitValueRefused)
    -> [String]
  {
    var lines = ["Environment=\(try environmentValue("LIQUIDUS_DB=\(database)"))"]
    if let timeZone { lines.append("Environment=\(try environmentValue("TZ=\(timeZone)"))") }
    return lines
  }

  private static func escaped(_ value: String, doubling: Set<Character>) -> String {
    var text = ""
    for character in value {
      switch character {
      case "\\": text += "\\\\"
      case "\"": text += "\\\""
      case let other where doubling.contains(other): text += "\(other)\(other)"
      default: text.append(character)
      }
    }
    return text
  }

  private static func refuseControlCharacters(_ value: String) throws(UnitValueRefused) {
    if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw UnitValueRefused(value: value)
    }
  }
}

/// A path or zone with a line break or another control character, which a unit file cannot
/// hold without it becoming a directive of its own.
struct UnitValueRefused: CommandLineFailure {
  let value: String
  var exitStatus: ExitStatus { .usage }
  var message: String {
    "Cannot write \(value.debugDescription) into a systemd unit: it holds a line break or "
      + "another control character. Move the database to a plain path (--db), or set TZ to a "
      + "zone name such as Europe/Berlin."
  }
}
