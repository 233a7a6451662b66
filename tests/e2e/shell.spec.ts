import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, openPlayground } from './helpers/fixtures';
import { openWithModel } from './helpers/travel';

const ECOMMERCE = JSON.parse(readFileSync(join(__dirname, '../../engine/tests/data/models/gallery/ecommerce.json'), 'utf8'));

test.describe('app shell', () => {
  test('first screen shows the product, the layout and an engine figure computed in wasm', async ({ page }) => {
    await openPlayground(page);
    await expect(page).toHaveTitle(/Dynamodel/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dynamodel');
    await expect(page.getByTestId('tagline')).toContainText('DynamoDB data-modeling playground');

    const sidebar = page.getByTestId('model-sidebar');
    await expect(sidebar.getByRole('heading', { name: 'Model' })).toBeVisible();
    await expect(page.getByTestId('workspace')).toBeVisible();
    await expect(page.getByTestId('status-bar')).toBeVisible();

    await expect(page.getByTestId('status-engine-version')).toHaveText(/^\d+\.\d+\.\d+/);
    // A first visit has no model yet: nothing to sum up, so no figure (and no demo item in its place).
    await expect(page.getByTestId('status-bar').locator('strong')).toHaveCount(0);
  });

  test('the status bar sums up the model in the playground, as the Items grid sizes it', async ({ page }) => {
    await openWithModel(page, ECOMMERCE, 'Items');
    const bar = page.getByTestId('status-bar');
    await expect(bar.getByTestId('status-model-tables')).toHaveText('1');
    await expect(bar.getByTestId('status-model-items')).toHaveText(String(ECOMMERCE.tables[0].items.length));
    // The same sizes as the grid's Size column (every e-commerce item is under 1 KB, so shown in bytes).
    const sizes = (await page.getByTestId('item-size').allTextContents()).map((t) => Number(t.replace(' B', '')));
    expect(sizes).toHaveLength(ECOMMERCE.tables[0].items.length);
    await expect(bar.getByTestId('status-model-largest')).toHaveText(`${Math.max(...sizes)} B`);
    const total = sizes.reduce((a, b) => a + b, 0);
    const tenths = Math.floor((total * 10 + 512) / 1024);
    await expect(bar.getByTestId('status-model-bytes')).toHaveText(total < 1024 ? `${total} B` : `${Math.floor(tenths / 10)}.${tenths % 10} KB`);
    await expect(bar.getByTestId('status-model')).toHaveAttribute('title', /DynamoDB's rules/);
  });

  test('workspace tabs are Items, Indexes, Query, Heat and Access patterns, and switch panels on click', async ({ page }) => {
    await openPlayground(page);
    const tabs = page.getByRole('tablist', { name: 'Workspace' }).getByRole('tab');
    await expect(tabs).toHaveText(['Items', 'Indexes', 'Query', 'Heat', 'Access patterns']);

    await expect(page.getByRole('tab', { name: 'Items' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('panel-items')).toBeVisible();
    await expect(page.getByTestId('panel-heat')).toBeHidden();

    await page.getByRole('tab', { name: 'Heat' }).click();
    await expect(page.getByRole('tab', { name: 'Heat' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Items' })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByTestId('panel-heat')).toBeVisible();
    await expect(page.getByTestId('panel-items')).toBeHidden();
  });

  test('tabs are keyboard accessible: one tab stop, arrows move and wrap, Home/End jump', async ({ page }) => {
    await openPlayground(page);
    const items = page.getByRole('tab', { name: 'Items' });
    await items.focus();
    await expect(items).toBeFocused();

    await page.keyboard.press('ArrowRight');
    const indexes = page.getByRole('tab', { name: 'Indexes' });
    await expect(indexes).toBeFocused();
    await expect(indexes).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('panel-indexes')).toBeVisible();

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Access patterns' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(items).toBeFocused();
    await expect(items).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Access patterns' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(items).toHaveAttribute('aria-selected', 'true');

    // Roving tabindex: only the selected tab is in the Tab order.
    await expect(page.locator('[role=tab][tabindex="0"]')).toHaveCount(1);
  });

  test('theme follows the system colour scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openPlayground(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background();
    expect(light).not.toEqual(dark);
    // Dark means dark: the background's brightness drops well below the light theme's.
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    expect(luminance(dark)).toBeLessThan(64);
    expect(luminance(light)).toBeGreaterThan(192);
  });
});
