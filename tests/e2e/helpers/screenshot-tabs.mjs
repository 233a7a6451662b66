// Capture every workspace tab with the e-commerce template open, light and dark, at 1280 × 800 and in a
// 420 × 600 embed frame, to look at them side by side; reports console errors on the way.
//
//   node tests/e2e/helpers/screenshot-tabs.mjs [url] [out-dir] [en|tr]   (defaults: http://127.0.0.1:8080/, /tmp/shots, en)
//
// Start the playground first (scripts/serve.sh). Exits non-zero if the page logged an error.
import { readFileSync } from 'node:fs';
import { launchChromium } from './browser.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const outDir = process.argv[3] ?? '/tmp/shots';
// `en` or `tr`: the playground's language (`?lang=`), so each tab is shot in both.
const lang = process.argv[4] ?? 'en';
const model = JSON.parse(readFileSync(new URL('../../../engine/tests/data/models/gallery/ecommerce.json', import.meta.url), 'utf8'));
const envelope = JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model });
const tabs = ['items', 'indexes', 'query', 'heat', 'patterns'];

const browser = await launchChromium();
const errors = [];
for (const scheme of ['light', 'dark']) {
  for (const [width, height, embed] of [[1280, 800, false], [420, 600, true]]) {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme });
    await context.addInitScript((text) => localStorage.setItem('dynamodel.modeler.autosave', text), envelope);
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`${scheme} ${width}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`${scheme} ${width}: ${e.message}`));
    await page.goto(embed ? `${url}?embed=1&template=ecommerce&lang=${lang}` : `${url}?lang=${lang}`);
    await page.getByTestId('status-engine-version').waitFor({ state: 'attached' });
    await page.getByTestId('tab-items').waitFor();
    for (const tab of tabs) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.waitForTimeout(300);
      const file = `${outDir}/${tab}-${lang}-${scheme}-${width}.png`;
      await page.screenshot({ path: file });
      console.log(`wrote ${file}`);
    }
    await context.close();
  }
}
await browser.close();
if (errors.length) { console.error(errors.join('\n')); process.exit(1); }
