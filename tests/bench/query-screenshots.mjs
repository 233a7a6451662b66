// Screenshots of the Query tab (light and dark, 1280 px and a narrow 420 px frame) into a folder.
//
//   node tests/bench/query-screenshots.mjs http://127.0.0.1:8080/ docs
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const out = process.argv[3] ?? '../docs';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
for (const [scheme, width] of [['light', 1280], ['dark', 1280], ['light', 420], ['dark', 420]]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(url);
  await page.waitForSelector('[data-testid=app-shell]');
  await page.locator('details.mdl-examples').evaluate((d) => (d.open = true));
  await page.getByTestId('example-ecommerce').click();
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-sort-op').selectOption('begins_with');
  await page.getByTestId('q-sk').fill('ORDER#');
  await page.getByTestId('q-run').click();
  await page.waitForSelector('[data-testid=q-grid] [data-testid=grid-row]');
  const name = `${out}/screenshot-query-${scheme}-${width}.png`;
  await page.screenshot({ path: name, fullPage: width < 600 ? false : true });
  console.log('wrote', name);
  await page.close();
}
await browser.close();
