import Mustache

/// The page's templates. Mustache escapes every `{{value}}` for HTML; the one triple
/// `{{{body}}}` takes a screen already rendered (and escaped) by these same templates. No HTML
/// is built by hand anywhere else, and no script runs inline (the Content-Security-Policy
/// allows only `/static/app.js`).
enum PageTemplates {
  /// The parsed templates, or why they cannot be parsed: the server checks this as it starts
  /// (``check()``), so a mistake in a template stops it with a message, never a trap.
  static let library: Result<MustacheLibrary, any Error> = Result {
    var library = MustacheLibrary()
    for (name, text) in [
      ("layout", layout), ("signin", signIn), ("today", today), ("trends", trends),
      ("settings", settings), ("import", importScreen), ("edit", editEntry),
    ] {
      try library.register(text, named: name)
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

  static let layout = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>{{title}} · Liquidus</title>
    <link rel="stylesheet" href="/static/app.css">
    <link rel="manifest" href="/manifest.webmanifest">
    <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
    <script src="/static/app.js" defer></script>
    </head>
    <body>
    <a class="skip" href="#main">Skip to the page</a>
    <header><p class="brand">Liquidus</p>{{#signedIn}}<nav aria-label="Screens"><a href="/">Today</a> <a href="/trends">Trends</a> <a href="/settings">Settings</a> <a href="/import">Import</a></nav><form method="post" action="/signout"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">Sign out</button></form>{{/signedIn}}</header>
    <main id="main">
    {{{body}}}
    </main>
    </body>
    </html>
    """

  static let signIn = """
    <h1>Sign in</h1>
    <p>Open the one-time sign-in link that <code>liquidus serve</code> prints (or that <code>liquidus serve link</code> makes), or paste a token made on the server's machine with <code>liquidus serve token add NAME</code>.</p>
    <form method="post" action="/signin" class="stack">
    <label for="token">Token</label>
    <input id="token" name="token" type="password" autocomplete="current-password" required{{#error}} aria-invalid="true" aria-describedby="token-error"{{/error}}>
    {{#error}}<p id="token-error" class="error" role="alert">{{error}}</p>{{/error}}
    <button type="submit">Sign in</button>
    </form>
    """

  static let today = """
    <h1>Today</h1>
    <p id="waiting" class="waiting" role="status"></p>
    <div id="refused" class="refused" role="alert"></div>
    <section id="figures" data-live data-total="{{total}}" aria-labelledby="figures-title">
    <h2 id="figures-title" class="visually-hidden">Progress</h2>
    <div class="progress">
    <svg class="ring" viewBox="0 0 120 120" role="img" aria-labelledby="headline">
    <circle class="track" cx="60" cy="60" r="52"></circle>
    <circle class="fill" cx="60" cy="60" r="52" stroke-dasharray="326.73" stroke-dashoffset="{{ringOffset}}"></circle>
    <text x="60" y="67" text-anchor="middle" class="percent">{{percent}}%</text>
    </svg>
    <p id="headline" class="headline">{{headline}}</p>
    <p class="detail">{{detail}}</p>
    </div>
    <p class="caffeine">{{caffeine}}</p>
    <p class="due">{{due}}</p>
    </section>
    <section aria-labelledby="log-title">
    <h2 id="log-title">Log a drink</h2>
    <div class="buttons">
    {{#buttons}}<form method="post" action="/log"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="drink" value="{{drink}}"><input type="hidden" name="amount" value="{{amount}}"><button type="submit" class="drink">{{label}}</button></form>
    {{/buttons}}
    </div>
    <form method="post" action="/log" class="other">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <label for="drink">Drink</label>
    <select id="drink" name="drink">{{#drinks}}<option{{#selected}} selected{{/selected}}>{{name}}</option>{{/drinks}}</select>
    <label for="amount">Amount</label>
    <input id="amount" name="amount" inputmode="decimal" autocomplete="off" placeholder="e.g. 330ml" value="{{typedAmount}}"{{#error}} aria-invalid="true" aria-describedby="amount-error"{{/error}} required>
    {{#error}}<p id="amount-error" class="error" role="alert">{{error}}</p>{{/error}}
    <button type="submit">Log</button>
    </form>
    <form method="post" action="/undo"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">Undo my last drink</button></form>
    </section>
    <section id="entries" data-live aria-labelledby="entries-title">
    <h2 id="entries-title">Today's drinks</h2>
    {{^entries}}<p>Nothing yet today.</p>{{/entries}}
    <ul class="entries">
    {{#entries}}<li><span class="time">{{time}}</span> <span class="what">{{drink}} {{amount}}</span>{{#note}} <span class="note">{{note}}</span>{{/note}}
    <a class="edit" href="/entries/{{uid}}/edit" aria-label="Edit {{drink}} {{amount}} at {{time}}">Edit</a>
    <form method="post" action="/entries/{{uid}}/delete"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet" aria-label="Delete {{drink}} {{amount}} at {{time}}">Delete</button></form></li>
    {{/entries}}
    </ul>
    </section>
    """

  static let trends = """
    <h1>Trends</h1>
    <nav aria-label="Period kind" class="tabs">{{#kinds}}<a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{name}}</a> {{/kinds}}</nav>
    <h2>{{heading}}</h2>
    <nav aria-label="Periods" class="steps"><a href="{{previous}}">Previous</a>{{#next}} <a href="{{next}}">Next</a>{{/next}}</nav>
    {{#charts}}<figure><img src="{{src}}" alt="{{alt}}"></figure>
    {{/charts}}
    <section aria-labelledby="words-title">
    <h2 id="words-title">In words</h2>
    {{#paragraphs}}<p>{{.}}</p>
    {{/paragraphs}}
    </section>
    {{#audio}}<section aria-labelledby="audio-title"><h2 id="audio-title">As sound</h2><audio controls src="{{audio}}">The audio graph: higher notes for more.</audio></section>{{/audio}}
    <p class="downloads">Download the summary as <a href="{{csv}}" download>CSV</a> or <a href="{{json}}" download>JSON</a>.</p>
    """

  static let settings = """
    <h1>Settings</h1>
    {{#error}}<p class="error" role="alert" id="settings-error">{{error}}</p>{{/error}}
    {{#done}}<p class="done" role="status">{{done}}</p>{{/done}}
    <section aria-labelledby="goal-title">
    <h2 id="goal-title">Daily goal</h2>
    <form method="post" action="/settings" class="row">
    <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="action" value="goal">
    <label for="goal">Goal</label> <input id="goal" name="value" value="{{goal}}" required>
    <button type="submit">Set the goal</button>
    </form>
    </section>
    <section aria-labelledby="general-title">
    <h2 id="general-title">Unit and week</h2>
    <form method="post" action="/settings" class="row">
    <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="action" value="general">
    <label for="unit">Unit</label> <select id="unit" name="unit">{{#units}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/units}}</select>
    <label for="weekday">Weeks start on</label> <select id="weekday" name="weekday">{{#weekdays}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/weekdays}}</select>
    <button type="submit">Save</button>
    </form>
    </section>
    <section aria-labelledby="drinks-title">
    <h2 id="drinks-title">Drinks</h2>
    <ul class="drinks">
    {{#drinks}}<li>
    <h3><svg class="swatch" viewBox="0 0 1 1" aria-hidden="true"><rect width="1" height="1" fill="{{color}}"></rect></svg> {{name}} <span class="state">({{state}}, {{caffeine}} mg caffeine per 100 mL, counts {{hydration}} times its volume)</span></h3>
    <form method="post" action="/settings" class="row"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="rename"><label>New name <input name="value" required></label> <button type="submit">Rename {{name}}</button></form>
    <form method="post" action="/settings" class="row"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="color"><label>Colour <input type="color" name="value" value="{{color}}"></label> <button type="submit">Set {{name}}'s colour</button></form>
    <form method="post" action="/settings" class="row"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="caffeine"><label>Caffeine <input name="value" value="{{caffeine}}mg/100ml"></label> <button type="submit">Set {{name}}'s caffeine</button></form>
    <form method="post" action="/settings" class="row"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="hydration"><label>Hydration factor <input name="value" value="{{hydration}}" inputmode="decimal"></label> <button type="submit">Set {{name}}'s hydration</button></form>
    <div class="row">
    {{#canMoveUp}}<form method="post" action="/settings"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="move"><input type="hidden" name="value" value="{{positionUp}}"><button type="submit" class="quiet">Move {{name}} up</button></form>{{/canMoveUp}}
    {{#canMoveDown}}<form method="post" action="/settings"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="move"><input type="hidden" name="value" value="{{positionDown}}"><button type="submit" class="quiet">Move {{name}} down</button></form>{{/canMoveDown}}
    {{^archived}}{{#enabled}}<form method="post" action="/settings"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="disable"><button type="submit" class="quiet">Stop offering {{name}}</button></form>{{/enabled}}{{^enabled}}<form method="post" action="/settings"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="enable"><button type="submit" class="quiet">Offer {{name}} again</button></form>{{/enabled}}
    <form method="post" action="/settings"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}"><input type="hidden" name="action" value="archive"><button type="submit" class="quiet">Archive {{name}}</button></form>{{/archived}}
    </div>
    </li>
    {{/drinks}}
    </ul>
    <form method="post" action="/settings" class="row">
    <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="action" value="add">
    <label for="new-drink">New drink</label> <input id="new-drink" name="name" required>
    <button type="submit">Add the drink</button>
    </form>
    </section>
    """

  static let editEntry = """
    <h1>Edit an entry</h1>
    <p>{{summary}}</p>
    <form method="post" action="/entries/{{uid}}/edit" class="stack">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <label for="edit-drink">Drink</label>
    <select id="edit-drink" name="drink">{{#drinks}}<option{{#selected}} selected{{/selected}}>{{name}}</option>{{/drinks}}</select>
    <label for="edit-amount">Amount</label>
    <input id="edit-amount" name="amount" value="{{amount}}" autocomplete="off" required{{#error}} aria-invalid="true" aria-describedby="edit-error"{{/error}}>
    <label for="edit-time">Time (HH:MM)</label>
    <input id="edit-time" name="time" value="{{time}}" autocomplete="off" required>
    <label for="edit-note">Note</label>
    <input id="edit-note" name="note" value="{{note}}" autocomplete="off">
    {{#error}}<p id="edit-error" class="error" role="alert">{{error}}</p>{{/error}}
    <button type="submit">Save the entry</button>
    </form>
    <p><a href="/">Back to Today without changes</a></p>
    """

  static let importScreen = """
    <h1>Import</h1>
    <p>Bring in a health export: Apple Health's export.zip, Health Connect, Samsung Health, Google Fit, Garmin, or a CSV. Importing twice adds nothing twice.</p>
    <form method="post" action="/import" enctype="multipart/form-data" class="stack">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <label for="file">Export file (up to {{limit}})</label>
    <input id="file" name="file" type="file" required>
    <button type="submit">Import</button>
    <progress id="upload-progress" max="100" value="0" aria-label="Sent of the file" hidden></progress>
    <p id="upload-status" role="status"></p>
    </form>
    {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
    {{#report}}<section aria-labelledby="report-title"><h2 id="report-title">What was imported</h2><pre class="report">{{report}}</pre></section>{{/report}}
    """
}
