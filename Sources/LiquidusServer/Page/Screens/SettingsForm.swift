/// One form of the Settings screen as its template draws it: its fields with their labels,
/// hints and, after a refusal, the refusal next to the field it concerns.
struct SettingsForm: Sendable {
  struct Choice: Sendable {
    var value: String
    var label: String
    var selected: Bool
  }

  /// A field; its template reads stored properties only (Mustache sees no computed ones).
  struct Field: Sendable {
    var id: String
    var name: String
    var label: String
    var value: String
    var hint: String?
    var choices: [Choice]
    var inputmode: String?
    var isSelect: Bool
    /// The refusal of what was typed here, shown next to it.
    var refusal: String? = nil
    /// What `aria-describedby` names: the refusal, else the hint.
    var describedBy: String?

    init(
      id: String, name: String, label: String, value: String, hint: String? = nil,
      choices: [Choice] = [], inputmode: String? = nil
    ) {
      (self.id, self.name, self.label, self.value, self.hint) = (id, name, label, value, hint)
      (self.choices, self.inputmode, self.isSelect) = (choices, inputmode, !choices.isEmpty)
      describedBy = hint.map { _ in id + "-hint" }
    }

    /// Shows the refusal next to the field, as its description, and the value as typed.
    mutating func refuse(_ words: String) {
      refusal = words
      describedBy = id + "-error"
      for index in choices.indices { choices[index].selected = choices[index].value == value }
    }
  }

  var action: String
  /// The drink or serving the form changes, sent back as `name`.
  var name: String?
  /// A value the form sends without a field (a new position).
  var value: String?
  var fields: [Field]
  var submit: String
  var quiet: Bool
  /// A button alone (move, archive) sits in a row; a form with fields stacks them.
  var hasFields: Bool

  init(
    action: String, name: String? = nil, value: String? = nil, fields: [Field] = [],
    submit: String, quiet: Bool = false
  ) {
    (self.action, self.name, self.value, self.fields) = (action, name, value, fields)
    (self.submit, self.quiet, hasFields) = (submit, quiet, !fields.isEmpty)
  }

  /// Puts `words` next to the field they concern: the one whose text the refusal quotes
  /// (`'lots'`), else the first. Returns whether the form had a field to put them by.
  mutating func refuse(_ words: String) -> Bool {
    guard !fields.isEmpty else { return false }
    let quoted = fields.firstIndex { !$0.value.isEmpty && words.contains("'\($0.value)'") }
    fields[quoted ?? 0].refuse(words)
    return true
  }
}

/// A group of settings: its heading, a line of what holds now (shown while it is closed),
/// and its forms.
struct SettingsSection: Sendable {
  var id: String
  var title: String
  var now: String
  var note: String? = nil
  var items: [String] = []
  var forms: [SettingsForm]
  var open = false
  /// Whether "Reminders on this phone" follows this group: the script's part of Settings, next
  /// to the reminders it delivers.
  var phoneRemindersFollow = false
}
