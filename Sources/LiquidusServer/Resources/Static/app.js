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

// ---- Settings: reminders on this phone ----
// "Remind me on this phone" asks the browser to allow notifications, subscribes it to push
// with the server's key (GET /api/push-subscriptions names it) and hands the subscription to
// the server with the page's session and CSRF token. The list shows every phone that gets
// reminders, this one marked, each with Stop. Without script the group says it needs it.
(function () {
  const group = document.getElementById("phone-group");
  if (!group) return;
  const summary = document.getElementById("phone-now");
  const why = document.getElementById("phone-why");
  const button = document.getElementById("phone-subscribe");
  const status = document.getElementById("phone-status");
  const title = document.getElementById("phone-devices-title");
  const list = document.getElementById("phone-devices");
  const csrfField = document.querySelector("input[name='csrf']");
  const csrf = csrfField ? csrfField.value : "";
  const blocked = phoneRemindersBlocked();
  let serverKey = null;
  let thisPhone = false;

  why.textContent = blocked;
  why.hidden = blocked === "";
  summary.textContent = "Off on this phone";
  button.addEventListener("click", subscribe);
  devices();

  function say(words, refused) {
    status.textContent = words;
    status.classList.toggle("error", !!refused);
  }

  // The server's list, and its key; false when it cannot be had (the reason is said).
  async function devices() {
    let answer;
    try {
      const response = await fetch("/api/push-subscriptions", {
        credentials: "same-origin", headers: { "Accept": "application/json, application/problem+json" }
      });
      if (!response.ok) {
        say("The phones that get reminders cannot be listed. " + await problemWords(response), true);
        return false;
      }
      answer = await response.json();
    } catch (error) {
      say("The phones that get reminders cannot be listed: the server cannot be reached.", true);
      return false;
    }
    serverKey = typeof answer.applicationServerKey === "string" ? answer.applicationServerKey : null;
    show(Array.isArray(answer.devices) ? answer.devices : []);
    return true;
  }

  function show(found) {
    list.replaceChildren();
    for (const device of found) {
      const item = document.createElement("li");
      const about = document.createElement("div");
      about.className = "device";
      const name = document.createElement("span");
      name.className = "device-name";
      name.textContent = device.device;
      about.append(name);
      if (device.thisSession) {
        const mark = document.createElement("span");
        mark.className = "this-phone";
        mark.textContent = "this phone";
        about.append(" ", mark);
      }
      const since = document.createElement("span");
      since.className = "since";
      since.textContent = "since " + dayText(device.createdAt) + ", through " + pushServiceName(device.endpointOrigin);
      about.append(" ", since);
      const stop = document.createElement("button");
      stop.type = "button";
      stop.className = "quiet";
      stop.textContent = "Stop";
      stop.setAttribute("aria-label", "Stop reminders on " + device.device + (device.thisSession ? " (this phone)" : ""));
      stop.dataset.thisPhone = device.thisSession ? "true" : "false";
      stop.addEventListener("click", function () { stopDevice(device, stop); });
      item.append(about, stop);
      list.append(item);
    }
    thisPhone = found.some(function (device) { return device.thisSession; });
    list.hidden = found.length === 0;
    title.hidden = found.length === 0;
    button.hidden = blocked !== "" || thisPhone;
    const others = found.length - (thisPhone ? 1 : 0);
    const phones = others === 1 ? "1 other phone" : others + " other phones";
    summary.textContent = thisPhone
      ? "On for this phone" + (others > 0 ? " and " + phones : "")
      : "Off on this phone" + (others > 0 ? "; on for " + phones : "");
  }

  async function subscribe() {
    button.disabled = true;
    try {
      say("Asking this browser to allow notifications.");
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        say(permission === "denied"
          ? "Not turned on: this browser blocks Liquidus's notifications. Allow them in its settings for this site, then try again."
          : "Not turned on: notifications were not allowed. Tap the button again and choose Allow.", true);
        return;
      }
      say("Subscribing this phone.");
      if (!(await devices())) return;
      if (!serverKey) {
        say("Not turned on: this server does not push reminders (it named no key to subscribe with).", true);
        return;
      }
      const registration = await navigator.serviceWorker.register("/sw.js");
      await navigator.serviceWorker.ready;
      let subscription;
      try {
        subscription = await within(pushSubscription(registration, serverKey), 30000,
          "it did not answer within 30 seconds");
      } catch (error) {
        say("Not turned on: this browser's push service did not take the subscription (" + error.message
          + "). Try again once the phone is online.", true);
        return;
      }
      const response = await fetch("/api/push-subscriptions", {
        method: "POST", credentials: "same-origin",
        headers: {
          "Content-Type": "application/json", "Accept": "application/json, application/problem+json",
          "X-CSRF-Token": csrf
        },
        body: JSON.stringify(subscription.toJSON())
      });
      if (!response.ok) {
        // The server keeps nothing of a refused subscription; neither does the browser.
        const words = await problemWords(response);
        await subscription.unsubscribe().catch(function () {});
        say("Not turned on. " + words, true);
        return;
      }
      await devices();
      say("Reminders are on for this phone.");
      const stop = list.querySelector("button[data-this-phone='true']");
      if (stop) stop.focus();
    } catch (error) {
      say("Not turned on: the server cannot be reached. Try again once it can.", true);
    } finally {
      button.disabled = false;
    }
  }

  async function stopDevice(device, stop) {
    stop.disabled = true;
    try {
      const response = await fetch("/api/push-subscriptions/" + encodeURIComponent(device.id), {
        method: "DELETE", credentials: "same-origin",
        headers: { "Accept": "application/json, application/problem+json", "X-CSRF-Token": csrf }
      });
      // 404: stopped already (from the command line, or another page).
      if (!response.ok && response.status !== 404) {
        say("Not stopped. " + await problemWords(response), true);
        stop.disabled = false;
        return;
      }
      if (device.thisSession) await unsubscribeHere();
      await devices();
      say("Reminders stopped on " + device.device + (device.thisSession ? " (this phone)." : "."));
      // Focus goes to the next Stop, or to the button that turns them on again, not lost
      // with the removed row.
      const next = list.querySelector("button") || (button.hidden ? group.querySelector("summary") : button);
      next.focus();
    } catch (error) {
      say("Not stopped: the server cannot be reached. Try again once it can.", true);
      stop.disabled = false;
    }
  }
})();

// Why this browser cannot have reminders pushed to it, in a sentence; "" when it can.
function phoneRemindersBlocked() {
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  // Safari on iOS and iPadOS offers push only to a web app opened from the Home Screen.
  if (apple && navigator.standalone === false) {
    return "Add Liquidus to your Home Screen first (Share, Add to Home Screen), open it from there, then turn reminders on.";
  }
  if (!window.isSecureContext) {
    return "Browsers allow reminders only on a page opened over https:// (or on the server's own machine): open Liquidus at the server's https:// address.";
  }
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "This browser cannot receive reminders from a web page. Chrome, Edge and Firefox can, and on an iPhone or iPad Safari from iOS 16.4 on, once Liquidus is on the Home Screen.";
  }
  if (Notification.permission === "denied") {
    return "This browser blocks Liquidus's notifications: allow them in its settings for this site, then open Settings again.";
  }
  return "";
}

// This browser's subscription under the server's key: the one it has, or a new one (an old
// one under another key, from before the server's key changed, is given up first).
async function pushSubscription(registration, key) {
  const wanted = base64urlBytes(key);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const had = existing.options && existing.options.applicationServerKey
      ? new Uint8Array(existing.options.applicationServerKey) : null;
    if (had && had.length === wanted.length && had.every(function (byte, index) { return byte === wanted[index]; })) {
      return existing;
    }
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
}

// The promise's outcome, or a refusal in `words` once `ms` have passed: a browser whose push
// service cannot be reached may never answer.
function within(promise, ms, words) {
  let timer = null;
  const late = new Promise(function (_, reject) {
    timer = setTimeout(function () { reject(new Error(words)); }, ms);
  });
  return Promise.race([promise, late]).finally(function () { clearTimeout(timer); });
}

async function unsubscribeHere() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = registration && registration.pushManager ? await registration.pushManager.getSubscription() : null;
  if (subscription) await subscription.unsubscribe();
}

function base64urlBytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  return Uint8Array.from(plain, function (character) { return character.charCodeAt(0); });
}

// A problem's `detail` (the server's own words), or a plain sentence when it gave none.
async function problemWords(response) {
  try {
    const detail = (await response.json()).detail;
    if (typeof detail === "string" && detail !== "") return detail;
  } catch (error) {
    // Not a problem document: the sentence below.
  }
  return "The server refused it (" + response.status + " " + response.statusText + ").";
}

function dayText(iso) {
  const day = new Date(iso);
  return isNaN(day) ? iso : day.toLocaleDateString(pageLanguage(), { year: "numeric", month: "short", day: "numeric" });
}

// The push service by the company that runs it (the browsers' own), else by its address.
function pushServiceName(origin) {
  let host = "";
  try {
    host = new URL(origin).host;
  } catch (error) {
    return origin;
  }
  const services = [
    ["fcm.googleapis.com", "Google's push service"], ["android.googleapis.com", "Google's push service"],
    ["push.services.mozilla.com", "Mozilla's push service"], ["push.apple.com", "Apple's push service"],
    ["notify.windows.com", "Microsoft's push service"]
  ];
  for (const [suffix, name] of services) {
    if (host === suffix || host.endsWith("." + suffix)) return name;
  }
  return host;
}
