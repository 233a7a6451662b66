// Time from pressing Run to the result for a 1,000-item Scan in the Query tab, in headless Chromium
// (printed, not asserted).
//
//   node tests/bench/query-scan-1k.mjs http://127.0.0.1:8080/
//
// Loads a 1,000-item table through the autosave, opens the Query tab, chooses Scan and presses Run ten
// times; each time it measures, inside the page, from the click to the frame after the result panel says
// "read 1000 items". That covers the engine's Scan, the capacity explanation, the result grid's layout and
// the first paint of its rows.
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const ITEMS = 1_000;
const RUNS = 10;
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
    items.push({
      PK: { S: `USER#${String(Math.floor(i / 20)).padStart(4, '0')}` }, SK: { S: `ORDER#${String(i).padStart(6, '0')}` },
      Type: { S: 'ORDER' }, total: { N: String((i * 37) % 1000) + '.25' }, status: { S: i % 3 ? 'SHIPPED' : 'PENDING' },
      note: { S: 'x'.repeat(200) },
    });
  }
  const definition = {
    TableName: 'Big', BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' }],
  };
  localStorage.setItem('dynamodel.modeler.autosave', JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model: { version: 1, tables: [{ definition, items }] } }));
}, ITEMS);
await page.reload();
await page.waitForSelector('[data-testid=item-grid] [data-testid=grid-row]');
await page.getByTestId('tab-query').click();
await page.getByTestId('q-op').selectOption('Scan');

const times = [];
for (let i = 0; i < RUNS; i++) {
  times.push(await page.evaluate(async (n) => {
    const run = document.querySelector('[data-testid=q-run]');
    const seq = () => document.querySelector('[data-testid=q-status]')?.textContent ?? '';
    const before = seq();
    const t = performance.now();
    run.click();
    await new Promise((resolve) => {
      const check = () => {
        const line = document.querySelector('[data-testid=q-read-line]')?.textContent ?? '';
        if (seq() !== before && line === `read ${n} items, returned ${n}`) requestAnimationFrame(() => resolve());
        else requestAnimationFrame(check);
      };
      check();
    });
    return performance.now() - t;
  }, ITEMS));
}
const rows = await page.getByTestId('q-grid').getByTestId('grid-row').count();
const capacity = await page.getByTestId('q-cap-total').textContent();
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(`Scan of ${ITEMS} items, Run → result painted (${RUNS} runs): mean ${mean.toFixed(1)} ms, median ${times[RUNS / 2].toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times[RUNS - 1].toFixed(1)} ms`);
console.log(`result grid rows in the DOM: ${rows} (virtualised); consumed: ${capacity}`);
await browser.close();
