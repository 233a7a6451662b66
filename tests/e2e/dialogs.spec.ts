import { test, expect, openPlayground } from './helpers/fixtures';
import { openTemplate } from './helpers/travel';
import type { Locator, Page } from '@playwright/test';

/** Whether keyboard focus is inside the open dialog. */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'));
}

/**
 * The keyboard contract of a dialog opened by clicking `opener`: focus moves in, Tab and Shift+Tab go
 * round inside it (more presses than it has controls), Escape closes it and focus is back on `opener`.
 */
async function checkDialog(page: Page, opener: Locator, what: string): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog, `${what} opens`).toHaveCount(1);
  await expect.poll(() => focusInDialog(page), `${what} takes focus`).toBe(true);
  const stops = await dialog.evaluate((d) => d.querySelectorAll('input, select, textarea, button, a[href]').length);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page), `${what}: ${key} ${i + 1} stays inside`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog, `Escape closes ${what}`).toHaveCount(0);
  await expect(opener, `focus returns to what opened ${what}`).toBeFocused();
}

test('every dialog takes focus, keeps Tab inside, closes on Escape and gives focus back', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  await expect(page.locator('[data-testid=grid-row]').first()).toBeVisible();

  await checkDialog(page, page.getByTestId('export-open'), 'Export');
  await checkDialog(page, page.getByTestId('share-open'), 'Share');
  await checkDialog(page, page.getByTestId('new-table'), 'the new-table designer');
  await checkDialog(page, page.getByTestId('edit-table'), 'the table designer');
  await checkDialog(page, page.getByTestId('edit-entity-Order'), 'the entity editor');
  await checkDialog(page, page.getByTestId('new-entity'), 'the new-entity editor');
  await checkDialog(page, page.getByTestId('add-item-User'), 'add User');
  await checkDialog(page, page.getByTestId('add-blank-item'), 'add item (sidebar)');
  await checkDialog(page, page.getByTestId('toolbar-add-item'), 'add item (toolbar)');
  await checkDialog(page, page.getByTestId('lessons-open'), 'the lessons picker');

  // The question asked when a model arrives over work: its first choice has focus, Escape cancels.
  await page.getByTestId('open-gallery').click();
  await page.getByTestId('gallery-open-menu').click();
  const prompt = page.getByTestId('incoming-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId('incoming-copy')).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);
  await expect(page.getByTestId('model-name')).toHaveText('E-commerce: users, orders by status, reviews');
});

test('Escape closes a dialog even after a click has taken focus off its fields', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('export-open').click();
  const dialog = page.getByTestId('export-panel');
  await dialog.getByRole('heading').click();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('Tab leaves the Items grid; the arrow keys move inside it', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  const grid = page.getByTestId('item-grid');
  await grid.locator('[data-testid=cell]').first().click();
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByTestId('grid-cursor')).toHaveCount(1);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=item-grid]'))).toBe(false);
  await grid.focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=item-grid]'))).toBe(false);
});

for (const width of [1280, 420]) {
  test(`a read-only embed shows no control that changes the model (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 600 });
    await page.goto('/?embed=1&readonly=1&template=ecommerce');
    if (width < 720) {
      // A narrow frame folds the sidebar to a bar that says so; unfolded, the sidebar says it too.
      await expect(page.getByTestId('sidebar-toggle')).toContainText('Read-only');
      await page.getByTestId('sidebar-toggle').click();
    }
    await expect(page.getByTestId('read-only-note')).toBeVisible();
    if (width < 720) await page.getByTestId('sidebar-toggle').click();
    const grid = page.getByTestId('item-grid');
    await expect(grid.locator('[data-testid=grid-row]').first()).toBeVisible();

    const editing = [
      'undo', 'redo', 'new-table', 'edit-table', 'add-blank-item', 'new-entity', 'examples',
      'toolbar-add-item', 'toolbar-add-User', 'add-item-User', 'edit-entity-User',
      'add-column', 'new-column-name',
    ];
    for (const id of editing) await expect(page.getByTestId(id), id).toHaveCount(0);
    const visible = await page.locator('button:visible, input:visible, textarea:visible, select:visible').evaluateAll((els) =>
      els.map((e) => (e.textContent || e.getAttribute('placeholder') || '').trim()),
    );
    expect(visible.filter((t) => /^\+|Undo|Redo|Edit design|^edit$|Column|Delete/.test(t))).toEqual([]);

    // The cells do not open an editor, and no row can be deleted.
    await grid.locator('[data-testid=cell]').first().click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('cell-editor')).toHaveCount(0);
    await expect(grid.locator('[data-id]')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Nor do the access patterns.
    await page.getByRole('tab', { name: 'Access patterns' }).click();
    await expect(page.getByTestId('pattern-row').first()).toBeVisible();
    for (const id of ['pattern-add', 'pattern-edit', 'pattern-delete']) await expect(page.getByTestId(id), id).toHaveCount(0);
  });
}
