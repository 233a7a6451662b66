// Capture the README screenshots (first screen light and dark, and with an example model loaded) from a
// running playground, and report any console errors on the way.
//
//   node tests/e2e/helpers/screenshot.mjs [url] [out-dir]     (defaults: http://127.0.0.1:8080/, docs/)
//
// Start the playground first (scripts/serve.sh). Exits non-zero if the page logged an error.
import { launchChromium } from './browser.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const outDir = process.argv[3] ?? 'docs';

const browser = await launchChromium();
const errors = [];
for (const scheme of ['light', 'dark']) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, colorScheme: scheme });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${scheme}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`${scheme}: ${e.message}`));
  await page.goto(url);
  await page.getByTestId('status-engine-version').waitFor();
  const file = `${outDir}/screenshot-shell${scheme === 'dark' ? '-dark' : ''}.png`;
  await page.screenshot({ path: file });
  console.log(`wrote ${file}`);
  await page.close();
}
// The README's picture: the first screen with an example model loaded (uses the modeler's data-testids).
{
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`example: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`example: ${e.message}`));
  await page.goto(url);
  await page.getByTestId('status-engine-version').waitFor();
  await page.locator('details.mdl-examples').evaluate((d) => (d.open = true));
  await page.getByTestId('example-ecommerce').click();
  await page.locator('details.mdl-examples').evaluate((d) => (d.open = false));
  await page.locator('[data-testid=grid-row]').first().waitFor();
  const file = `${outDir}/screenshot-example.png`;
  await page.screenshot({ path: file });
  console.log(`wrote ${file}`);
  await page.close();
}
await browser.close();
if (errors.length) {
  console.error(`console errors:\n${errors.join('\n')}`);
  process.exit(1);
}
console.log('no console errors');
