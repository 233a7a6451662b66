import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { openWithModel } from './helpers/travel';

// A 420 × 600 frame is how most people meet the playground (an embed in a training page): the grid, every
// tab and the status bar must fit it, and the model's sidebar folds to one bar that unfolds on demand.
const ECOMMERCE = JSON.parse(readFileSync(join(__dirname, '../../engine/tests/data/models/gallery/ecommerce.json'), 'utf8'));
const TABS = ['Items', 'Indexes', 'Query', 'Heat', 'Access patterns'];

/** Grid rows whose whole box is inside the viewport. */
async function rowsInView(page: Page): Promise<number> {
  return page.getByTestId('item-grid').locator('[data-testid=grid-row]').evaluateAll((rows) =>
    rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.height > 0 && b.top >= 0 && b.bottom <= window.innerHeight;
    }).length,
  );
}

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

async function expectEveryTabInView(page: Page) {
  for (const name of TABS) {
    const box = (await page.getByRole('tab', { name }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(420);
    expect(box.height, `${name} stays on one line`).toBeLessThan(40);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`an embed at 420 × 600 shows at least eight grid rows and every tab (${scheme})`, async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 600 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/?embed=1&template=ecommerce');
    await expect(page.getByTestId('item-grid').locator('[data-testid=grid-row]').first()).toBeVisible();
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
    await expectEveryTabInView(page);
    await expectNoSidewaysScroll(page);
    for (const name of TABS) {
      await page.getByRole('tab', { name }).click();
      await expectNoSidewaysScroll(page);
    }
  });
}

test('at 420 px the playground keeps its status bar whole and the sidebar unfolds by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 600 });
  await openWithModel(page, ECOMMERCE, 'Items');
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
  await expectEveryTabInView(page);
  await expectNoSidewaysScroll(page);

  // The status bar is inside the frame and nothing in it is cut.
  const bar = page.getByTestId('status-bar');
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(600);
  const items = await bar.locator('.status-item:visible').evaluateAll((els) =>
    els.map((e) => { const b = e.getBoundingClientRect(); return { right: b.right, clipped: e.scrollWidth > e.clientWidth + 1 }; }),
  );
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item.right).toBeLessThanOrEqual(420);
    expect(item.clipped).toBe(false);
  }

  // Folded, the sidebar is one bar naming the model; Enter unfolds it over the workspace, Escape folds it.
  const toggle = page.getByTestId('sidebar-toggle');
  await expect(toggle).toContainText(ECOMMERCE.name);
  await expect(page.getByTestId('undo')).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('undo')).toBeVisible();
  await expect(page.getByTestId('model-tables')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('undo')).toBeHidden();

  // A wide page has no such bar: the sidebar is always there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(page.getByTestId('undo')).toBeVisible();
});
