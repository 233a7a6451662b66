// Trunk's initializer for the playground (index.html, `data-initializer`): Trunk's own start-up code calls
// these hooks while it downloads, compiles and starts the wasm. The loading page they write into (#boot)
// is plain HTML and CSS in index.html, on screen before any script has run.
//
// - onProgress: the share of the wasm downloaded so far, in the bar and in words. `total` is the size of
//   the wasm in dist/ (scripts/minify-js.mjs writes the final one into index.html); `current` counts the
//   bytes after the browser has undone the transfer's gzip, so both are the same kind of byte.
// - onSuccess: the app has mounted (its `main` ran during the start), so the loading page goes, and the
//   offline service worker is registered — only now, so that its first fetches never compete with the
//   app's own download (they come from the HTTP cache the download has just filled).
// - onFailure: said in words by index.html (a `boot-failed` event), never a blank page.
// The steps are also User Timing marks (`dynamodel:…`), for the load benchmark (tests/bench/load.mjs) and
// the browser's Performance panel.

const byId = (id) => document.getElementById(id);

// The download reports every chunk (dozens a second); the page is redrawn for it at most four times a
// second: each redraw is main-thread time the app's own start would otherwise have.
const EVERY_MS = 250;
let shown = -1;
let drawnAt = 0;

function progress(percent, words) {
  const now = performance.now();
  if (percent === shown || (now - drawnAt < EVERY_MS && percent < 100)) return;
  shown = percent;
  drawnAt = now;
  const bar = byId('boot-bar');
  if (!bar) return;
  byId('boot-fill').style.transform = `scaleX(${percent / 100})`;
  bar.setAttribute('aria-valuenow', String(percent));
  byId('boot-status').textContent = words;
}

/** Offline support after the first visit: on https, or on this machine (`trunk serve`, the tests). */
function registerServiceWorker() {
  const local = location.hostname === '127.0.0.1' || location.hostname === 'localhost';
  const web = location.protocol === 'https:' || (location.protocol === 'http:' && local);
  if (!('serviceWorker' in navigator) || !web) return;
  navigator.serviceWorker.register('./sw.js').catch(() => {
    // Offline support is a bonus: the app works the same without it.
  });
}

/** What went wrong, in words a visitor can act on. */
function reason(error) {
  if (typeof WebAssembly !== 'object') {
    return 'This browser cannot run WebAssembly, which the playground needs. A current Chrome, Edge, Firefox or Safari can.';
  }
  if (error instanceof TypeError && /fetch|network|load/i.test(String(error.message))) {
    return 'The download did not finish. Check your connection and try again.';
  }
  return `It stopped while starting (${error}). Reloading usually helps; if it does not, please report it.`;
}

export default function loader() {
  return {
    onStart() {
      performance.mark('dynamodel:start');
      byId('boot-status').textContent = 'Downloading the engine…';
    },
    onProgress({ current, total }) {
      if (!total) return;
      const percent = Math.min(100, Math.floor((current / total) * 100));
      if (percent === 100 && shown < 100) performance.mark('dynamodel:downloaded');
      progress(percent, percent < 100 ? `Downloading the engine… ${percent} %` : 'Starting the engine…');
    },
    onComplete() {},
    onSuccess() {
      performance.mark('dynamodel:mounted');
      byId('boot')?.remove();
      registerServiceWorker();
    },
    onFailure(error) {
      console.error('Dynamodel could not start:', error);
      byId('boot')?.dispatchEvent(new CustomEvent('boot-failed', { detail: reason(error) }));
    },
  };
}
