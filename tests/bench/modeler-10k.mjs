// Figures for the modeler with a 10,000-item table, measured in headless Chromium (printed, not asserted).
//
//   node tests/bench/modeler-10k.mjs http://127.0.0.1:8080/
//
// Loads a model of 10,000 items (100 item collections of 100) through the autosave, then measures: time to
// the first rendered grid rows after a reload (wasm start + loading every item into the engine + layout),
// one cell edit round trip (engine PutItem, layout, autosave of the whole model), and scrolling: 200 steps
// of 900 px each waiting for the next frame, plus a jump to the end.
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const ITEMS = 10_000;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(url);
await page.waitForSelector('[data-testid=app-shell]');
await page.evaluate((n) => {
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
  const model = { version: 1, tables: [{ definition, items }] };
  localStorage.setItem('dynamodel.modeler.autosave', JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model }));
}, ITEMS);

const t0 = Date.now();
await page.reload();
await page.waitForSelector('[data-testid=item-grid] [data-testid=grid-row]');
const firstRender = Date.now() - t0;
const rendered = await page.locator('[data-testid=grid-row]').count();
const summary = await page.getByTestId('grid-summary').textContent();

// One edit: click a cell, Enter, type, Enter; wait until the cell shows the new value.
const cell = page.locator('[data-testid=grid-row]').first().locator('[data-testid=cell][data-col="status"]');
await cell.click();
await page.keyboard.press('Enter');
await page.getByTestId('cell-editor-input').fill('CANCELLED');
const t1 = Date.now();
await page.keyboard.press('Enter');
await page.waitForFunction(() => document.querySelector('[data-testid=grid-row] [data-col="status"]')?.textContent?.startsWith('CANCELLED'));
const editMs = Date.now() - t1;

// Scrolling, timed inside the page: each step scrolls and waits for two animation frames.
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

// The GSI view of the same 10,000 items (Scan on the index through the engine, then layout).
const t2 = Date.now();
await page.getByTestId('tab-indexes').click();
await page.waitForSelector('[data-testid=index-grid] [data-testid=grid-row]');
const indexMs = Date.now() - t2;

const f = (x) => x.toFixed(1);
console.log(`items: ${ITEMS} (${summary})`);
console.log(`first render after reload (wasm start + load ${ITEMS} items into the engine + layout): ${firstRender} ms; rows in DOM: ${rendered}`);
console.log(`one cell edit (PutItem + layout + autosave of the whole model): ${editMs} ms`);
console.log(`scroll 200 x 900 px, per step incl. 2 frames: mean ${f(scroll.mean)} ms, p50 ${f(scroll.p50)}, p95 ${f(scroll.p95)}, max ${f(scroll.max)}`);
console.log(`jump to end: ${f(scroll.jump)} ms; rows in DOM: ${scroll.rowsInDom}; last row: ${scroll.lastKey}`);
console.log(`GSI view of ${ITEMS} items: ${indexMs} ms`);
await browser.close();
