// Screenshots of the modeler's main views at 1280x800 into docs/ (run against a served release build).
//
//   node tests/bench/modeler-screenshots.mjs http://127.0.0.1:8080/ docs
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const out = process.argv[3] ?? '../docs';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.emulateMedia({ colorScheme: 'light' });
await page.goto(url);
await page.waitForSelector('[data-testid=app-shell]');
await page.locator('details.mdl-examples').evaluate((d) => (d.open = true));
await page.getByTestId('example-ecommerce').click();
await page.locator('details.mdl-examples').evaluate((d) => (d.open = false));
await page.waitForSelector('[data-testid=grid-row]');
// Put the cursor on a cell and open the editor on a number, as a user would with the keyboard.
await page.locator('[data-testid=grid-row][data-key="PK=USER#u1, SK=ORDER#o-001"] [data-col="SK"]').click();
await page.screenshot({ path: `${out}/screenshot-modeler-grid.png` });
await page.locator('[data-testid=grid-row][data-key="PK=USER#u1, SK=ORDER#o-001"] [data-col="total"]').click();
await page.keyboard.press('Enter');
await page.getByTestId('cell-editor-input').fill('42.5x');
await page.keyboard.press('Enter');
await page.waitForSelector('[data-testid=cell-editor-error]:not([hidden])');
await page.screenshot({ path: `${out}/screenshot-modeler-edit.png` });
await page.keyboard.press('Escape');

await page.getByTestId('tab-indexes').click();
await page.waitForSelector('[data-testid=index-grid] [data-testid=grid-row]');
await page.screenshot({ path: `${out}/screenshot-modeler-indexes.png` });

await page.getByTestId('edit-table').click();
await page.getByTestId('gsi-0-include').fill('Type, total, status');
await page.getByTestId('add-gsi').click();
await page.getByTestId('gsi-1-pk-name').fill('GSI1PK');
await page.getByTestId('gsi-1-pk-type').selectOption('N');
const error = page.locator('[data-testid=designer] .mdl-error:not([hidden])').first();
await error.waitFor();
await error.scrollIntoViewIfNeeded();
console.log('designer error:', await error.getAttribute('data-testid'), await error.textContent());
await page.screenshot({ path: `${out}/screenshot-modeler-designer.png` });
await browser.close();
console.log('wrote', out);
