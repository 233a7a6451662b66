import { test, expect, openPlayground, showColumn } from './helpers/fixtures';
import type { Page, Locator } from '@playwright/test';
import { openWithModel } from './helpers/travel';
import { join } from 'node:path';

/** The grid row of the item with this base-table key text (`PK=…, SK=…`). */
function row(grid: Locator, key: string): Locator {
  return grid.locator(`[data-testid=grid-row][data-key="${key}"]`);
}

/** The cell of that item in `column`, scrolled into view first (the grid draws the columns in view). */
async function cell(grid: Locator, key: string, column: string): Promise<Locator> {
  await showColumn(grid, column);
  return row(grid, key).locator(`[data-testid=cell][data-col="${column}"]`);
}

async function addEntity(page: Page, name: string, typeValue: string, attrs: [string, string][], keys: Record<string, string>) {
  await page.getByTestId('new-entity').click();
  const dialog = page.getByTestId('entity-editor');
  await dialog.getByTestId('entity-name').fill(name);
  await dialog.getByTestId('entity-type-value').fill(typeValue);
  for (const [i, [attr, type]] of attrs.entries()) {
    await dialog.getByTestId('entity-add-attr').click();
    await dialog.getByTestId(`entity-attr-${i}-name`).fill(attr);
    await dialog.getByTestId(`entity-attr-${i}-type`).selectOption(type);
  }
  for (const [key, template] of Object.entries(keys)) {
    await dialog.getByTestId(`entity-key-${key}`).fill(template);
  }
  await dialog.getByTestId('entity-save').click();
  await expect(dialog).toBeHidden();
}

async function addItem(page: Page, entity: string, values: Record<string, string>) {
  await page.getByTestId(`add-item-${entity}`).click();
  const dialog = page.getByTestId('add-item-dialog');
  for (const [attr, value] of Object.entries(values)) {
    await dialog.getByTestId(`field-${attr}`).fill(value);
  }
  await dialog.getByTestId('add-item-submit').click();
  await expect(dialog).toBeHidden();
}

/** Open the Examples disclosure (without toggling it shut when it is already open). */
async function openExamples(page: Page) {
  await page.locator('details.mdl-examples').evaluate((d) => ((d as HTMLDetailsElement).open = true));
}

/** Partition-key labels of the item collections a grid shows, in order. */
async function bands(grid: Locator): Promise<string[]> {
  return grid.getByTestId('partition-key').allTextContents();
}

test('design a table with a GSI, add items of two entities, edit, watch the index, undo, reload', async ({ page }) => {
  await openPlayground(page);

  // --- Table designer: CreateTable's own error next to the field, then a valid table with a GSI.
  await page.getByTestId('new-table').click();
  const designer = page.getByTestId('designer');
  await designer.getByTestId('table-name').fill('ab');
  await expect(designer.getByTestId('error-table-name')).toContainText("Value 'ab' at 'tableName' failed to satisfy constraint");
  await expect(designer.getByTestId('designer-save')).toBeDisabled();
  await designer.getByTestId('table-name').fill('Shop');
  await expect(designer.getByTestId('error-table-name')).toBeHidden();
  await designer.getByTestId('add-gsi').click();
  await expect(designer.getByTestId('gsi-0-name')).toHaveValue('GSI1');
  await designer.getByTestId('gsi-0-projection').selectOption('INCLUDE');
  await designer.getByTestId('gsi-0-include').fill('total');
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  await expect(page.getByTestId('table-Shop')).toBeVisible();

  // --- Two entities with key templates (the Order also fills the GSI keys).
  await addEntity(page, 'User', 'USER', [['userId', 'S'], ['name', 'S']], { PK: 'USER#{userId}', SK: 'PROFILE' });
  await addEntity(page, 'Order', 'ORDER', [['userId', 'S'], ['orderId', 'S'], ['status', 'S'], ['total', 'N']], {
    PK: 'USER#{userId}',
    SK: 'ORDER#{orderId}',
    GSI1PK: 'STATUS#{status}',
    GSI1SK: '{orderId}',
  });

  await addItem(page, 'User', { userId: 'u1', name: '<b>Ada</b>' });
  await addItem(page, 'Order', { userId: 'u1', orderId: 'o2', status: 'SHIPPED', total: '7' });
  await addItem(page, 'Order', { userId: 'u1', orderId: 'o1', status: 'PENDING', total: '12.50' });

  // --- The grid: one item collection, sort-key order, values as text (never HTML), size and WCU.
  const grid = page.getByTestId('item-grid');
  await expect(grid.getByTestId('grid-row')).toHaveCount(3);
  await expect.poll(() => bands(grid)).toEqual(['USER#u1']);
  const keys = await grid.getByTestId('grid-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
  expect(keys).toEqual(['PK=USER#u1, SK=ORDER#o1', 'PK=USER#u1, SK=ORDER#o2', 'PK=USER#u1, SK=PROFILE']);
  await expect(await cell(grid, 'PK=USER#u1, SK=PROFILE', 'name')).toHaveText(/<b>Ada<\/b>/);
  await expect(grid.locator('b')).toHaveCount(0);
  await expect(await cell(grid, 'PK=USER#u1, SK=ORDER#o1', 'total')).toContainText('12.5');
  // An order is also written to GSI1 (1 table WCU + 1 index WCU); the profile is not in GSI1.
  await expect(row(grid, 'PK=USER#u1, SK=ORDER#o1').getByTestId('item-wcu')).toHaveText('2');
  await expect(row(grid, 'PK=USER#u1, SK=PROFILE').getByTestId('item-wcu')).toHaveText('1');

  // --- The GSI view: only the two orders (sparse), projected attributes only, ordered by GSI keys.
  await page.getByTestId('tab-indexes').click();
  const index = page.getByTestId('index-grid');
  await expect(page.getByTestId('index-summary')).toContainText('2 of 3 items');
  await expect.poll(() => bands(index)).toEqual(['STATUS#PENDING', 'STATUS#SHIPPED']);
  // Columns are the attributes the index projects (the rows draw those in view).
  await expect(index.locator('.mdl-col-head[title="name"]')).toHaveCount(0);
  await expect(index.locator('.mdl-col-head[title="status"]')).toHaveCount(0);
  await expect(index.locator('.mdl-col-head[title="total"]')).toHaveCount(1);
  await expect(index.locator('[data-testid=cell][data-col="total"]')).toHaveCount(2);

  // --- Edit with the keyboard: a bad number is refused in place, then move o2 to the PENDING partition.
  await page.getByTestId('tab-items').click();
  await (await cell(grid, 'PK=USER#u1, SK=ORDER#o2', 'total')).click();
  await page.keyboard.press('Enter');
  const editor = page.getByTestId('cell-editor');
  await editor.getByTestId('cell-editor-input').fill('12abc');
  await page.keyboard.press('Enter');
  await expect(editor.getByTestId('cell-editor-error')).toHaveText('The parameter cannot be converted to a numeric value: 12abc');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(await cell(grid, 'PK=USER#u1, SK=ORDER#o2', 'total')).toContainText('7');

  await (await cell(grid, 'PK=USER#u1, SK=ORDER#o2', 'GSI1PK')).click();
  await page.keyboard.press('Enter');
  await editor.getByTestId('cell-editor-input').fill('STATUS#PENDING');
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect(await cell(grid, 'PK=USER#u1, SK=ORDER#o2', 'GSI1PK')).toContainText('STATUS#PENDING');
  // An empty key is DynamoDB's ValidationException, shown in place; the item keeps its key.
  await (await cell(grid, 'PK=USER#u1, SK=ORDER#o2', 'SK')).dblclick();
  await editor.getByTestId('cell-editor-input').fill('');
  await editor.getByTestId('cell-editor-save').click();
  await expect(editor.getByTestId('cell-editor-error')).toContainText('ValidationException');
  await editor.getByTestId('cell-editor-cancel').click();
  await expect(row(grid, 'PK=USER#u1, SK=ORDER#o2')).toHaveCount(1);

  await page.getByTestId('tab-indexes').click();
  await expect.poll(() => bands(index)).toEqual(['STATUS#PENDING']);
  await expect(index.getByTestId('grid-row')).toHaveCount(2);

  // --- Undo restores the previous GSI partition; redo and undo again round-trip.
  await page.getByTestId('undo').click();
  await expect.poll(() => bands(index)).toEqual(['STATUS#PENDING', 'STATUS#SHIPPED']);
  await page.getByTestId('redo').click();
  await expect.poll(() => bands(index)).toEqual(['STATUS#PENDING']);
  await page.keyboard.press('Control+z');
  await expect.poll(() => bands(index)).toEqual(['STATUS#PENDING', 'STATUS#SHIPPED']);

  // --- Reload: the autosaved model is intact.
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('table-Shop')).toContainText('3 items · 2 entities');
  await expect(grid.getByTestId('grid-row')).toHaveCount(3);
  await expect(await cell(grid, 'PK=USER#u1, SK=ORDER#o2', 'GSI1PK')).toContainText('STATUS#SHIPPED');
  await expect(await cell(grid, 'PK=USER#u1, SK=PROFILE', 'name')).toHaveText(/<b>Ada<\/b>/);
  await page.getByTestId('tab-indexes').click();
  await expect.poll(() => bands(index)).toEqual(['STATUS#PENDING', 'STATUS#SHIPPED']);
  await expect(page.getByTestId('index-summary')).toContainText('INCLUDE total');

  // Deleting the table is one undoable step too.
  await page.getByTestId('edit-table').click();
  await page.getByTestId('designer-delete').click();
  await expect(page.getByTestId('table-Shop')).toHaveCount(0);
  await expect(page.getByTestId('model-sidebar')).toContainText('No tables yet');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('table-Shop')).toContainText('3 items · 2 entities');
});

test('an unreadable save is kept aside, reported, and never overwritten', async ({ page }) => {
  // Let the first load finish reading its (empty) storage before the bad save is planted.
  await openPlayground(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => localStorage.setItem('dynamodel.modeler.autosave', '{"format":"dynamodel-autosave","version":1,"model":{"version":1,"tables":[{'));
  await page.reload();
  await expect(page.getByTestId('modeler-notice')).toContainText('could not be read');
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('dynamodel.modeler.unreadable.')).map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual(['{"format":"dynamodel-autosave","version":1,"model":{"version":1,"tables":[{']);
  // Working on a new model does not touch the kept copy.
  await openExamples(page);
  await page.getByTestId('example-menu').click();
  await expect(page.getByTestId('table-TenantMenu')).toBeVisible();
  const still = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dynamodel.modeler.unreadable.')).length);
  expect(still).toBe(1);
});

test('a reload draws the saved rows, then the engine stores them: refused rows are flagged, the index holds the rest', async ({ page }) => {
  // A reload draws the rows before the engine stores them (Playground::from_decoded_unstored); what the
  // engine refuses is known only after. Plant a save with one item the table cannot store (a number
  // where its key is a string) and two that it can, one of them in the sparse GSI.
  await openPlayground(page);
  await page.waitForLoadState('networkidle');
  const definition = {
    TableName: 'Orders', BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    AttributeDefinitions: ['PK', 'SK', 'GSI1PK'].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    GlobalSecondaryIndexes: [{ IndexName: 'ByStatus', KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
  };
  const items = [
    { PK: { S: 'USER#1' }, SK: { S: 'ORDER#1' }, GSI1PK: { S: 'SHIPPED' }, tags: { SS: ['b', 'a'] }, lines: { L: [{ M: { qty: { N: '2' } } }] } },
    { PK: { S: 'USER#1' }, SK: { S: 'ORDER#2' }, total: { N: '12.50' } },
    { PK: { N: '7' }, SK: { S: 'ORDER#3' } },
  ];
  const save = JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model: { version: 1, tables: [{ definition, items }] } });
  await page.evaluate((text) => localStorage.setItem('dynamodel.modeler.autosave', text), save);
  await page.reload();
  const grid = page.getByTestId('item-grid');
  await expect(grid.locator('[data-testid=grid-row]')).toHaveCount(3);
  await expect(page.getByTestId('modeler-notice')).toContainText('1 saved item(s) no longer fit their table');
  await expect(grid.getByTestId('unstored-band')).toContainText('Not stored by the engine (1)');
  await expect(grid.locator('[data-testid=grid-row][data-key="PK=USER#1, SK=ORDER#1"] [data-testid=cell][data-col="tags"]')).toHaveText('["a", "b"]');
  // The engine stored two of the three rows; the GSI holds the one with its key.
  await page.getByTestId('tab-indexes').click();
  await expect(page.getByTestId('index-summary')).toContainText('1 of 3 items');
  await expect(page.getByTestId('index-grid').locator('[data-testid=grid-row]')).toHaveCount(1);
});

test('a sparse index visibly shrinks and the numeric sort key orders numerically', async ({ page }) => {
  await openPlayground(page);
  await page.getByTestId('file-input').setInputFiles(join(__dirname, '../../engine/tests/data/models/readings.json'));
  const grid = page.getByTestId('item-grid');
  // ts is N: 0, 5, 999, 1700000000, 1700000060 — numeric, not string, order.
  const d1 = await grid.locator('[data-testid=grid-row][data-key^="deviceId=d-1,"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
  expect(d1).toEqual(['deviceId=d-1, ts=0', 'deviceId=d-1, ts=5', 'deviceId=d-1, ts=999', 'deviceId=d-1, ts=1700000000', 'deviceId=d-1, ts=1700000060']);
  await page.getByTestId('file-input').setInputFiles(join(__dirname, '../../engine/tests/data/models/menu.json'));
  await page.getByTestId('incoming-prompt').getByTestId('incoming-replace').click();
  await page.getByTestId('tab-indexes').click();
  await expect(page.getByTestId('index-summary')).toContainText('6 of 10 items (sparse');
  await page.getByTestId('index-tab-ByParent').click();
  await expect(page.getByTestId('index-summary')).toContainText('KEYS_ONLY');
  await expect(page.getByTestId('index-summary')).toContainText('6 of 10 items');
  await expect(page.getByTestId('index-grid').locator('[data-testid=cell][data-col="title"]')).toHaveCount(0);
});

test('a wide table scrolled sideways keeps its key column at the left and Size and WCU at the right', async ({ page }) => {
  const items = Array.from({ length: 40 }, (_, i) => {
    const item: Record<string, unknown> = { PK: { S: `U#${Math.floor(i / 20)}` }, SK: { S: `O#${String(i).padStart(3, '0')}` } };
    for (let a = 0; a < 10; a++) item[`attr${a}`] = { S: `v${a}-${i}` };
    return item;
  });
  const definition = {
    TableName: 'Wide', BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' }],
  };
  await openWithModel(page, { version: 1, tables: [{ definition, items }] }, 'Items');
  const grid = page.getByTestId('item-grid');
  const row = grid.locator('[data-testid=grid-row]').nth(1);
  const key = row.locator('[data-testid=cell][data-col="PK"]');
  const size = row.locator('[data-testid=item-size]');
  const wcu = row.locator('[data-testid=item-wcu]');
  const gridBox = async () => (await grid.boundingBox())!;
  const box = async (l: Locator) => (await l.boundingBox())!;
  const keyBefore = await box(key);
  const g = await gridBox();
  // A row draws the columns in view, not all twelve (PK, SK, attr0..attr9).
  const drawn = await row.locator('[data-testid=cell]').count();
  expect(drawn).toBeGreaterThan(2);
  expect(drawn).toBeLessThan(12);
  await expect(row.locator('[data-testid=cell][data-col="attr9"]')).toHaveCount(0);
  // Before any sideways scroll, WCU is already at the grid's right edge (the row is wider than the grid).
  expect(Math.abs((await box(wcu)).x + (await box(wcu)).width - (g.x + g.width))).toBeLessThan(20);
  await grid.evaluate((el) => { el.scrollLeft = 600; });
  // Polled through `?.`: while the rows redraw for the new columns, the cell can be between two rows.
  await expect.poll(async () => Math.round((await key.boundingBox())?.x ?? Number.NaN)).toBe(Math.round(keyBefore.x));
  // The columns between them did move: attr1 is under the key column, attr0 so far left it is not drawn.
  expect((await box(row.locator('[data-testid=cell][data-col="attr1"]'))).x).toBeLessThan(keyBefore.x);
  await expect(row.locator('[data-testid=cell][data-col="attr0"]')).toHaveCount(0);
  const wcuAfter = await box(wcu);
  expect(Math.abs(wcuAfter.x + wcuAfter.width - (g.x + g.width))).toBeLessThan(20);
  expect((await box(size)).x + (await box(size)).width).toBeLessThanOrEqual(wcuAfter.x + 1);
  // All the way to the right end: still in place, nothing beyond WCU.
  await grid.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  // Polled through `?.`: while the rows redraw for the new columns, the cell can be between two rows.
  await expect.poll(async () => Math.round((await key.boundingBox())?.x ?? Number.NaN)).toBe(Math.round(keyBefore.x));
  const wcuEnd = await box(wcu);
  expect(Math.abs(wcuEnd.x + wcuEnd.width - (g.x + g.width))).toBeLessThan(20);
  // The header's key column moves with the rows.
  const headKey = grid.locator('.mdl-grid-head [role=columnheader]', { hasText: 'PK' });
  expect(Math.round((await box(headKey)).x)).toBe(Math.round(keyBefore.x));
  await expect(row.locator('[data-testid=cell][data-col="attr9"]')).toHaveText('v9-1');

  // The keyboard takes the grid there too: back at the left edge, Right moves the cursor column by
  // column and the grid scrolls each one into view, clear of the frozen columns.
  await grid.evaluate((el) => { el.scrollLeft = 0; });
  await expect(row.locator('[data-testid=cell][data-col="attr9"]')).toHaveCount(0);
  await key.click();
  for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowRight');
  const last = row.locator('[data-testid=cell][data-col="attr9"]');
  await expect(last).toHaveText('v9-1');
  // Polled, as above: the grid draws its rows again as it scrolls, so a cell read a moment ago can have
  // been replaced by the time its box is asked for.
  await expect
    .poll(async () => {
      const [cursor, cell, sizeCell] = [await page.getByTestId('grid-cursor').boundingBox(), await last.boundingBox(), await size.boundingBox()];
      if (!cursor || !cell || !sizeCell) return 'a box was being drawn again';
      return { onTheCell: Math.round(cursor.x) === Math.round(cell.x), clearOfSize: cursor.x + cursor.width <= sizeCell.x + 1 };
    })
    .toEqual({ onTheCell: true, clearOfSize: true });
});

test('a cell edited in the second table changes that table, not the first', async ({ page }) => {
  const table = (name: string) => ({
    definition: {
      TableName: name, BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
    },
    items: [{ PK: { S: 'k1' }, note: { S: `in ${name}` } }],
  });
  await openWithModel(page, { version: 1, tables: [table('First'), table('Second')] }, 'Items');
  const grid = page.getByTestId('item-grid');
  await expect(await cell(grid, 'PK=k1', 'note')).toContainText('in First');
  await page.getByTestId('table-Second').click();
  await expect(await cell(grid, 'PK=k1', 'note')).toContainText('in Second');
  await (await cell(grid, 'PK=k1', 'note')).click();
  await page.keyboard.press('Enter');
  const editor = page.getByTestId('cell-editor');
  await editor.getByTestId('cell-editor-input').fill('edited');
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect(await cell(grid, 'PK=k1', 'note')).toContainText('edited');
  await page.getByTestId('table-First').click();
  await expect(await cell(grid, 'PK=k1', 'note')).toContainText('in First');
  await page.getByTestId('table-Second').click();
  await expect(await cell(grid, 'PK=k1', 'note')).toContainText('edited');
});
