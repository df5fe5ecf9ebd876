// VIBE's service worker (issue 26, "an installable web app"; docs/offline.md). Plain JavaScript
// served as /sw.js, with `Cache-Control: no-cache` (src/server/http/static.ts) so a new one is
// picked up at the next visit.
//
// - The app shell: index.html ("/") and every built file listed in /precache.json (written by the
//   build, vite.config.ts) are cached at install. Built files (/assets/, named by their content)
//   are answered from the cache first; a page (a navigation) from the network, else the cached
//   shell, so the app opens offline and its pages' code is there.
// - API answers: GETs under /api/ from the network first; a good JSON answer is kept (with the
//   time it was received, header x-vibe-cached-at) for the person signed in, and given back when
//   the network fails. With nothing kept, the answer is a 503 that says so. Writes (POST, PUT,
//   PATCH, DELETE), sign-in (/auth/), the websocket and the admin's answers are never touched.
// - Per person: the kept answers belong to the account /api/auth/me last named (or the page told,
//   message `{type: "user", id}`). Another account, a 401 from /api/auth/me, or a sign-out
//   (/api/logout, /api/auth/logout-everywhere) deletes them all.

const SHELL_CACHE = "vibe-shell-v1";
const API_CACHE = "vibe-api-v1";
const META_CACHE = "vibe-meta-v1";
const USER_KEY = "/__vibe/user";
const CACHED_AT = "x-vibe-cached-at";
const OFFLINE_NOT_LOADED = "You are offline, and this was not loaded before. Try again when you are back online.";
const SIGN_OUTS = ["/api/logout", "/api/auth/logout-everywhere"];
const NOT_KEPT = ["/api/admin", "/api/logout", "/api/auth/logout-everywhere"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.add(new Request("/", { cache: "reload" }));
      try {
        const res = await fetch("/precache.json", { cache: "reload" });
        const files = res.ok ? await res.json() : [];
        // one by one: a file missing from a deploy in progress does not fail the whole install
        await Promise.all(files.map((file) => shell.add(file).catch(() => undefined)));
      } catch {
        // the shell alone still opens the app offline
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  const current = [SHELL_CACHE, API_CACHE, META_CACHE];
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!current.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function storedUser() {
  const res = await (await caches.open(META_CACHE)).match(USER_KEY);
  return res ? res.text() : null;
}

// Every change to the kept answers and to whose they are runs one after another (`exclusive`): a
// sign-out that deletes them can never interleave with an answer being kept, which would leave
// that answer behind after the person signed out.
let turn = Promise.resolve();
function exclusive(task) {
  const run = turn.then(task);
  turn = run.catch(() => undefined);
  return run;
}

/** The account the kept answers belong to: another one (or none) deletes them. */
function setUser(id) {
  return exclusive(async () => {
    if ((await storedUser()) === id) return;
    const meta = await caches.open(META_CACHE);
    if (id) await meta.put(USER_KEY, new Response(id));
    else await meta.delete(USER_KEY);
    await caches.delete(API_CACHE);
  });
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "user") event.waitUntil(setUser(typeof data.id === "string" ? data.id : null));
});

function offlineAnswer(message) {
  return new Response(JSON.stringify({ message }), {
    status: 503,
    headers: { "content-type": "application/json", "cache-control": "no-store", "x-vibe-offline": "1" },
  });
}

/**
 * Keeps an answer for `owner`, the account signed in when it was asked for: not when that is no one,
 * nor when the account changed (or signed out) before the answer was read.
 */
async function keep(request, response, owner) {
  if (!owner) return;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, new Date().toISOString());
  const body = await response.blob();
  await exclusive(async () => {
    if ((await storedUser()) !== owner) return;
    await (await caches.open(API_CACHE)).put(request, new Response(body, { status: 200, headers }));
  });
}

async function apiGet(event, url) {
  const { request } = event;
  try {
    let owner = await storedUser();
    const response = await fetch(request);
    if (url.pathname === "/api/auth/me") {
      if (response.status === 401) await setUser(null);
      else if (response.ok) {
        const me = await response.clone().json().catch(() => null);
        if (me && typeof me.id === "string") {
          await setUser(me.id);
          owner = me.id;
        }
      }
    }
    const json = (response.headers.get("content-type") || "").startsWith("application/json");
    if (response.ok && json && !NOT_KEPT.some((p) => url.pathname.startsWith(p)))
      event.waitUntil(keep(request, response.clone(), owner));
    return response;
  } catch (error) {
    if (request.signal && request.signal.aborted) throw error;
    const kept = await (await caches.open(API_CACHE)).match(request);
    return kept || offlineAnswer(OFFLINE_NOT_LOADED);
  }
}

async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok && new URL(request.url).pathname === "/")
      await (await caches.open(SHELL_CACHE)).put("/", response.clone());
    return response;
  } catch {
    const shell = await (await caches.open(SHELL_CACHE)).match("/");
    if (shell) return shell;
    throw new Error("offline, and the app was never loaded");
  }
}

async function builtFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Icons, the manifest: the network first, the kept copy offline. */
async function publicFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (SIGN_OUTS.includes(url.pathname)) {
    event.waitUntil(setUser(null));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/api/")) event.respondWith(apiGet(event, url));
  else if (url.pathname.startsWith("/auth/") || url.pathname === "/ws") return;
  else if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(builtFile(request));
  else if (url.pathname !== "/sw.js" && url.pathname !== "/precache.json") event.respondWith(publicFile(request));
});
