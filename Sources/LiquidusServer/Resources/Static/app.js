"use strict";
// Today's state for the day's turn and the celebration (issue 43), declared before the page's
// set-up below runs, which may already celebrate or count a waiting tap.
let queuedNow = [];
let celebrationEnds = null;
(function () {
  sendsWithProgress();
  paintsButtons();
  if (!document.getElementById("figures")) return;
  // One fetch at a time; a caller that comes meanwhile shares its outcome (true once swapped).
  let pending = null;
  function refresh() {
    if (!pending) pending = load().finally(function () { pending = null; });
    return pending;
  }
  async function load() {
    try {
      const response = await fetch("/", { credentials: "same-origin" });
      if (!response.ok) return false;
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      const before = dayState();
      for (const live of document.querySelectorAll("[data-live]")) {
        const fresh = next.getElementById(live.id);
        if (fresh) live.replaceWith(fresh);
      }
      swapped(before);
      return true;
    } catch (error) {
      // The server cannot be reached: the page stays as it is until it can.
      return false;
    }
  }
  arrived();
  turnsAtMidnight(refresh);
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
    showQueued(event.data.queued || []);
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
    ? clockTime(tapped)
    : tapped.toLocaleDateString(pageLanguage(), { month: "short", day: "numeric" }) + ", " + clockTime(tapped);
}

// A time as the server writes it on this page: 7:30 PM or 19:30, as the person's clock setting
// (Today's data-hour-cycle) says, not as the browser's language would.
function clockTime(date) {
  const figures = document.getElementById("figures");
  const cycle = (figures && figures.dataset.hourCycle) || "h23";
  return date.toLocaleTimeString(pageLanguage(), cycle === "h12"
    ? { hour: "numeric", minute: "2-digit", hourCycle: "h12" }
    : { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

// The page's language (its words are the server's), for the dates and times the script writes.
function pageLanguage() {
  return document.documentElement.lang || "en";
}

// The Import screen: the same form, sent by XMLHttpRequest so that the page can show how
// much of a large export has gone, then the server's answer in place of the form. Without
// script the form posts as it is.
function sendsWithProgress() {
  const form = document.querySelector("form[action^='/import']");
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

// --- Today's day (issue 43): the date turns at midnight, the goal is celebrated, and a tap
// waiting offline counts in the ring. The figures section carries what this needs as data
// attributes: the day's bounds, what counts so far, the goal, and the words to say.

// What the figures say about the day, to compare before and after a change.
function dayState() {
  const figures = document.getElementById("figures");
  if (!figures) return null;
  return {
    day: figures.dataset.dayStarts, met: figures.dataset.met === "true",
    limit: figures.dataset.limit === "true", words: figures.dataset.celebration || ""
  };
}

// The live sections were swapped: a goal reached since is celebrated, and the taps still
// waiting are counted again in the new ring.
function swapped(before) {
  const after = dayState();
  if (before && after && before.day === after.day && !after.limit && !before.met && after.met) {
    celebrate(after.words);
  }
  remember(after);
  showQueued(queuedNow);
}

// A page loaded after a tap (a form's answer is a new page): the last state this tab saw
// says whether that tap reached the goal.
function arrived() {
  const now = dayState();
  let seen = null;
  try {
    seen = JSON.parse(sessionStorage.getItem("liquidus-day") || "null");
  } catch (error) {
    seen = null;
  }
  if (seen && now && seen.day === now.day && !now.limit && seen.met === false && now.met) {
    celebrate(now.words);
  }
  remember(now);
}

function remember(state) {
  try {
    if (state) sessionStorage.setItem("liquidus-day", JSON.stringify({ day: state.day, met: state.met }));
  } catch (error) {
    // Storage refused (a private window): no celebration after a tap, nothing else lost.
  }
}

// A short celebration: the words in a status region (a screen reader says them once), the
// ring's pulse where motion is welcome (the style sheet leaves it still otherwise), then quiet.
function celebrate(words) {
  const note = document.getElementById("celebration");
  if (!note || !words) return;
  const mark = document.createElement("span");
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = "🎉 ";
  note.replaceChildren(mark, document.createTextNode(words));
  document.body.classList.add("celebrating");
  clearTimeout(celebrationEnds);
  celebrationEnds = setTimeout(function () {
    document.body.classList.remove("celebrating");
    note.replaceChildren();
  }, 15000);
}

// At the end of the day the server named, the page asks for the new day's figures; without an
// answer it starts the new day itself (nothing drunk yet), and the server's next event brings
// the real figures. A limit kept to the day's end is celebrated then.
function turnsAtMidnight(refresh) {
  let timer = null;
  function schedule() {
    const figures = document.getElementById("figures");
    const ends = figures ? Date.parse(figures.dataset.dayEnds) : NaN;
    if (isNaN(ends)) return;
    clearTimeout(timer);
    // A day already over (the server's clock a little behind this one) is asked about again
    // in a few seconds, not at once in a loop.
    const wait = ends - Date.now();
    timer = setTimeout(turn, wait > 0 ? wait + 250 : 5000);
  }
  async function turn() {
    const ended = dayState();
    const figures = document.getElementById("figures");
    const ends = figures ? Date.parse(figures.dataset.dayEnds) : NaN;
    if (!(await refresh()) && !isNaN(ends) && Date.now() >= ends) newDayOffline(ends);
    const now = dayState();
    if (ended && now && ended.day !== now.day && ended.limit && ended.met) celebrate(ended.words);
    schedule();
  }
  // A phone asleep at midnight wakes with its timer late: the page catches up when seen.
  document.addEventListener("visibilitychange", function () {
    const figures = document.getElementById("figures");
    if (!document.hidden && figures && Date.now() >= Date.parse(figures.dataset.dayEnds)) turn();
  });
  schedule();
}

// The new day as far as the page knows it without the server: its date, an empty ring and
// list. The day's total stays as it was in the figures, so the server's first event (a
// different total) brings the real page.
function newDayOffline(ends) {
  const figures = document.getElementById("figures");
  const title = document.getElementById("day-title");
  const date = title && title.querySelector(".day");
  const next = new Date(ends);
  if (date) date.textContent = next.toLocaleDateString(pageLanguage(), { weekday: "long", month: "long", day: "numeric" });
  const fill = figures.querySelector(".ring .fill");
  if (fill) fill.setAttribute("stroke-dashoffset", "326.73");
  const percent = figures.querySelector(".ring .percent");
  if (percent) percent.textContent = "0%";
  const headline = document.getElementById("headline");
  if (headline) headline.textContent = "A new day: nothing logged yet.";
  figures.dataset.counted = "0";
  figures.dataset.met = figures.dataset.limit;
  figures.dataset.dayStarts = next.toISOString();
  figures.dataset.dayEnds = new Date(ends + 86400000).toISOString();
  const list = document.querySelector("#entries .entries");
  if (list) list.replaceChildren();
  showQueued(queuedNow);
}

// Taps waiting in the worker's queue, counted in the ring at once and marked as waiting: a
// second arc after what the server has counted, the words beside it, and a line each in the
// day's list. Only taps of this day count, each by its drink's share toward the goal.
function showQueued(queued) {
  queuedNow = queued;
  const figures = document.getElementById("figures");
  if (!figures) return;
  const starts = Date.parse(figures.dataset.dayStarts);
  const ends = Date.parse(figures.dataset.dayEnds);
  const limit = figures.dataset.limit === "true";
  const counted = parseFloat(figures.dataset.counted) || 0;
  const goal = parseFloat(figures.dataset.goal) || 1;
  let extra = 0;
  const lines = [];
  for (const item of queued) {
    const at = Date.parse(item.at);
    if (!(at >= starts && at < ends)) continue;
    const form = new URLSearchParams(item.body || "");
    const amount = millilitres(form, parseFloat(figures.dataset.unitMl) || 1);
    if (amount === null) continue;
    extra += amount * (limit ? 1 : factor(form.get("drink")));
    lines.push({ at: at, what: (form.get("drink") || "") + " " + volumeText(amount, figures) });
  }
  const circle = 2 * Math.PI * 52;
  const done = Math.min(circle, circle * counted / goal);
  const arc = figures.querySelector(".ring .queued");
  if (arc) {
    arc.setAttribute("stroke-dasharray", Math.min(circle - done, circle * extra / goal).toFixed(2) + " " + circle.toFixed(2));
    arc.setAttribute("stroke-dashoffset", (-done).toFixed(2));
  }
  const percent = figures.querySelector(".ring .percent");
  const shown = Math.round((counted + extra) / goal * 100);
  if (percent) percent.textContent = shown + "%";
  const note = document.getElementById("queued-note");
  if (note) {
    note.textContent = extra > 0
      ? "With " + volumeText(extra, figures) + " waiting to be sent: " + volumeText(counted + extra, figures)
        + " of " + volumeText(goal, figures) + " (" + shown + "%)."
      : "";
  }
  const list = document.querySelector("#entries .entries");
  if (!list) return;
  for (const old of list.querySelectorAll(".waiting-entry")) old.remove();
  for (const line of lines.sort(function (a, b) { return b.at - a.at; }).reverse()) {
    const item = document.createElement("li");
    item.className = "waiting-entry";
    const time = document.createElement("span");
    time.className = "time";
    time.textContent = clockTime(new Date(line.at));
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = line.what;
    const mark = document.createElement("span");
    mark.className = "waiting-mark";
    mark.textContent = "waiting to be sent";
    item.append(time, " ", what, " ", mark);
    list.prepend(item);
  }
}

// A tap's millilitres: a button says them; a typed amount is read when it is a number with
// mL, cL, dL or L, or a bare number in the display unit; anything else (a serving's name
// typed by hand) waits without counting until the server reads it.
function millilitres(form, unitMl) {
  const given = parseFloat(form.get("ml"));
  if (!isNaN(given)) return given;
  const typed = /^\s*(\d+(?:[.,]\d+)?)\s*(ml|cl|dl|l)?\s*$/i.exec(form.get("amount") || "");
  if (!typed) return null;
  const number = parseFloat(typed[1].replace(",", "."));
  const units = { ml: 1, cl: 10, dl: 100, l: 1000 };
  return number * (typed[2] ? units[typed[2].toLowerCase()] : unitMl);
}

// What a millilitre of the drink counts toward the goal (its hydration factor).
function factor(drink) {
  const key = (drink || "").toLowerCase();
  for (const option of document.querySelectorAll("#drink option")) {
    if (option.textContent.toLowerCase() === key) return parseFloat(option.dataset.factor) || 1;
  }
  return 1;
}

function volumeText(ml, figures) {
  const per = parseFloat(figures.dataset.unitMl) || 1;
  const digits = per === 1 ? 0 : 2;
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }).format(ml / per) + " " + (figures.dataset.unit || "mL");
}

// Each drink's button wears its drink's colour: drawn by an SVG fill in the markup (the
// Content-Security-Policy allows no inline style), and set as the button's own background
// here, so that the colour is the button's for everything that reads it (a contrast checker,
// a forced-colours mode).
function paintsButtons() {
  for (const button of document.querySelectorAll("button.drink")) {
    const tint = button.querySelector(".tint rect");
    if (tint) button.style.backgroundColor = tint.getAttribute("fill");
  }
}

// ---- Settings: a refusal next to its field ----
// The server marks the refused field (aria-invalid, autofocus); some browsers ignore
// autofocus after a post, so the script focuses it too, and brings it to the middle of the
// screen rather than leaving the person at the top. After a change that took, the group it
// changed (left open by the server) is brought into view.
(function () {
  const refused = document.querySelector("main [aria-invalid='true']");
  if (refused) {
    if (document.activeElement !== refused) refused.focus({ preventScroll: true });
    refused.scrollIntoView({ block: "center" });
    return;
  }
  const changed = document.querySelector(".settings-changed, main .group details[open], main .drinks details[open]");
  if (changed && document.querySelector("main .done")) changed.scrollIntoView({ block: "center" });
})();
