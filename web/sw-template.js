// Boneyard's service worker; build.py writes dist/sw.js from this template
// with the cache name (a digest of every file) and the precache list.
//
// One build, one cache.  A new build is a new sw.js with a new cache name: it
// installs into its own cache while the old worker keeps serving the old one,
// waits until the page says the person accepted the update, then takes over
// and deletes every other Boneyard cache of its scope.  So a page never mixes two builds.
const scopeURL = new URL("./", self.location);
// The cache is this build's at this scope: two sites of one host (/boneyard/ and
// /boneyard-dev/) share its caches, and each once deleted the other's offline copy.
const SCOPED = "@" + scopeURL.pathname;
const CACHE = "__CACHE_NAME__" + SCOPED;
const PREFIX = "boneyard-";
const PRECACHE = [/* __PRECACHE__ */];
// Parallel downloads while precaching: enough to overlap round trips,
// few enough not to starve the page on its first visit.
const PARALLEL = 6;

const precached = new Set(PRECACHE.map((path) => new URL(path, scopeURL).href));

// Static routing (Chromium): requests without a query go straight to this
// build's cache, without starting this worker at all -- what a returning
// visitor's page load mostly waits for otherwise.  Requests with a query
// (?lang=, embed.html?record=...) still come to the fetch handler below,
// which finds the page under its plain URL.  A route names this build's own
// cache, so a page never mixes builds through it either; what the cache
// lacks comes from the network.
function addRoutes(event) {
  if (!event.addRoutes) return Promise.resolve();
  // The scope's path, its URL-pattern syntax characters taken literally.
  const scopePattern = scopeURL.pathname.replace(/[\\:()*+?{}]/g, "\\$&");
  return event.addRoutes({
    condition: { urlPattern: { pathname: scopePattern + "*", search: "" }, requestMethod: "GET" },
    source: { cacheName: CACHE },
  }).catch(() => { /* unsupported: the fetch handler serves everything */ });
}

async function tell(message) {
  const clients = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

// A host's "Vary: Accept" (or Origin...) would make the cache miss the page's
// own requests, which send other headers than the precache did: the static
// route would then go to the network (failing offline).  One file per URL
// is all a build has, so the header says nothing here.
function withoutVary(response) {
  if (!response.headers.has("Vary")) return response;
  const headers = new Headers(response.headers);
  headers.delete("Vary");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const total = PRECACHE.length;
  let done = 0;
  let next = 0;
  await tell({ type: "progress", cache: CACHE, done, total });
  async function lane() {
    while (next < total) {
      const url = new URL(PRECACHE[next++], scopeURL).href;
      // "no-cache": revalidate with the server, never trust an HTTP-cached
      // copy that could belong to the previous build.
      const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) throw new Error("precaching " + url + " failed: HTTP " + response.status);
      await cache.put(url, withoutVary(response));
      done += 1;
      if (done % 8 === 0 || done === total) await tell({ type: "progress", cache: CACHE, done, total });
    }
  }
  const lanes = [];
  for (let i = 0; i < PARALLEL; i++) lanes.push(lane());
  try {
    await Promise.all(lanes);
  } catch (error) {
    // A half-filled cache must never serve: drop it, the next visit retries.
    await caches.delete(CACHE);
    await tell({ type: "error", cache: CACHE, message: String(error && error.message || error) });
    throw error;
  }
  await tell({ type: "cached", cache: CACHE, done, total });
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([addRoutes(event), precache()]));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Every other build's cache at this scope goes (and those named before caches had a
    // scope); another scope's are that site's own.
    for (const name of await caches.keys()) {
      const mine = name.endsWith(SCOPED) || !name.includes("@");
      if (name.startsWith(PREFIX) && mine && name !== CACHE) await caches.delete(name);
    }
    // The first install controls the already open page at once (it has
    // nothing to mix with); an update only activates after skipWaiting.
    await self.clients.claim();
    await tell({ type: "activated", cache: CACHE });
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "which-cache" && event.source) event.source.postMessage({ type: "cache-name", cache: CACHE });
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.hash = "";
  let hit = await cache.match(url.href);
  // Pages take their parameters in the query (embed.html?record=…): the
  // cached page is the same file whatever the query.
  if (!hit && url.search) {
    url.search = "";
    if (precached.has(url.href)) hit = await cache.match(url.href);
  }
  return hit;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const hit = await fromCache(request);
    return hit || fetch(request);
  })());
});
