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
