// Dynamodel's service worker: makes the playground work offline once it has been loaded, and a returning
// visit fast.
//
// Navigations (index.html) go to the network first so a new release is picked up as soon as it is online,
// and fall back to the cached copy when the network is gone; navigation preload starts that request while
// the worker itself is still starting. Everything else of the site (Trunk's hashed wasm, JS and CSS, the
// favicon) is served from the cache first: a hashed file name never changes content, so a cached copy is
// never stale. Where the browser has static routes (`InstallEvent.addRoutes`), the hashed files are read
// from the cache without starting this script at all — that is most of a returning visit's requests. On
// install the worker caches the page and every same-origin file it links (read from the page itself, so
// nothing here has to know Trunk's hashes): the page registers the worker once the app is up, so those
// files come from the HTTP cache the first visit has just filled. Anything else is cached the first time
// it is fetched. Non-GET and cross-origin requests are left to the browser.
'use strict';

// Bump to drop every cache an older worker made (they are deleted on activate).
const CACHE = 'dynamodel-v1';

self.addEventListener('install', (event) => {
  // Take over from an older worker without waiting for every tab to close.
  self.skipWaiting();
  event.waitUntil(Promise.all([precache(), addStaticRoutes(event)]));
});

/**
 * The hashed files straight from the cache (the network if they are not there), without running this
 * script: Trunk names them `<name>-<hash>.<ext>`. Browsers without static routes use the fetch handler.
 */
async function addStaticRoutes(event) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const scope = new URL(self.registration.scope).pathname;
  const hashed = ['wasm', 'js', 'css', 'svg'].map((ext) => ({
    condition: { urlPattern: new URLPattern({ pathname: `${scope}*-*.${ext}` }) },
    source: { cacheName: CACHE },
  }));
  try {
    await event.addRoutes(hashed);
  } catch {
    // An older form of the API: the fetch handler serves the same files from the same cache.
  }
}

/** Cache the page and the same-origin files its HTML links; a file that cannot be had is left out. */
async function precache() {
  const cache = await caches.open(CACHE);
  const page = new URL('./', self.registration.scope).href;
  let html;
  try {
    const response = await fetch(page, { cache: 'no-cache' });
    if (!cacheable(response)) return;
    html = await response.clone().text();
    await cache.put(page, response);
  } catch {
    return; // offline while installing: runtime caching fills the cache later
  }
  const urls = new Set();
  // Quoted or not: a minified page may leave the quotes out.
  for (const match of html.matchAll(/\s(?:href|src)=(?:"([^"]+)"|'([^']+)'|([^\s>"']+))/g)) {
    let url;
    try {
      url = new URL((match[1] ?? match[2] ?? match[3]).replace(/&amp;/g, '&'), page);
    } catch {
      continue; // not a URL: nothing to cache
    }
    if (url.origin === self.location.origin && url.href !== page) urls.add(url.href);
  }
  await Promise.allSettled([...urls].map((url) => cache.add(url)));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      // Control the page that registered us, so its later reloads work offline without a second visit.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? networkFirst(event) : cacheFirst(event));
});

/** Only complete same-origin answers are worth keeping (no errors, no opaque or partial responses). */
function cacheable(response) {
  return response.ok && response.status === 200 && response.type === 'basic';
}

/** Keeps a copy of `response` after it has been handed to the page (the page does not wait for the write). */
function keep(event, response) {
  if (!cacheable(response)) return;
  const copy = response.clone();
  event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
}

async function networkFirst(event) {
  const request = event.request;
  try {
    const response = (await event.preloadResponse) || (await fetch(request));
    keep(event, response);
    return response;
  } catch (networkError) {
    // `/` and `/index.html` are the same page: either cached copy will do.
    const cache = await caches.open(CACHE);
    const cached =
      (await cache.match(request, { ignoreSearch: true })) ||
      (await cache.match(new URL('index.html', self.registration.scope).href)) ||
      (await cache.match(self.registration.scope));
    if (cached) return cached;
    throw networkError;
  }
}

async function cacheFirst(event) {
  const cached = await caches.match(event.request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(event.request);
  keep(event, response);
  return response;
}
