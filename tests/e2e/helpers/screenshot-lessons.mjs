// Capture the lesson panel light and dark, at 1280 px (a side panel) and in a 420 px embed (a drawer):
// the sparse-indexes lesson at its second step, one hint shown, its checks as the starting model leaves
// them (the goal not yet met, the kept checks green).
//
//   node tests/e2e/helpers/screenshot-lessons.mjs [url] [out-dir] [en|tr]  (defaults: http://127.0.0.1:8080/, docs/, en)
//
// Start the playground first (scripts/serve.sh). Exits non-zero if the page logged an error.
import { launchChromium } from './browser.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const outDir = process.argv[3] ?? 'docs';
// `en` or `tr`: the playground's language (`?lang=`); the English shots keep their names in docs/.
const lang = process.argv[4] ?? 'en';
const suffix = lang === 'en' ? '' : `-${lang}`;

const browser = await launchChromium();
const errors = [];
for (const [scheme, width, height, query] of [
  ['light', 1280, 860, '?lesson=sparse-indexes&step=2'],
  ['dark', 1280, 860, '?lesson=sparse-indexes&step=2'],
  ['light', 420, 760, '?embed=1&lesson=sparse-indexes&step=2'],
  ['dark', 420, 760, '?embed=1&lesson=sparse-indexes&step=2'],
]) {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${scheme}/${width}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`${scheme}/${width}: ${e.message}`));
  await page.goto(new URL(`${query}&lang=${lang}`, url).href);
  await page.getByTestId('lesson-title').waitFor({ state: 'attached' });
  await page.locator('[data-testid=lesson-check][data-state=fail]').first().waitFor();
  await page.getByTestId('lesson-hint').click();
  await page.getByTestId('lesson-hint-text').waitFor();
  await page.getByTestId('lesson-step-title').focus();
  const file = `${outDir}/screenshot-lessons-${scheme}-${width}${suffix}.png`;
  await page.screenshot({ path: file });
  console.log(`wrote ${file}`);
  await page.close();
}
await browser.close();
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}
