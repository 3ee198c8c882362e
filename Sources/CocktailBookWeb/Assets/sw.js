// Cocktail Book's service worker: the book keeps working without a connection.
//
// - At install it caches the app shell (the offline page, the stylesheet, the script, the icons
//   and the manifest) and the main list.
// - What is kept is the server's decision, made where each route is declared, and it says so
//   in `X-Offline-Cache`; this worker keeps no list of paths.
// - Pages (navigations) are saved on every visit and served from the network first: the saved
//   copy opens when the network fails, or when it has not answered within three seconds (the
//   answer still refreshes the copy). Pure stale-while-revalidate would show, online, a page
//   from before a sign-in, a setting or a favorite changed elsewhere. Only answers marked
//   `X-Offline-Cache: page` are kept (ready catalog, no errors, nothing private).
// - Answers marked `asset` (versioned files) and `picture` are cache-first; pictures keep at
//   most PICTURE_LIMIT entries. Anything else (the JSON API) goes to the network as it is.
// - Offline, a page never visited gets the offline page, and so does a form sent by navigation
//   (the page's script queues or holds back what it can); a saved copy is marked
//   `<body data-saved-copy>` so that the page checks whether the server answers.
// - Pages are kept per person: every page says whom it was made for (`X-Offline-Owner`), each
//   owner's copies live in a cache of their own, and when a page comes for someone else (after a
//   sign-out, or another account on the same phone) the previous owner's copies are deleted, so
//   a private note never opens offline for the next person.
//
// The server writes this file with VERSION set from the content of the shell, so a new release
// installs a new worker whose caches carry the new version; the old caches are deleted when it
// takes over, and no page of one version is ever shown with the assets of another.
"use strict";

const VERSION = "__VERSION__";
const SHELL = __SHELL__;
const SHELL_CACHE = "cocktailbook-shell-" + VERSION;
const PAGE_PREFIX = "cocktailbook-pages-";
const PICTURE_CACHE = "cocktailbook-pictures-v1";
const PICTURE_LIMIT = 300;
const PAGE_WAIT = 3000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => fetch("/").then((response) => keepPage(new Request("/"), response)).catch(() => undefined))
      .then(() => self.skipWaiting())
  );
});

/** The cache of `owner`'s pages (of this version). */
function pageCacheName(owner) {
  return PAGE_PREFIX + owner.replace(/[^a-z0-9-]/g, "") + "-" + VERSION;
}

/** The names of the page caches there are, of every owner and version. */
async function pageCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PAGE_PREFIX));
}

/**
 * Notes whose page `response` is: the other owners' copies go, and a page the server marks as
 * fit to keep offline is saved with its owner's.
 */
async function keepPage(request, response) {
  const owner = response.headers.get("X-Offline-Owner");
  if (owner) {
    const mine = pageCacheName(owner);
    await Promise.all((await pageCaches()).filter((name) => name !== mine).map((name) => caches.delete(name)));
    if (response.ok && response.headers.get("X-Offline-Cache") === "page") {
      await (await caches.open(mine)).put(request, response.clone());
    }
  }
  return response;
}

/** The saved copy of `request`, from the page cache there is (at most one: the current owner's). */
async function savedPage(request) {
  for (const name of await pageCaches()) {
    if (!name.endsWith("-" + VERSION)) { continue; }
    const copy = await (await caches.open(name)).match(request);
    if (copy) { return copy; }
  }
  return undefined;
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("cocktailbook-") && ![SHELL_CACHE, PICTURE_CACHE].includes(name)
          && !(name.startsWith(PAGE_PREFIX) && name.endsWith("-" + VERSION)))
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }

  if (request.method !== "GET") {
    // A form sent while the book does not answer (the page's script keeps what it can; this is
    // the rest): the offline page, never the browser's error page.
    if (request.mode === "navigate") { event.respondWith(fetch(request).catch(formNotSent)); }
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(event, request));
    return;
  }
  event.respondWith(resource(request));
});

/**
 * A page: from the network when it answers within PAGE_WAIT ms, else the saved copy (while the
 * network answer still refreshes it), else the network whenever it answers; with no connection
 * the saved copy, else the offline page.
 */
async function page(event, request) {
  const fresh = fetch(request).then((response) => keepPage(request, response));
  event.waitUntil(fresh.catch(() => undefined));
  const saved = savedPage(request);
  const slow = new Promise((resolve) => setTimeout(resolve, PAGE_WAIT)).then(async () => {
    const copy = await saved;
    return copy ? markSaved(copy) : fresh;
  });
  try {
    return await Promise.race([fresh, slow]);
  } catch (error) {
    const copy = await saved;
    return copy ? markSaved(copy) : (await caches.match("/offline")) || Response.error();
  }
}

/** The offline page, marked `<body data-form-not-sent>`: it then says the form did not go. */
async function formNotSent() {
  const offline = await caches.match("/offline");
  if (!offline) { return Response.error(); }
  const html = (await offline.text()).replace("<body ", "<body data-form-not-sent ");
  return new Response(html, { status: offline.status, headers: new Headers(offline.headers) });
}

/**
 * A saved copy, marked `<body data-saved-copy>`: the page then asks the server whether it
 * answers (a home server switched off while the phone is online is offline too).
 */
async function markSaved(response) {
  const html = await response.text();
  return new Response(html.replace("<body ", "<body data-saved-copy "), {
    status: response.status, statusText: response.statusText, headers: new Headers(response.headers),
  });
}

/**
 * Anything but a page: a copy kept earlier if there is one (assets and pictures, whose URLs
 * change when they do), else the network, keeping what the server marks as an asset or a
 * picture; the oldest pictures are dropped beyond PICTURE_LIMIT.
 */
async function resource(request) {
  const saved = (await (await caches.open(SHELL_CACHE)).match(request))
    || (await (await caches.open(PICTURE_CACHE)).match(request));
  if (saved) { return saved; }
  const response = await fetch(request);
  if (!response.ok) { return response; }
  const kind = response.headers.get("X-Offline-Cache");
  if (kind === "asset") {
    await (await caches.open(SHELL_CACHE)).put(request, response.clone());
  } else if (kind === "picture") {
    const cache = await caches.open(PICTURE_CACHE);
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - PICTURE_LIMIT))) { await cache.delete(key); }
  }
  return response;
}
