// Dynamodel's service worker: makes the playground work offline once it has been loaded.
//
// Navigations (index.html) go to the network first so a new release is picked up as soon as it is online,
// and fall back to the cached copy when the network is gone. Everything else of the site (Trunk's hashed
// wasm, JS and CSS, the favicon) is served from the cache first: a hashed file name never changes content,
// so a cached copy is never stale. On install the worker caches the page and every same-origin file it
// links (read from the page itself, so nothing here has to know Trunk's hashes): the files the first visit
// loaded before the worker took control are then there for the first offline reload. Anything else is
// cached the first time it is fetched. Non-GET and cross-origin requests are left to the browser.
'use strict';

// Bump to drop every cache an older worker made (they are deleted on activate).
const CACHE = 'dynamodel-v1';

self.addEventListener('install', (event) => {
  // Take over from an older worker without waiting for every tab to close.
  self.skipWaiting();
  event.waitUntil(precache());
});

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
  for (const match of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
    let url;
    try {
      url = new URL(match[1].replace(/&amp;/g, '&'), page);
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
      // Control the page that registered us, so its later reloads work offline without a second visit.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? networkFirst(request) : cacheFirst(request));
});

/** Only complete same-origin answers are worth keeping (no errors, no opaque or partial responses). */
function cacheable(response) {
  return response.ok && response.status === 200 && response.type === 'basic';
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (cacheable(response)) await cache.put(request, response.clone());
    return response;
  } catch (networkError) {
    // `/` and `/index.html` are the same page: either cached copy will do.
    const cached =
      (await cache.match(request, { ignoreSearch: true })) ||
      (await cache.match(new URL('index.html', self.registration.scope).href)) ||
      (await cache.match(self.registration.scope));
    if (cached) return cached;
    throw networkError;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) await cache.put(request, response.clone());
  return response;
}
