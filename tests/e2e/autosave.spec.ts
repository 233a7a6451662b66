import { join } from 'node:path';
import { test, expect, openPlayground, showColumn } from './helpers/fixtures';

// The autosave is written 250 ms after the last edit (so a burst of keystrokes is serialised once), and at
// the latest when the page is hidden or unloaded. These tests take the timer away, so the only way the
// edit can survive is the write on pagehide/visibilitychange.

const key = 'PK=TENANT#t1, SK=MENUITEM#m1';
/** The engine's multi-tenant menu test model, opened as a file. */
const MENU = join(__dirname, '../../engine/tests/data/models/menu.json');

test('an edit survives an immediate reload: the pending autosave is written when the page goes', async ({ page }) => {
  await openPlayground(page);
  await page.getByTestId('file-input').setInputFiles(MENU);
  const grid = page.getByTestId('item-grid');
  const title = grid.locator(`[data-testid=grid-row][data-key="${key}"] [data-testid=cell][data-col="title"]`);
  await showColumn(grid, 'title');
  await expect(title).toHaveText('Drinks');
  // Let the example's own save land, then stop every timer the page starts from now on.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dynamodel.modeler.autosave')?.includes('Drinks') ?? false)).toBe(true);
  await page.evaluate(() => {
    window.setTimeout = (() => 0) as unknown as typeof window.setTimeout;
  });

  await title.dblclick();
  await page.getByTestId('cell-editor-input').fill('Cold drinks');
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Cold drinks');
  // Nothing was written yet: the timer that would have written it never runs.
  expect(await page.evaluate(() => localStorage.getItem('dynamodel.modeler.autosave')?.includes('Cold drinks'))).toBe(false);

  await page.reload();
  await showColumn(grid, 'title');
  await expect(grid.locator(`[data-testid=grid-row][data-key="${key}"] [data-testid=cell][data-col="title"]`)).toHaveText('Cold drinks');
});

test('an edit survives the tab being hidden (visibilitychange), then closed without unload events', async ({ page, context }) => {
  await openPlayground(page);
  await page.getByTestId('file-input').setInputFiles(MENU);
  const title = page.getByTestId('item-grid').locator(`[data-testid=grid-row][data-key="${key}"] [data-testid=cell][data-col="title"]`);
  await showColumn(page.getByTestId('item-grid'), 'title');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dynamodel.modeler.autosave')?.includes('Drinks') ?? false)).toBe(true);
  await page.evaluate(() => {
    window.setTimeout = (() => 0) as unknown as typeof window.setTimeout;
  });
  await title.dblclick();
  await page.getByTestId('cell-editor-input').fill('Hot drinks');
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Hot drinks');

  // The tab goes to the background (as on switching tabs or apps on a phone): the save happens now.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  const saved = await page.evaluate(() => localStorage.getItem('dynamodel.modeler.autosave'));
  expect(saved).toContain('Hot drinks');

  // A fresh tab of the same site finds the edit.
  const again = await context.newPage();
  await again.goto('/');
  await showColumn(again.getByTestId('item-grid'), 'title');
  await expect(again.getByTestId('item-grid').locator(`[data-testid=grid-row][data-key="${key}"] [data-testid=cell][data-col="title"]`)).toHaveText('Hot drinks');
  await again.close();
});
