// Figures for what a visitor waits for while the playground loads (printed, not asserted): the release
// build served with gzip by nginx as a static host serves it (tests/bench/static-host.mjs), opened in
// Chromium through throttled networks, first with a cold profile and then as a returning visitor.
//
//   export PATH=$PWD/.tools/binaryen/node_modules/.bin:$HOME/.cargo/bin:$PATH
//   trunk build --release --dist target/bench-dist
//   node tests/bench/load.mjs target/bench-dist [another-dist ...] [--runs 3] [--net fast,slow] [--requests]
//
// Run from the repository root (playwright-core comes from tests/node_modules). Debian's nginx is installed
// with apt-get when it is missing; each dist is served on a free port of 127.0.0.1. Given several dists
// (e.g. a build of main and one of a branch), the runs alternate between them, so a machine that gets
// busier or quieter during the bench shifts both alike.
//
// Networks (Chrome DevTools Protocol `Network.emulateNetworkConditions` on the page, which also holds the
// requests its service worker makes for it): fast = 10 Mbit/s down, 5 Mbit/s up, 40 ms latency; slow =
// 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency (DevTools' old "Fast 3G"). Chromium's emulation delivers
// a large download somewhat below the set rate on a busy machine (1.25 MB at "10 Mbit/s" took 1.5 s
// instead of 1.0 s at a load average of 12): compare builds measured side by side, not across runs.
//
// Each run of a dist on a network is three visits at 1280×800, all times from navigation start:
//   cold A  — a fresh browser profile: first paint and first contentful paint (Paint Timing; the first
//             paint with text is the one a visitor can read, so it is the figure for the target), when the
//             wasm was downloaded, and "usable": until a click on the Query tab is answered (the tab is
//             aria-selected). The click is a real mouse click (DevTools Input domain) sent as soon as a frame
//             showing the tabs has been drawn, so it waits behind whatever the page's thread is doing.
//   cold B  — another fresh profile: "template": the first visit opens the templates gallery; the first
//             template's Open is clicked as soon as it is on screen (Playwright's click, which aims again
//             when the card grows under the pointer) and the figure is when its item rows are in the grid.
//   warm    — the profile of cold B after the browser was closed and started again (HTTP cache, the service
//             worker and its cache, the autosaved template): "usable" again.
// Next to "usable", cpu is the page's main-thread CPU time until then (DevTools' ThreadTime): the wall
// clock on a busy machine also counts waiting for a core, the CPU time does not.
// Printed: min / median / max of each figure over the runs, with the machine's load average (`uptime`)
// before each network's runs, and the gzipped size (bytes on the wire, from Resource Timing) of every
// file a first visit loads. --requests lists every request of each visit (for finding out why).
//
// Targets on a 2-core machine, medians of 3: fast cold first paint ≤ 300 ms, usable ≤ 1.5 s, template
// ≤ 1.8 s; slow cold first paint ≤ 700 ms, usable ≤ 5 s; returning visitor usable ≤ 400 ms.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { serveStatic } from './static-host.mjs';

const require = createRequire(join(process.cwd(), 'tests', 'package.json'));
const { chromium } = require('playwright-core');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const flags = new Set(['--runs', '--net']);
const dists = args.filter((a, i) => !a.startsWith('--') && !flags.has(args[i - 1]));
if (dists.length === 0) dists.push('target/bench-dist');
const RUNS = Number(opt('--runs', 3));
const listRequests = args.includes('--requests');
const NETWORKS = {
  fast: { label: '10 Mbit/s, 40 ms', latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 },
  slow: { label: '1.6 Mbit/s, 150 ms', latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
};
const nets = opt('--net', 'fast,slow').split(',');
const TEMPLATE = 'ecommerce';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/**
 * In the page, from its first script on: when the workspace tabs, the Query tab's selection, the
 * gallery's Open button and the grid's first row appear. The tab and the button are reported to the bench
 * (with where to click) the moment they are in the DOM.
 */
function watchPage(template) {
  if (window.__loadMarks) return;
  const marks = {};
  window.__loadMarks = marks;
  const mark = (k) => {
    if (!(k in marks)) marks[k] = performance.now();
  };
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  // A person clicks what is on screen: report it once a frame showing it has been drawn (Chromium also
  // drops input that arrives before a page's first paint).
  const reportOnScreen = (what, el) => requestAnimationFrame(() => setTimeout(() => window.__loadReport(what, centre(el))));
  const check = () => {
    const tab = document.querySelector('[data-testid=tab-query]');
    if (tab && !('tabs' in marks)) {
      mark('tabs');
      reportOnScreen('tabs', tab);
    }
    if (tab && tab.getAttribute('aria-selected') === 'true') mark('querySelected');
    const open = document.querySelector(`[data-testid=gallery-open-${template}]`);
    if (open && !('gallery' in marks)) {
      mark('gallery');
      open.scrollIntoView({ block: 'nearest' });
      reportOnScreen('gallery', open);
    }
    if (document.querySelector('[data-testid=grid-row]')) mark('rows');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'] });
}

/**
 * Throttle the page. Chromium applies it to the requests its service worker makes for it as well (a 1 s
 * latency delays a returning visit's network-first page by 1 s, with navigation preload or without).
 */
async function throttle(session, net) {
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false, latency: net.latency, downloadThroughput: net.downloadThroughput, uploadThroughput: net.uploadThroughput,
  });
}

/** A browser on the profile in `profileDir`: a fresh directory is a first visit, a used one a return. */
function launch(profileDir) {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
}

/** One visit: navigate, click what `clickOn` names as soon as it is in the DOM, wait for `until`. */
async function visit(context, url, net, { clickOn, until }) {
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  await throttle(session, net);
  await session.send('Performance.enable');
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  let clicked = null;
  let resolveReport;
  const reported = new Promise((r) => (resolveReport = r));
  await page.exposeBinding('__loadReport', async (_source, what, at) => {
    if (what === clickOn && !clicked) {
      // A template card grows its description under the pointer (:hover), moving its Open button away:
      // Playwright's click aims again once the card has settled, as a person would.
      clicked = what === 'gallery' ? page.getByTestId(`gallery-open-${TEMPLATE}`).click() : page.mouse.click(at.x, at.y);
      resolveReport();
    }
  });
  await page.addInitScript(watchPage, TEMPLATE);
  await page.goto(url, { waitUntil: 'commit' });
  let timer;
  await Promise.race([reported, new Promise((r) => (timer = setTimeout(r, 60_000)))]);
  clearTimeout(timer);
  if (!clicked) {
    const state = await page.evaluate(() => JSON.stringify({ marks: window.__loadMarks, visibility: document.visibilityState, url: location.href })).catch((e) => e.message);
    throw new Error(`${clickOn} was never reported: ${state}; page errors: ${errors.join('; ')}`);
  }
  await clicked;
  await page.waitForFunction((k) => k in (window.__loadMarks ?? {}), until, { timeout: 60_000, polling: 50 });
  const metrics = (await session.send('Performance.getMetrics')).metrics;
  const cpu = 1000 * metrics.find((m) => m.name === 'ThreadTime').value;
  const result = await page.evaluate(() => {
    const userMarks = Object.fromEntries(performance.getEntriesByType('mark').map((e) => [e.name, e.startTime]));
    const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
    const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
    const nav = performance.getEntriesByType('navigation')[0];
    const files = [nav, ...performance.getEntriesByType('resource')].map((e) => ({
      url: e.name, initiator: e.initiatorType, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize,
      start: e.startTime, end: e.responseEnd, sw: e.workerStart > 0, route: e.workerMatchedSourceType,
    }));
    return { marks: { ...window.__loadMarks, ...userMarks, wasm: wasm?.responseEnd }, paint, files };
  });
  await session.detach();
  return { ...result, cpu, errors };
}

const fmt = (ms) => (ms === undefined ? '—' : `${Math.round(ms)}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measureRun(server, net) {
  const dirA = mkdtempSync(join(tmpdir(), 'dynamodel-load-a-'));
  const dirB = mkdtempSync(join(tmpdir(), 'dynamodel-load-b-'));
  try {
    let ctx = await launch(dirA);
    const a = await visit(ctx, server.url, net, { clickOn: 'tabs', until: 'querySelected' });
    await ctx.close();

    ctx = await launch(dirB);
    const b = await visit(ctx, server.url, net, { clickOn: 'gallery', until: 'rows' });
    // Let the service worker install and cache the site, and the autosave happen, before the browser goes.
    const page = ctx.pages()[0];
    await page.evaluate(async () => {
      await navigator.serviceWorker?.ready;
      await new Promise((r) => setTimeout(r, 1500));
    });
    await ctx.close();

    ctx = await launch(dirB);
    const w = await visit(ctx, server.url, net, { clickOn: 'tabs', until: 'querySelected' });
    await ctx.close();
    return {
      coldFirstPaint: a.paint['first-paint'], coldFcp: a.paint['first-contentful-paint'], coldUsable: a.marks.querySelected,
      coldWasm: a.marks.wasm, coldTabs: a.marks.tabs, coldCpu: a.cpu, template: b.marks.rows,
      warmFcp: w.paint['first-contentful-paint'], warmWasm: w.marks.wasm, warmTabs: w.marks.tabs, warmUsable: w.marks.querySelected, warmCpu: w.cpu,
      visits: { 'cold A': a, 'cold B': b, warm: w },
    };
  } finally {
    rmSync(dirA, { recursive: true, force: true });
    rmSync(dirB, { recursive: true, force: true });
  }
}

function printRequests(name, v) {
  console.log(`    ${name}:`);
  for (const f of v.files) {
    console.log(`      ${basename(new URL(f.url).pathname) || '/'}  ${f.initiator}  wire ${f.transfer} B  body ${f.encoded} B gz, ${f.decoded} B  ${fmt(f.start)}–${fmt(f.end)} ms${f.route ? `  (service worker: ${f.route})` : f.sw ? '  (service worker)' : ''}`);
  }
  if (v.errors.length) console.log(`      errors: ${v.errors.join(' | ')}`);
}

const servers = [];
try {
  for (const dist of dists) servers.push({ dist, name: basename(resolve(dist)), server: await serveStatic(dist) });
  const results = {};
  for (const netName of nets) {
    const net = NETWORKS[netName];
    console.log(`\n== ${net.label} — load average: ${execSync('uptime').toString().trim().replace(/.*load average: /, '')}`);
    for (let run = 0; run < RUNS; run++) {
      for (const s of servers) {
        const r = await measureRun(s.server, net);
        ((results[netName] ??= {})[s.name] ??= []).push(r);
        console.log(`  ${s.name} run ${run + 1}: cold: first paint ${fmt(r.coldFirstPaint)}, first contentful ${fmt(r.coldFcp)}, wasm in ${fmt(r.coldWasm)}, tabs in DOM ${fmt(r.coldTabs)}, usable ${fmt(r.coldUsable)} (cpu ${fmt(r.coldCpu)}), template ${fmt(r.template)}; returning: first contentful ${fmt(r.warmFcp)}, wasm in ${fmt(r.warmWasm)}, tabs in DOM ${fmt(r.warmTabs)}, usable ${fmt(r.warmUsable)} (cpu ${fmt(r.warmCpu)}) ms`);
        if (listRequests) for (const [name, v] of Object.entries(r.visits)) printRequests(name, v);
        if (run === 0 && netName === nets[0]) {
          const first = r.visits['cold A'];
          let total = 0;
          console.log(`    files a first visit loads (gzipped bytes on the wire):`);
          for (const f of first.files) {
            total += f.encoded;
            console.log(`      ${String(f.encoded).padStart(9)} B  ${basename(new URL(f.url).pathname) || 'index.html'}`);
          }
          console.log(`      ${String(total).padStart(9)} B  in all`);
        }
      }
    }
    console.log(`\n  ${net.label}: min / median / max of ${RUNS} runs, ms`);
    const rows = [
      ['cold first paint', 'coldFirstPaint'], ['cold first contentful paint', 'coldFcp'], ['cold wasm downloaded', 'coldWasm'],
      ['cold usable (Query tab answers)', 'coldUsable'], ['  main-thread cpu until then', 'coldCpu'], ['cold template opened', 'template'],
      ['returning first contentful paint', 'warmFcp'], ['returning usable', 'warmUsable'], ['  main-thread cpu until then', 'warmCpu'],
    ];
    for (const [label, key] of rows) {
      const cells = servers.map((s) => {
        const xs = results[netName][s.name].map((r) => r[key]).filter((x) => x !== undefined);
        return xs.length ? `${s.name}: ${fmt(Math.min(...xs))} / ${fmt(median(xs))} / ${fmt(Math.max(...xs))}` : `${s.name}: —`;
      });
      console.log(`    ${label.padEnd(34)} ${cells.join('    ')}`);
    }
  }
  console.log(`\nload average at the end: ${execSync('uptime').toString().trim().replace(/.*load average: /, '')}`);
} finally {
  for (const s of servers) await s.server.stop();
}
