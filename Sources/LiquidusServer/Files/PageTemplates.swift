import Mustache

/// The page's templates, `Resources/Templates/*.mustache`. Mustache escapes every `{{value}}` for HTML; the one triple
/// `{{{body}}}` takes a screen already rendered (and escaped) by these same templates. No HTML
/// is built by hand anywhere else, and no script runs inline (the Content-Security-Policy
/// allows only `/static/app.js`).
enum PageTemplates {
  /// The parsed templates, or why they cannot be parsed: the server checks this as it starts
  /// (``check()``), so a mistake in a template stops it with a message, never a trap.
  static let library: Result<MustacheLibrary, any Error> = Result {
    var library = MustacheLibrary()
    for (name, bytes) in [
      ("layout", PackageResources.layout_mustache), ("signin", PackageResources.signin_mustache),
      ("today", PackageResources.today_mustache), ("trends", PackageResources.trends_mustache),
      ("settings", PackageResources.settings_mustache),
      ("import", PackageResources.import_mustache), ("edit", PackageResources.edit_mustache),
      ("message", PackageResources.message_mustache),
      ("button", PackageResources.button_mustache),
    ] {
      try library.register(String(decoding: bytes, as: UTF8.self), named: name)
    }
    return library
  }

  /// Throws the templates' parse error, if there is one.
  static func check() throws {
    _ = try library.get()
  }

  static func render(_ object: Any, _ name: String) throws -> String {
    try library.get().render(object, withTemplate: name) ?? ""
  }
}
