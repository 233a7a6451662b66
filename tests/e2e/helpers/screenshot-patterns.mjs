// Capture the Access patterns tab (the pattern table and the advisor) light and dark, at 1280 px and in a
// narrow 420 px frame, with the posts-by-tag template open (its constant ALL_POSTS key is a finding), and
// with the e-commerce template broken (orders by status as a Scan).
//
//   node tests/e2e/helpers/screenshot-patterns.mjs [url] [out-dir]     (defaults: http://127.0.0.1:8080/, docs/)
//
// Start the playground first (scripts/serve.sh). Exits non-zero if the page logged an error.
import { readFileSync } from 'node:fs';
import { launchChromium } from './browser.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const outDir = process.argv[3] ?? 'docs';
const gallery = new URL('../../../engine/tests/data/models/gallery/', import.meta.url);
const posts = JSON.parse(readFileSync(new URL('posts-by-tag.json', gallery), 'utf8'));

const browser = await launchChromium();
const errors = [];
for (const [scheme, width, suffix] of [['light', 1280, ''], ['dark', 1280, '-dark'], ['light', 420, '-narrow'], ['dark', 420, '-narrow-dark']]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${scheme}/${width}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`${scheme}/${width}: ${e.message}`));
  const envelope = JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model: posts });
  await page.addInitScript((text) => localStorage.setItem('dynamodel.modeler.autosave', text), envelope);
  await page.goto(url);
  await page.getByRole('tab', { name: 'Access patterns' }).click();
  await page.getByTestId('finding').first().waitFor();
  const file = `${outDir}/screenshot-patterns${suffix}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(`wrote ${file}`);
  await page.close();
}
await browser.close();
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}
