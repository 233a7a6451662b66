// Screenshots of the Heat tab into docs/ (light and dark, 1280 px and a narrow 420 px frame), after running
// the "latest posts on a constant GSI key" scenario and its sharded fix. Run against a served release build:
//
//   node tests/bench/heat-screenshots.mjs http://127.0.0.1:18600/ docs
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:18600/';
const out = process.argv[3] ?? 'docs';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
for (const scheme of ['light', 'dark']) {
  for (const width of [1280, 420]) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
    await page.goto(url);
    await page.waitForSelector('[data-testid=app-shell]');
    await page.getByRole('tab', { name: 'Heat' }).click();
    await page.getByTestId('scenario-latest-posts').click();
    const tag = `${scheme}-${width}`;
    await page.screenshot({ path: `${out}/screenshot-heat-editor-${tag}.png` });
    await page.getByTestId('heat-run').click();
    await page.waitForSelector('[data-testid=base-summary]');
    await page.getByTestId('whatif-fix').click();
    await page.waitForSelector('[data-testid=variant-summary]');
    await page.getByTestId('base-summary').scrollIntoViewIfNeeded();
    const canvas = page.getByTestId('canvas-base-heatmap');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    await canvas.hover({ position: { x: box.width * 0.45, y: box.height * 0.6 } });
    // Wide: the two summaries side by side from their top; narrow: the heat map and the hover read-out.
    const results = width > 600 ? 'base-summary' : 'chart-base-heatmap';
    await page.getByTestId(results).evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${out}/screenshot-heat-results-${tag}.png` });
    await page.getByTestId('whatif').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${out}/screenshot-heat-whatif-${tag}.png` });
    await page.close();
  }
}
await browser.close();
console.log('wrote', out);
