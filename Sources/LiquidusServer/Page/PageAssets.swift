/// The page's static files: a style sheet, a small script, the web app manifest and an icon.
/// No framework and no build step: plain CSS and JavaScript, served with caching headers.
enum PageAssets {
  static let css = """
    :root { --ink: #1b1b1b; --paper: #ffffff; --accent: #0b63c5; --track: #d5d9e0;
      --error: #b00020; --muted: #555; color-scheme: light dark; }
    @media (prefers-color-scheme: dark) {
      :root { --ink: #f1f1f1; --paper: #121417; --accent: #7db7ff; --track: #3a3f47;
        --error: #ff8a8a; --muted: #b8b8b8; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; color: var(--ink);
      background: var(--paper); }
    header, main { max-width: 40rem; margin: 0 auto; padding: 0 1rem; }
    header { display: flex; justify-content: space-between; align-items: center; }
    .brand { font-weight: 700; }
    h1 { font-size: 1.75rem; margin: .5rem 0; }
    h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
    .skip { position: absolute; left: -999px; }
    .skip:focus { left: 1rem; top: 1rem; background: var(--paper); padding: .5rem; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap; }
    .progress { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
    .ring { width: 9rem; height: 9rem; }
    .ring circle { fill: none; stroke-width: 12; }
    .ring .track { stroke: var(--track); }
    .ring .fill { stroke: var(--accent); transform: rotate(-90deg); transform-origin: 60px 60px;
      stroke-linecap: round; transition: stroke-dashoffset .4s; }
    .ring .percent { fill: var(--ink); font-size: 1.4rem; font-weight: 700; }
    .headline { font-size: 1.3rem; font-weight: 700; margin: 0; }
    .detail, .caffeine, .due, .note, .time { color: var(--muted); }
    .buttons { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
      gap: .5rem; }
    .buttons form, .buttons button { width: 100%; }
    button, input, select { font: inherit; min-height: 44px; min-width: 44px;
      border-radius: .5rem; }
    button { background: var(--accent); color: var(--paper); border: 0; padding: .5rem 1rem;
      cursor: pointer; }
    button.quiet { background: transparent; color: var(--accent); text-decoration: underline; }
    input, select { border: 1px solid var(--muted); padding: .4rem .6rem; color: var(--ink);
      background: var(--paper); }
    .other, .stack { display: grid; gap: .4rem; margin-top: 1rem; }
    .error { color: var(--error); font-weight: 600; margin: 0; }
    .error::before { content: "⚠ "; }
    .waiting:not(:empty) { font-weight: 600; border-left: 4px solid var(--accent);
      padding-left: .5rem; }
    .waiting a { color: var(--accent); }
    .refused p { border-left: 4px solid var(--error); padding-left: .5rem; }
    .entries { list-style: none; padding: 0; }
    .entries li { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center;
      border-bottom: 1px solid var(--track); padding: .25rem 0; }
    .entries a.edit { margin-left: auto; display: inline-block; min-height: 44px; min-width: 44px;
      padding: .6rem .5rem; color: var(--accent); }
    .entries a.edit + form { margin-left: 0; }
    .entries form { margin-left: auto; }
    nav a { display: inline-block; min-height: 44px; padding: .6rem .5rem; color: var(--accent); }
    nav a[aria-current="page"] { font-weight: 700; text-decoration: none; }
    figure { margin: 1rem 0; }
    .swatch { width: 1em; height: 1em; vertical-align: -.1em; border-radius: .2em; }
    .drinks { list-style: none; padding: 0; }
    .drinks li { border-bottom: 1px solid var(--track); padding-bottom: .5rem; }
    .drinks h3 { font-size: 1.05rem; margin: .75rem 0 .25rem; }
    .state { font-weight: 400; color: var(--muted); }
    .row { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .3rem 0; }
    .done { font-weight: 600; }
    .report { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .9rem; }
    figure img { width: 100%; height: auto; background: #fff; border-radius: .5rem; }
    figcaption { color: var(--muted); }
    audio { width: 100%; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    @media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
    """

  /// Keeps the figures and the list current when anything is logged anywhere (the server's
  /// events), by fetching the page again and swapping its live sections in place: no reload,
  /// and a form being typed in is left alone. Where the page is a secure context it runs the
  /// service worker (``ServiceWorkerScript``), says which drinks wait in its queue (and when they
  /// wait for a new sign-in), which it could not log and why, and asks it to send them.
  static let javascript = """
    "use strict";
    (function () {
      sendsWithProgress();
      if (!document.getElementById("figures")) return;
      let pending = false;
      async function refresh() {
        if (pending) return;
        pending = true;
        try {
          const response = await fetch("/", { credentials: "same-origin" });
          if (!response.ok) return;
          const next = new DOMParser().parseFromString(await response.text(), "text/html");
          for (const live of document.querySelectorAll("[data-live]")) {
            const fresh = next.getElementById(live.id);
            if (fresh) live.replaceWith(fresh);
          }
        } catch (error) {
          // The server cannot be reached: the page stays as it is until it can.
        } finally {
          pending = false;
        }
      }
      if (window.EventSource) {
        const events = new EventSource("/events");
        events.addEventListener("status", function (event) {
          // An event that says what the page already shows (the one sent on connecting, or the
          // echo of this page's own form) changes nothing.
          const figures = document.getElementById("figures");
          try {
            if (figures && JSON.parse(event.data).total === parseFloat(figures.dataset.total)) return;
          } catch (error) {
            return;
          }
          refresh();
        });
      }
      if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
      let waiting = 0;
      navigator.serviceWorker.register("/sw.js").catch(function () {});
      navigator.serviceWorker.addEventListener("message", function (event) {
        if (!event.data || event.data.type !== "waiting") return;
        waiting = event.data.waiting.length;
        sayWaiting(event.data.waiting, event.data.signIn);
        sayRefused(event.data.refused || []);
        if (event.data.sent) refresh();
      });
      // The page's own CSRF token goes along, so that taps queued before a new sign-in are
      // sent with the token of the session they will be logged in.
      function flush() {
        const csrf = document.querySelector("input[name='csrf']");
        if (navigator.serviceWorker.controller) {
          navigator.serviceWorker.controller.postMessage({ type: "flush", csrf: csrf ? csrf.value : "" });
        }
      }
      navigator.serviceWorker.ready.then(flush);
      window.addEventListener("online", flush);
      setInterval(function () { if (waiting > 0) flush(); }, 3000);
    })();

    // The live regions are written only when what they say changes: the worker reports every
    // few seconds, and a screen reader should hear a change once, not the same words again.
    let saidWaiting = "";
    function sayWaiting(what, signIn) {
      const note = document.getElementById("waiting");
      const count = what.length;
      const words = count === 0 ? "" : (count === 1 ? "1 drink is waiting to be sent (" : count + " drinks are waiting to be sent (")
        + what.join(", ") + (signIn
          ? "): the server asks you to sign in again first; " + (count === 1 ? "it is" : "they are") + " sent once you have. "
          : "); " + (count === 1 ? "it is" : "they are") + " sent as soon as the server can be reached.");
      if (!note || words === saidWaiting) return;
      saidWaiting = words;
      note.textContent = words;
      if (count > 0 && signIn) {
        const link = document.createElement("a");
        link.href = "/signin";
        link.textContent = "Sign in again";
        note.append(link);
      }
    }

    // A queued tap the server refused for good, in its words, until the person dismisses it.
    let saidRefused = "";
    function sayRefused(refused) {
      const region = document.getElementById("refused");
      const keys = refused.map(function (item) { return item.key; }).join(" ");
      if (!region || keys === saidRefused) return;
      saidRefused = keys;
      region.replaceChildren();
      for (const item of refused) {
        const line = document.createElement("p");
        line.className = "error";
        line.textContent = "Not logged: " + item.what + ", tapped at " + tapTime(item.at) + " — " + item.reason + " ";
        const dismiss = document.createElement("button");
        dismiss.type = "button";
        dismiss.className = "quiet";
        dismiss.textContent = "Dismiss";
        dismiss.setAttribute("aria-label", "Dismiss: " + item.what + " not logged");
        dismiss.addEventListener("click", function () {
          // Focus goes to the next note, or the heading, not lost with the removed button.
          const next = region.querySelector("button:not([data-key='" + item.key + "'])");
          const heading = document.querySelector("h1");
          line.remove();
          saidRefused = saidRefused.split(" ").filter(function (key) { return key !== item.key; }).join(" ");
          if (next) next.focus();
          else if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
          if (navigator.serviceWorker.controller) {
            navigator.serviceWorker.controller.postMessage({ type: "dismiss", key: item.key });
          }
        });
        dismiss.dataset.key = item.key;
        line.append(dismiss);
        region.append(line);
      }
    }

    // The tap's time as the person's clock says it; with the day when it was not today.
    function tapTime(at) {
      const tapped = new Date(at);
      if (isNaN(tapped)) return at;
      return tapped.toDateString() === new Date().toDateString()
        ? tapped.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
        : tapped.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
    }

    // The Import screen: the same form, sent by XMLHttpRequest so that the page can show how
    // much of a large export has gone, then the server's answer in place of the form. Without
    // script the form posts as it is.
    function sendsWithProgress() {
      const form = document.querySelector("form[action='/import']");
      const bar = document.getElementById("upload-progress");
      const words = document.getElementById("upload-status");
      if (!form || !bar || !words || !window.FormData) return;
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        const request = new XMLHttpRequest();
        let said = -1;
        request.open("POST", form.action);
        request.upload.addEventListener("progress", function (progress) {
          if (!progress.lengthComputable) return;
          const percent = Math.floor(progress.loaded / progress.total * 100);
          bar.hidden = false;
          bar.value = percent;
          // Words every tenth, so a screen reader is not read every percent.
          if (Math.floor(percent / 10) === said) return;
          said = Math.floor(percent / 10);
          words.textContent = percent < 100 ? "Sending the file: " + percent + " %." : "Sent; importing it now.";
        });
        request.addEventListener("load", function () {
          const next = new DOMParser().parseFromString(request.responseText, "text/html");
          const main = next.getElementById("main");
          if (!main) return;
          document.getElementById("main").replaceWith(main);
          sendsWithProgress();
          const report = document.getElementById("report-title") || document.querySelector("#main .error");
          if (report) {
            report.setAttribute("tabindex", "-1");
            report.focus();
          }
        });
        request.addEventListener("error", function () {
          words.textContent = "The file could not be sent: the server cannot be reached.";
        });
        words.textContent = "Sending the file.";
        request.send(new FormData(form));
      });
    }
    """

  static let manifest = """
    {"name":"Liquidus","short_name":"Liquidus","start_url":"/","display":"standalone",\
    "background_color":"#ffffff","theme_color":"#0b63c5",\
    "icons":[{"src":"/static/icon.svg","sizes":"any","type":"image/svg+xml"}]}
    """

  static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" \
    rx="14" fill="#0b63c5"/><path d="M32 10C24 22 18 30 18 38a14 14 0 0 0 28 0c0-8-6-16-14-28z" \
    fill="#fff"/></svg>
    """
}
