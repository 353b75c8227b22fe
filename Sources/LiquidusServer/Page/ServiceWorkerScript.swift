/// The page's service worker (`/sw.js`), plain JavaScript with no build step. Where the page is
/// a secure context (loopback, or TLS) it keeps the page's shell (Today and its static files)
/// so the page opens without the server, and it queues a drink tapped while the server cannot
/// be reached, in IndexedDB, with the instant it was tapped and an `Idempotency-Key`; it sends
/// the queue when the page asks (on load, every few seconds while something waits, when the
/// browser is back online). A queued drink leaves the queue only once the server has answered
/// for it, and the key makes a second sending log nothing: never lost, never doubled.
enum ServiceWorkerScript {
  static let text = """
    "use strict";
    const SHELL = "liquidus-shell-v1";
    const ASSETS = ["/", "/static/app.css", "/static/app.js", "/static/icon.svg", "/manifest.webmanifest"];

    self.addEventListener("install", (event) => {
      event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
    });

    self.addEventListener("activate", (event) => {
      event.waitUntil(self.clients.claim());
    });

    self.addEventListener("fetch", (event) => {
      const request = event.request;
      const url = new URL(request.url);
      if (url.origin !== self.location.origin) return;
      if (request.method === "POST" && url.pathname === "/log") {
        event.respondWith(logOrQueue(request));
      } else if (request.method === "GET" && ASSETS.includes(url.pathname) &&
                 (url.pathname !== "/" || request.mode === "navigate")) {
        event.respondWith(networkFirst(request, url.pathname));
      }
    });

    self.addEventListener("message", (event) => {
      if (event.data && event.data.type === "flush") event.waitUntil(flush());
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
        await tell(false);
        return Response.redirect("/", 303);
      }
    }

    function post(body, key, at) {
      return new Request("/log", {
        method: "POST", credentials: "same-origin", redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": key },
        body: at ? body + "&at=" + encodeURIComponent(at) : body
      });
    }

    let sending = null;
    function flush() {
      if (!sending) sending = send().finally(() => { sending = null; });
      return sending;
    }

    // Sends what waits, oldest first. A redirect means logged (now or before, under its key)
    // and a 422 that the drink can never be logged (the page shows the same refusal when
    // typed); anything else (no answer, a server error, a sign-in to renew) keeps it queued.
    async function send() {
      let sent = false;
      const waiting = await change("readonly", (store) => store.getAll());
      waiting.sort((left, right) => (left.at < right.at ? -1 : 1));
      for (const item of waiting) {
        let response;
        try {
          response = await fetch(post(item.body, item.key, item.at));
        } catch (error) {
          break;
        }
        if (response.type === "opaqueredirect" || response.status === 303 || response.status === 422) {
          await change("readwrite", (store) => store.delete(item.key));
          sent = true;
        } else {
          break;
        }
      }
      await tell(sent);
    }

    // Tells every open page what still waits, and whether something was just sent.
    async function tell(sent) {
      const waiting = (await change("readonly", (store) => store.getAll())).map((item) => item.what);
      for (const client of await self.clients.matchAll({ type: "window" })) {
        client.postMessage({ type: "waiting", waiting: waiting, sent: sent });
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
    """
}
