// Figures for the modeler with large tables, measured in headless Chromium (printed, not asserted).
//
//   node tests/bench/modeler-10k.mjs http://127.0.0.1:8080/ [--items 10000,100000] [--profile]
//
// For each size (default 10,000 then 100,000 items, in 100-item collections), the model is loaded, then
// measured: the time to the first grid rows (wasm start + reading the items + layout; after a reload, the
// engine stores the items in a task of its own right after the rows are drawn, and the figure says when
// the page was on screen and when the engine had them all),
// one cell edit (click, Enter, type, Enter until the cell shows the new value: engine PutItem, layout,
// redraw; a second edit gives the browser's own Event Timing of its Enter), 200 scroll steps of 900 px each waiting for two frames, a jump to the end, and opening the GSI
// view (a Scan of the index through the engine, then its layout). The autosave write that follows an edit
// (250 ms after it, off the edit's path) is timed separately, inside the page.
//
// Loading: a model that fits in localStorage (Chromium allows 5,242,880 characters per origin; 10,000 of
// these items take about 3.3 million) goes in as the autosave and the figure is "after a reload". A bigger
// one cannot be autosaved at all, so it is opened as a model file through the page's file input
// (data-testid=file-input) when the build has one, and the figure is "after opening the file".
//
// Next to each wall-clock figure, "cpu" is the CPU time the page's main thread spent (the DevTools
// Protocol's ThreadTime metric): on a busy machine the wall clock also counts time the thread waited for a
// core, the CPU time does not, so it is the figure to compare between builds there.
//
// --profile records a CPU profile (Chrome DevTools Protocol) around each measured phase and prints the
// functions with the most self time. Wasm function names need a build that keeps them: build with
// target/profile-index.html (index.html with data-wasm-opt="0" data-keep-debug="true").
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:8080/';
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const sizes = opt('--items', '10000,100000').split(',').map(Number);
const profile = args.includes('--profile');
const QUOTA = 5_242_880;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});

/**
 * The same shape with keys only, the largest 100,000-item model localStorage can hold (about 4.1 million
 * characters): 100-item collections, and an inverted GSI (partition key SK, sort key PK: 1,000 collections
 * of 100) so the GSI view has as many entries as the table.
 */
function buildKeysOnlyModel(n) {
  const items = [];
  for (let i = 0; i < n; i++) {
    items.push({ PK: { S: `U#${String(Math.floor(i / 100)).padStart(4, '0')}` }, SK: { S: `O#${String(i % 1000).padStart(4, '0')}` } });
  }
  const definition = {
    TableName: 'Big', BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    AttributeDefinitions: ['PK', 'SK'].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    GlobalSecondaryIndexes: [{ IndexName: 'GSI1', KeySchema: [{ AttributeName: 'SK', KeyType: 'HASH' }, { AttributeName: 'PK', KeyType: 'RANGE' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
  };
  return { version: 1, tables: [{ definition, items }] };
}

/** The model: 100-item collections, a GSI over every item; built in the page or here. */
function buildModel(n) {
  const items = [];
  for (let i = 0; i < n; i++) {
    const p = Math.floor(i / 100);
    items.push({
      PK: { S: `USER#${String(p).padStart(4, '0')}` }, SK: { S: `ORDER#${String(i).padStart(6, '0')}` },
      Type: { S: 'ORDER' }, total: { N: String((i * 37) % 1000) + '.25' }, status: { S: i % 3 ? 'SHIPPED' : 'PENDING' },
      GSI1PK: { S: `STATUS#${i % 3 ? 'SHIPPED' : 'PENDING'}` }, GSI1SK: { S: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}#${i}` },
      tags: { SS: ['a', 'b'] }, lines: { L: [{ M: { sku: { S: 'SKU-' + i }, qty: { N: '2' } } }] },
    });
  }
  const definition = {
    TableName: 'Big', BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    AttributeDefinitions: ['PK', 'SK', 'GSI1PK', 'GSI1SK'].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    GlobalSecondaryIndexes: [{ IndexName: 'GSI1', KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'GSI1SK', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } }],
  };
  return { version: 1, tables: [{ definition, items }] };
}

async function startProfile(cdp) {
  if (!cdp) return;
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Self time by function name (top 15) of a CDP profile. */
async function stopProfile(cdp, label) {
  if (!cdp) return;
  const { profile: p } = await cdp.send('Profiler.stop');
  const dt = new Map();
  for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  const self = new Map();
  let total = 0;
  for (const node of p.nodes) {
    const t = (dt.get(node.id) ?? 0) / 1000;
    if (!t) continue;
    const f = node.callFrame;
    const name = `${f.functionName || '(anonymous)'}${f.url ? ' ' + f.url.split('/').pop() : ''}`;
    self.set(name, (self.get(name) ?? 0) + t);
    total += t;
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`  profile of ${label}: ${total.toFixed(0)} ms sampled; most self time:`);
  for (const [name, t] of top) console.log(`    ${t.toFixed(1).padStart(8)} ms  ${name.slice(0, 140)}`);
}

async function measure(n) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const metrics = await context.newCDPSession(page);
  await metrics.send('Performance.enable');
  // Main-thread CPU milliseconds so far (the metric restarts with a new document).
  const cpuNow = async () => 1000 * (await metrics.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value;
  const cpuSince = async (before) => {
    const now = await cpuNow();
    return now >= before ? now - before : now;
  };
  const cdp = profile ? await context.newCDPSession(page) : null;
  await page.goto(url);
  await page.waitForSelector('[data-testid=app-shell]');
  let model = buildModel(n);
  let save = JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model });
  let shape = 'orders with 9 attributes';
  const fileInput = (await page.locator('[data-testid=file-input]').count()) > 0;
  if (save.length >= QUOTA && !fileInput) {
    // No way to open a model this big but the autosave: measure the keys-only shape instead.
    model = buildKeysOnlyModel(n);
    save = JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model });
    shape = 'keys only (the full shape does not fit in localStorage and this build has no model-file input)';
  }
  let firstLabel;
  let firstRender;
  let firstCpu;
  let reloadPhases = null;
  let openPhases = null;
  if (save.length < QUOTA) {
    await page.evaluate((text) => localStorage.setItem('dynamodel.modeler.autosave', text), save);
    // Inside the reloaded page, from its navigation start: when the first grid row entered the DOM, the
    // first paint (the page has nothing to paint before the app mounts, and the app mounts with the
    // grid's rows, so this is when they reach the screen), and when the last long task of the load ended
    // (the engine holds every item by then).
    await page.addInitScript(() => {
      const t = (window.__load = { row: null, fcp: null, busyUntil: 0 });
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-testid=grid-row]')) {
          t.row = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') t.fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) t.busyUntil = Math.max(t.busyUntil, e.startTime + e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    firstLabel = 'first rows after a reload (wasm start + read the items + layout), rows in the DOM as Playwright sees them';
    await startProfile(cdp);
    const c0 = await cpuNow();
    const t0 = Date.now();
    await page.reload();
    await page.waitForSelector('[data-testid=item-grid] [data-testid=grid-row]');
    firstRender = Date.now() - t0;
    // Let the load's last task (the engine storing the items) finish before reading the figures.
    await page.waitForTimeout(1000);
    firstCpu = await cpuSince(c0);
    await stopProfile(cdp, 'the reload');
    reloadPhases = await page.evaluate(() => window.__load);
  } else if (fileInput) {
    firstLabel = `first rows after opening the model file (${(save.length / 1e6).toFixed(1)} M characters: too big for localStorage, so no reload figure)`;
    // The file is made inside the page (not timed) and handed to the file input there: Playwright's
    // setInputFiles moves a 27 MB file into the page through base64 and a JavaScript loop of its own,
    // about 3 s of the page's main thread that are not the app's.
    await page.evaluate(({ src, n }) => {
      const model = (0, eval)(`(${src})`)(n);
      window.__file = new File([JSON.stringify(model)], 'big.json', { type: 'application/json' });
    }, { src: buildModel.toString(), n });
    await startProfile(cdp);
    const c0 = await cpuNow();
    const t0 = Date.now();
    openPhases = await page.evaluate(async () => {
      const t = { busyUntil: 0 };
      const obs = new PerformanceObserver((l) => {
        for (const e of l.getEntries()) t.busyUntil = Math.max(t.busyUntil, e.startTime + e.duration);
      });
      obs.observe({ type: 'longtask' });
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const input = document.querySelector('[data-testid=file-input]');
      const files = new DataTransfer();
      files.items.add(window.__file);
      input.files = files.files;
      const start = performance.now();
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      while (!document.querySelector('[data-testid=item-grid] [data-testid=grid-row]')) await frame();
      t.row = performance.now() - start;
      await frame();
      t.painted = performance.now() - start;
      await new Promise((r) => setTimeout(r, 1500));
      obs.disconnect();
      t.busyUntil = Math.max(t.painted, t.busyUntil - start);
      return t;
    });
    firstRender = Date.now() - t0;
    firstCpu = await cpuSince(c0);
    await stopProfile(cdp, 'opening the file');
    firstRender = Math.round(openPhases.row);
  } else {
    console.log(`items: ${n}: the model is ${(save.length / 1e6).toFixed(1)} M characters, more than localStorage holds, and this build has no model-file input: not measured`);
    await context.close();
    return;
  }
  const rendered = await page.locator('[data-testid=grid-row]').count();
  const summary = await page.getByTestId('grid-summary').textContent();

  // Time autosave writes inside the page: wrap localStorage.setItem.
  await page.evaluate(() => {
    window.__saves = [];
    const orig = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      const t = performance.now();
      orig.call(this, k, v);
      window.__saves.push({ key: k, chars: v.length, ms: performance.now() - t, at: t });
    };
  });

  // One edit: click a cell, Enter, type, Enter; wait until the cell shows the new value. The keys-only
  // shape has no attribute but its keys: the edit adds one through the "+ Column" tool.
  const col = (await page.locator('[data-testid=item-grid] .mdl-col-head[title="status"]').count()) ? 'status' : null;
  if (!col) {
    await page.getByTestId('new-column-name').fill('status');
    await page.getByTestId('add-column').click();
  }
  // The grid draws only the columns in view: scroll sideways until "status" is just right of the frozen
  // key column, as a person would before editing it (put back before the scroll steps below).
  await page.evaluate(() => {
    const grid = document.querySelector('[data-testid=item-grid]');
    const head = grid.querySelector('.mdl-col-head[title="status"]');
    const key = grid.querySelector('.mdl-col-head.mdl-frozen-key');
    grid.scrollLeft = head.offsetLeft - key.offsetLeft - key.offsetWidth;
  });
  const cell = page.locator('[data-testid=grid-row]').first().locator('[data-testid=cell][data-col="status"]');
  await cell.click();
  await page.keyboard.press('Enter');
  await page.getByTestId('cell-editor-input').fill('CANCELLED');
  await startProfile(cdp);
  const c1 = await cpuNow();
  // Timed inside the page, from the key press to the frame that shows the new value (polled each frame,
  // then that frame's paint): the figure the person at the keyboard sees. Playwright's own press and
  // wait add its protocol round trips and polling (~10-15 ms here), so the figure "via Playwright" is
  // printed beside it.
  const t1 = Date.now();
  const editInPage = await page.evaluate(async () => {
    const input = document.querySelector('[data-testid=cell-editor-input]');
    const t = performance.now();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    while (!document.querySelector('[data-testid=grid-row] [data-col="status"]')?.textContent?.startsWith('CANCELLED')) await frame();
    await frame();
    return performance.now() - t;
  });
  const editMs = Date.now() - t1;
  const editCpu = await cpuSince(c1);
  await stopProfile(cdp, 'the cell edit');
  // The autosave of that edit, 250 ms later: measured as a whole (encode + write) with a long-task
  // observer, and the write alone from the setItem wrapper.
  const autosave = await page.evaluate(async () => {
    const tasks = [];
    const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => tasks.push(e.duration)));
    obs.observe({ type: 'longtask' });
    const t = performance.now();
    while (performance.now() - t < 1500 && !window.__saves.length) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    obs.disconnect();
    const s = window.__saves[0];
    return s ? { chars: s.chars, write: s.ms, longest: Math.max(0, ...tasks) } : null;
  });

  // The browser's own figure for the same edit (Event Timing, the measure behind INP): a second edit
  // saved with a real key press (Playwright's, a trusted event, which a script's dispatchEvent is not),
  // from the key's timestamp to the next paint after its handlers. The browser reports it in 8 ms
  // steps, and only from 16 ms up.
  await cell.click();
  await page.keyboard.press('Enter');
  await page.getByTestId('cell-editor-input').fill('RETURNED');
  await page.evaluate(() => {
    window.__keys = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.name === 'keydown') window.__keys.push({ duration: e.duration, delay: e.processingStart - e.startTime, handlers: e.processingEnd - e.processingStart });
    }).observe({ type: 'event', durationThreshold: 16 });
  });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=grid-row] [data-col="status"]')?.textContent?.startsWith('RETURNED'));
  // Its autosave, out of the way of the scroll steps.
  await page.waitForTimeout(1500);
  const keyTiming = await page.evaluate(() => window.__keys[0] ?? null);

  // Scrolling, timed inside the page: each step scrolls and waits for two animation frames. It starts
  // from the grid's left edge, as after a load.
  await page.evaluate(async () => {
    document.querySelector('[data-testid=item-grid]').scrollLeft = 0;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  await startProfile(cdp);
  const c3 = await cpuNow();
  const scroll = await page.evaluate(async () => {
    const grid = document.querySelector('[data-testid=item-grid]');
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const steps = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      grid.scrollTop += 900;
      await frame();
      steps.push(performance.now() - t);
    }
    const t = performance.now();
    grid.scrollTop = grid.scrollHeight;
    await frame();
    const jump = performance.now() - t;
    const rowsInDom = grid.querySelectorAll('[data-testid=grid-row]').length;
    const lastKey = [...grid.querySelectorAll('[data-testid=grid-row]')].pop()?.getAttribute('data-key');
    steps.sort((a, b) => a - b);
    const mean = steps.reduce((a, b) => a + b, 0) / steps.length;
    return { mean, p50: steps[100], p95: steps[190], max: steps[199], jump, rowsInDom, lastKey };
  });
  const scrollCpu = (await cpuSince(c3)) / 201;
  await stopProfile(cdp, 'scrolling');

  // The GSI view of the same items (Scan on the index through the engine, then layout).
  // Timed inside the page as the edit is, from the click to the frame that shows the index's rows; then
  // once more through Playwright's click (its actionability checks run in the page's main thread) and
  // wait, after switching back.
  await startProfile(cdp);
  const c2 = await cpuNow();
  const indexInPage = await page.evaluate(async () => {
    const t = performance.now();
    document.querySelector('[data-testid=tab-indexes]').click();
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    while (!document.querySelector('[data-testid=index-grid] [data-testid=grid-row]')) await frame();
    await frame();
    return performance.now() - t;
  });
  const indexCpu = await cpuSince(c2);
  await stopProfile(cdp, 'opening the GSI view');
  // The view is kept by model revision, so this second opening shows Playwright's overhead plus a redraw.
  await page.getByTestId('tab-items').click();
  const t2 = Date.now();
  await page.getByTestId('tab-indexes').click();
  await page.waitForSelector('[data-testid=index-grid] [data-testid=grid-row]');
  const indexMs = Date.now() - t2;

  const f = (x) => x.toFixed(1);
  console.log(`items: ${n}, ${shape} (${summary})`);
  console.log(`${firstLabel}: ${firstRender} ms (cpu ${f(firstCpu)}); rows in DOM: ${rendered}`);
  if (openPhases) {
    console.log(`  from the file input's change event, inside the page: rows in the DOM ${f(openPhases.row)} ms, painted ${f(openPhases.painted)} ms, main thread free ${f(openPhases.busyUntil)} ms`);
  }
  if (reloadPhases) {
    const at = (x) => (x == null ? 'n/a' : `${f(x)} ms`);
    console.log(`  from the reload's navigation start: first row in the DOM ${at(reloadPhases.row)}, on screen (first paint) ${at(reloadPhases.fcp)}, main thread free (every item in the engine) ${at(reloadPhases.busyUntil)}`);
  }
  console.log(`one cell edit (PutItem + layout + redraw), key press to painted frame: ${f(editInPage)} ms (cpu ${f(editCpu)}); via Playwright's press and wait: ${editMs} ms`);
  console.log(keyTiming
    ? `  the browser's Event Timing of a second edit's Enter (key to next paint, 8 ms steps): ${f(keyTiming.duration)} ms (input delay ${f(keyTiming.delay)}, handlers ${f(keyTiming.handlers)})`
    : "  the browser's Event Timing of a second edit's Enter: under 16 ms (not reported below that)");
  console.log(autosave
    ? `autosave after the edit (250 ms later, off the edit's path): ${(autosave.chars / 1e6).toFixed(2)} M characters, localStorage write ${f(autosave.write)} ms, longest task ${f(autosave.longest)} ms`
    : 'autosave after the edit: no write within 1.5 s (storage refused or autosave off)');
  console.log(`scroll 200 x 900 px, per step incl. 2 frames: mean ${f(scroll.mean)} ms, p50 ${f(scroll.p50)}, p95 ${f(scroll.p95)}, max ${f(scroll.max)} (cpu per step ${f(scrollCpu)})`);
  console.log(`jump to end: ${f(scroll.jump)} ms; rows in DOM: ${scroll.rowsInDom}; last row: ${scroll.lastKey}`);
  console.log(`GSI view of ${n} items, click to painted frame: ${f(indexInPage)} ms (cpu ${f(indexCpu)}); again via Playwright's click and wait (cached view): ${indexMs} ms`);
  await context.close();
}

for (const n of sizes) await measure(n);
await browser.close();
