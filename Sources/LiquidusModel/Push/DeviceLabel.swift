/// A short name for a browser from its `User-Agent` ("Chrome on Android", "Safari on iPhone"),
/// for a person who reads the list of phones that get reminders and wants to know which to
/// stop. Only the browser and the system are named, never a version: the list says which
/// phone, and keeps no fingerprint.
public enum DeviceLabel {
  /// Systems by a word of their `User-Agent`, the first that matches naming it: an iPhone's
  /// also says "Mac OS X", and Android's also says "Linux".
  static let systems: [(marker: String, name: String)] = [
    ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
    ("Macintosh", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
  ]

  /// Browsers likewise: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says
  /// "Safari", and on iOS every browser is Safari's engine but names itself.
  static let browsers: [(marker: String, name: String)] = [
    ("Edg/", "Edge"), ("EdgA/", "Edge"), ("EdgiOS/", "Edge"),
    ("SamsungBrowser/", "Samsung Internet"), ("OPR/", "Opera"), ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"), ("Chrome/", "Chrome"), ("CriOS/", "Chrome"), ("Safari/", "Safari"),
  ]

  /// The label for `userAgent`; "A browser" when it names nothing known.
  public static func from(userAgent: String?) -> String {
    let agent = userAgent.map { String($0.prefix(1_000)) } ?? ""
    let system = systems.first { agent.contains($0.marker) }?.name
    let browser = browsers.first { agent.contains($0.marker) }?.name
    switch (browser, system) {
    case (let browser?, let system?): return "\(browser) on \(system)"
    case (let browser?, nil): return browser
    case (nil, let system?): return "A browser on \(system)"
    case (nil, nil): return "A browser"
    }
  }
}
