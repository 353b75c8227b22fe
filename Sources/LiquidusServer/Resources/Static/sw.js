"use strict";
const SHELL = "liquidus-shell-v2";
const ASSETS = ["/", "/static/app.css", "/static/app.js", "/static/icon.svg", "/manifest.webmanifest",
  "/static/offline.html", "/static/icon-192.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // The shells of earlier versions go: only this one's files are served offline.
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== SHELL).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/log") {
    event.respondWith(logOrQueue(request));
  } else if (request.method === "POST" && url.pathname === "/signout") {
    event.respondWith(signOut(request));
  } else if (request.method === "GET" && ASSETS.includes(url.pathname) &&
             (url.pathname !== "/" || request.mode === "navigate")) {
    event.respondWith(networkFirst(request, url.pathname));
  } else if (request.method === "GET" && request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offline(url.pathname)));
  }
});

self.addEventListener("message", (event) => {
  if (!event.data) return;
  if (event.data.type === "flush") event.waitUntil(flush(event.data.csrf));
  if (event.data.type === "dismiss") {
    event.waitUntil(change("readwrite", (store) => store.delete(event.data.key)).then(() => tell({})));
  }
});

// The network when it answers (keeping the answer for later), the kept copy when not.
async function networkFirst(request, path) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(path, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}

// Signing out drops the kept Today first: it holds the session's CSRF token and the day's
// drinks, which must not open from the cache once the person has signed out (nor if the
// sign-out's answer never arrives).
async function signOut(request) {
  const cache = await caches.open(SHELL);
  await cache.delete("/");
  return fetch(request);
}

// A tap: sent at once with a key of its own; queued with that key when it cannot be sent.
async function logOrQueue(request) {
  const body = await request.clone().text();
  const key = self.crypto.randomUUID();
  try {
    return await fetch(post(body, key));
  } catch (error) {
    await change("readwrite", (store) => store.put({
      key: key, at: new Date().toISOString(), body: body,
      what: new URLSearchParams(body).get("drink") + " " + new URLSearchParams(body).get("amount")
    }));
    await tell({});
    return Response.redirect("/", 303);
  }
}

// A tap sent at once is the browser's own form post and asks for a page; a queued one asks
// for a problem, whose words the page shows if the server refuses it. The queued body keeps
// the CSRF token of the session it was tapped in: after a new sign-in the page gives the
// current one (a same-origin message; the server still checks session and token).
function post(body, key, at, csrf) {
  const form = new URLSearchParams(body);
  const headers = { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": key };
  if (at) {
    form.set("at", at);
    headers["Accept"] = "application/problem+json";
  }
  if (csrf) form.set("csrf", csrf);
  return new Request("/log", {
    method: "POST", credentials: "same-origin", redirect: "manual", headers: headers,
    body: form.toString()
  });
}

let sending = null;
// What the last sending found: the queue waits for a new sign-in. Kept so that a report
// made between two sendings (a tap, a dismissal) says the same.
let signInNeeded = false;
function flush(csrf) {
  if (!sending) sending = send(csrf).finally(() => { sending = null; });
  return sending;
}

// Sends what waits, oldest first. A redirect means logged (now or before, under its key).
// 401 and 403 mean the person must sign in again (signed out, token revoked, session or
// CSRF token expired): the drink waits for that, and so do the ones after it. Any other
// 4xx says it can never be logged as it is (an amount that cannot be read, a drink archived
// meanwhile): it leaves the queue but is kept aside with the server's reason, for the page
// to show until dismissed. No answer, a server error, 408 or 429: it waits and is tried again.
async function send(csrf) {
  let sent = false;
  let signIn = false;
  const waiting = (await change("readonly", (store) => store.getAll())).filter((item) => !item.refused);
  waiting.sort((left, right) => (left.at < right.at ? -1 : 1));
  for (const item of waiting) {
    let response;
    try {
      response = await fetch(post(item.body, item.key, item.at, csrf));
    } catch (error) {
      break;
    }
    if (response.type === "opaqueredirect" || response.status === 303) {
      await change("readwrite", (store) => store.delete(item.key));
      sent = true;
    } else if (response.status === 401 || response.status === 403) {
      signIn = true;
      break;
    } else if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
      item.refused = await reason(response);
      await change("readwrite", (store) => store.put(item));
    } else {
      break;
    }
  }
  signInNeeded = signIn;
  await tell({ sent: sent });
}

// The server's own words (a problem's `detail`), or a plain sentence when it gave none.
async function reason(response) {
  try {
    const detail = (await response.json()).detail;
    if (typeof detail === "string" && detail !== "") return detail;
  } catch (error) {
    // Not a problem document: the sentence below.
  }
  return "the server refused it (" + response.status + " " + response.statusText + ").";
}

// Tells every open page what still waits, what was refused (until dismissed), whether
// something was just sent, and whether the queue waits for a new sign-in.
async function tell(state) {
  const all = await change("readonly", (store) => store.getAll());
  const message = {
    type: "waiting", sent: !!state.sent, signIn: signInNeeded,
    waiting: all.filter((item) => !item.refused).map((item) => item.what),
    // What each waiting tap was (its form) and when, for the page to count it in the ring.
    queued: all.filter((item) => !item.refused).map((item) => ({ what: item.what, at: item.at, body: item.body })),
    refused: all.filter((item) => item.refused)
      .map((item) => ({ key: item.key, what: item.what, at: item.at, reason: item.refused }))
  };
  for (const client of await self.clients.matchAll({ type: "window" })) {
    client.postMessage(message);
  }
}

function change(mode, work) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("liquidus", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "key" });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const transaction = open.result.transaction("queue", mode);
      const request = work(transaction.objectStore("queue"));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
    };
  });
}

// Another screen (Trends, Settings, Import) while the server cannot be reached: the page's own
// words, in its own look, instead of the browser's error.
async function offline(path) {
  const screens = { "/trends": "Trends", "/settings": "Settings", "/import": "Import", "/signin": "Signing in" };
  const screen = screens[path] || (path.startsWith("/entries/") ? "Editing an entry" : "This screen");
  const kept = await (await caches.open(SHELL)).match("/static/offline.html");
  const text = kept ? await kept.text()
    : "<!doctype html><title>Offline</title><h1>__SCREEN__</h1><p>Offline: the server cannot be reached.</p>";
  const safe = path.replace(/[^A-Za-z0-9\/_.-]/g, "");
  return new Response(text.split("__SCREEN__").join(screen).split("__PATH__").join(safe), {
    status: 503, headers: { "Content-Type": "text/html; charset=utf-8" }
  });
}

// ---- Import from the share sheet ----
// The manifest's share_target posts a shared export to /import as a navigation. That route
// checks the session and its CSRF token before it reads a byte of the body, and a manifest is
// the same for everyone, so the share cannot carry the token itself: the worker takes the
// share, asks the server for the signed-in page's token (GET /import, same origin, with the
// session cookie), and sends the file on with it in the X-CSRF-Token header. The person sees
// the server's answer: the Import screen with its summary. Not signed in, the share ends on
// the sign-in screen (sign in, then share again). Only the worker can do this, and only where
// it runs, which is also the only place the page can be installed to receive shares.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || event.request.method !== "POST") return;
  if (url.pathname !== "/import" || url.searchParams.has("csrf")) return;
  event.respondWith(importShared(event.request));
});

async function importShared(request) {
  let file = null;
  try {
    file = (await request.formData()).get("file");
  } catch (error) {
    file = null;
  }
  let page;
  try {
    page = await fetch("/import", { credentials: "same-origin", redirect: "manual" });
  } catch (error) {
    return offlineShare();
  }
  const token = page.ok ? /name="csrf" value="([^"]+)"/.exec(await page.text()) : null;
  if (!token) return Response.redirect("/", 303);
  if (!(file instanceof File)) return Response.redirect("/import", 303);
  const body = new FormData();
  body.set("csrf", token[1]);
  body.set("file", file, file.name);
  try {
    return await fetch("/import", {
      method: "POST", credentials: "same-origin", headers: { "X-CSRF-Token": token[1] }, body: body
    });
  } catch (error) {
    return offlineShare();
  }
}

// The page's own words when the server cannot be reached while a file is shared to it.
function offlineShare() {
  return new Response(
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
    "<title>Import · Liquidus</title><link rel=\"stylesheet\" href=\"/static/app.css\"></head><body><main id=\"main\">" +
    "<h1>Import</h1><p class=\"error\">The server cannot be reached, so the shared file was not imported. " +
    "Share it again once the server is running.</p><p><a href=\"/\">Back to Today</a></p></main></body></html>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// ---- Reminders pushed to this phone ----
// The server's reminder arrives encrypted through the browser vendor's push service and is
// shown as a notification. Its buttons log the drink or snooze without the page: the message
// carries a single-use credential per button, which the worker sends back to the server (no
// cookie or CSRF token is needed, so it works with every page closed). Each notification has
// one Idempotency-Key, made when it is shown, so a tap the network delivers twice logs once.
const REMINDER = { title: "Time for a drink", tag: "liquidus-reminder" };
const ACTIONS = ["log", "snooze"];
// A send that gets no answer is tried again this many times, after these waits, with the same
// key: a phone waking from sleep often has no network for its first seconds.
const ACTION_RETRY_WAITS_MS = [2000, 5000];
const ACTION_TIMEOUT_MS = 15000;

self.addEventListener("push", (event) => {
  event.waitUntil(showReminder(reminderFrom(event.data)));
});

// The payload as the server sends it (docs/FORMATS.md, "Push reminder"). A message that is
// not that (no JSON, no title) still shows the plain reminder, never its raw text; buttons are
// offered only with their credential and only toward this server.
function reminderFrom(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch (error) {
    payload = null;
  }
  if (!payload || typeof payload !== "object" || typeof payload.title !== "string" || payload.title === "") {
    return { title: REMINDER.title, body: "", tag: REMINDER.tag, actions: [] };
  }
  const reminder = {
    title: payload.title.slice(0, 120),
    body: typeof payload.body === "string" ? payload.body.slice(0, 400) : "",
    tag: typeof payload.tag === "string" && payload.tag !== "" ? payload.tag.slice(0, 64) : REMINDER.tag,
    drink: typeof payload.drink === "string" ? payload.drink : "",
    amountMl: typeof payload.amountMl === "number" ? payload.amountMl : null,
    actions: [], credentials: {}, titles: {}, actionURL: null
  };
  const credentials = payload.actionCredentials && typeof payload.actionCredentials === "object"
    ? payload.actionCredentials : {};
  let target = null;
  try {
    target = typeof payload.actionURL === "string" ? new URL(payload.actionURL, self.location.origin) : null;
  } catch (error) {
    target = null;
  }
  if (!target || target.origin !== self.location.origin) return reminder;
  reminder.actionURL = target.pathname;
  const titles = { log: payload.logTitle, snooze: payload.snoozeTitle };
  for (const action of Array.isArray(payload.actions) ? payload.actions : []) {
    if (!ACTIONS.includes(action) || typeof credentials[action] !== "string") continue;
    if (action === "log" && (reminder.drink === "" || reminder.amountMl === null)) continue;
    reminder.actions.push(action);
    reminder.credentials[action] = credentials[action];
    reminder.titles[action] = typeof titles[action] === "string" && titles[action] !== ""
      ? titles[action].slice(0, 40) : (action === "log" ? "Log it" : "Snooze");
  }
  return reminder;
}

function showReminder(reminder) {
  return self.registration.showNotification(reminder.title, {
    body: reminder.body, tag: reminder.tag, renotify: true, icon: "/static/icon-192.png",
    actions: reminder.actions.map((action) => ({ action: action, title: reminder.titles[action] })),
    data: Object.assign({ idempotencyKey: self.crypto.randomUUID() }, reminder)
  });
}

self.addEventListener("notificationclick", (event) => {
  const notification = event.notification;
  const reminder = notification.data || {};
  const work = ACTIONS.includes(event.action) && reminder.credentials && reminder.credentials[event.action]
    ? act(notification, event.action)
    : openPage(notification);
  keepAlive(event, work);
});

// A click the browser dispatched keeps the worker alive until its work is done. One a script
// dispatched (the tests', as no protocol can click a notification) cannot be kept alive, and
// its work runs all the same.
function keepAlive(event, work) {
  try {
    event.waitUntil(work);
  } catch (error) {
    // An untrusted event: nothing to keep alive.
  }
}

// The notification's body: an open page comes to the front, else Today opens.
async function openPage(notification) {
  notification.close();
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = pages.find((page) => new URL(page.url).origin === self.location.origin);
  if (open && open.focus) return open.focus();
  return self.clients.openWindow("/");
}

// A button: sent with its credential and the notification's one key; then the notification
// goes, and says what came of it (the server's own words when it refused).
async function act(notification, action) {
  const reminder = notification.data;
  notification.close();
  const body = { credential: reminder.credentials[action], action: action };
  if (action === "log") {
    body.drink = reminder.drink;
    body.amountMl = reminder.amountMl;
  }
  let response = null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(reminder.actionURL, {
        method: "POST", credentials: "omit", cache: "no-store",
        headers: {
          "Content-Type": "application/json", "Accept": "application/json, application/problem+json",
          "Idempotency-Key": reminder.idempotencyKey
        },
        body: JSON.stringify(body), signal: AbortSignal.timeout(ACTION_TIMEOUT_MS)
      });
    } catch (error) {
      response = null;
    }
    const settled = response && response.status < 500 && response.status !== 408 && response.status !== 429;
    if (settled || attempt >= ACTION_RETRY_WAITS_MS.length) break;
    await new Promise((resolve) => setTimeout(resolve, ACTION_RETRY_WAITS_MS[attempt]));
  }
  if (response && response.ok) {
    if (action === "log") await tell("Logged " + amountText(reminder.amountMl) + " " + reminder.drink, "");
    return;
  }
  const what = action === "log" ? amountText(reminder.amountMl) + " " + reminder.drink + " not logged"
    : "Not snoozed";
  const why = response ? await reason(response) : "the server cannot be reached.";
  await tell(what, why.charAt(0).toUpperCase() + why.slice(1) + " Open Liquidus to do it there.");

  function tell(title, words) {
    return self.registration.showNotification(title, {
      body: words, tag: "liquidus-action", icon: "/static/icon-192.png", data: {}
    });
  }
}

function amountText(ml) {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(ml) + " mL";
}
