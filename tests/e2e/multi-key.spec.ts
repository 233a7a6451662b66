import { test, expect, openPlayground } from './helpers/fixtures';
import { openTemplate } from './helpers/travel';
import type { Locator } from '@playwright/test';

// A GSI with a multi-attribute key (up to four HASH and four RANGE attributes), from the "tasks by
// assignee and status" template: the Indexes tab, the Query builder and the table designer.

/** The grid's column headers, without the KEY badge. */
async function headers(grid: Locator): Promise<string[]> {
  const texts = await grid.getByRole('columnheader').allTextContents();
  return texts.map((t) => t.replace(/^KEY/, '').trim());
}

test('the Indexes tab shows a multi-attribute key in its order, one column per key attribute', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'tasks-by-assignee-status');
  await page.getByTestId('tab-indexes').click();
  await page.getByTestId('index-tab-ByAssigneeStatus').click();
  await expect(page.getByTestId('index-summary')).toContainText('keys tenantId, assignee / status, dueDate');
  // The unassigned task has no assignee, so the index leaves it out.
  await expect(page.getByTestId('index-summary')).toContainText('7 of 8 items');
  const grid = page.getByTestId('index-grid');
  expect((await headers(grid)).slice(0, 4)).toEqual(['tenantId', 'assignee', 'status', 'dueDate']);
  // One band per (tenantId, assignee); inside it the tasks sort by status, then by due date.
  await expect(grid.getByTestId('partition-key').first()).toHaveText('acme · ana');
  const ana = grid.locator('[data-testid=grid-row][data-band="0"]');
  expect(await ana.evaluateAll((r) => r.map((x) => x.getAttribute('data-key')))).toEqual([
    'PK=TENANT#acme, SK=TASK#t3',
    'PK=TENANT#acme, SK=TASK#t4',
    'PK=TENANT#acme, SK=TASK#t2',
    'PK=TENANT#acme, SK=TASK#t1',
    'PK=TENANT#acme, SK=TASK#t7',
  ]);
});

test('the Query builder asks for each key attribute in order and says why a gap is refused', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'tasks-by-assignee-status');
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-index').selectOption('ByAssigneeStatus');
  await page.getByTestId('q-pk').fill('acme');
  await page.getByTestId('q-pk2').fill('ana');
  await page.getByTestId('q-range-1').fill('OPEN');
  await expect(page.getByTestId('q-json')).toHaveValue(/"KeyConditionExpression": "#pk = :pk AND #pk2 = :pk2 AND #sk1 = :sk1"/);
  await page.getByTestId('q-run').click();
  const rows = page.getByTestId('q-grid').getByTestId('grid-row');
  await expect(rows).toHaveCount(3);
  // A range condition on the last attribute given.
  await page.getByTestId('q-range-2').fill('2026-03-01');
  await page.getByTestId('q-sort-op').selectOption('<');
  await expect(page.getByTestId('q-json')).toHaveValue(/"KeyConditionExpression": "#pk = :pk AND #pk2 = :pk2 AND #sk1 = :sk1 AND #sk2 < :sk2"/);
  await page.getByTestId('q-run').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-key', 'PK=TENANT#acme, SK=TASK#t2');
  // A gap: the builder explains before the run, DynamoDB refuses it with its own words.
  await expect(page.getByTestId('q-key-gap')).toBeHidden();
  await page.getByTestId('q-range-1').fill('');
  await expect(page.getByTestId('q-key-gap')).toContainText('DynamoDB refuses a condition on dueDate without an equality on status');
  await expect(page.getByTestId('q-key-gap')).toContainText('sorted by status, then dueDate');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-error-key')).toContainText(
    'RANGE key attributes status must have equality conditions specified in the query because a condition is present on key attribute dueDate',
  );
});

test('the table designer builds a multi-attribute key: add attributes, reorder them, and the index reads in that order', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'tasks-by-assignee-status');
  await page.getByTestId('edit-table').click();
  const designer = page.getByTestId('designer');
  await designer.getByTestId('add-gsi').click();
  await designer.getByTestId('gsi-2-name').fill('ByStatus');
  await designer.getByTestId('gsi-2-pk-name').fill('tenantId');
  await designer.getByTestId('gsi-2-add-pk').click();
  await designer.getByTestId('gsi-2-pk2-name').fill('status');
  await designer.getByTestId('gsi-2-sk-name').fill('dueDate');
  await designer.getByTestId('gsi-2-add-sk').click();
  await designer.getByTestId('gsi-2-sk2-name').fill('assignee');
  // Moving the second partition attribute up puts status first.
  await designer.getByTestId('gsi-2-pk2-up').click();
  await expect(designer.getByTestId('gsi-2-pk-name')).toHaveValue('status');
  await expect(designer.getByTestId('gsi-2-pk2-name')).toHaveValue('tenantId');
  await expect(designer.getByTestId('error-gsi-2')).toBeHidden();
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  await page.getByTestId('tab-indexes').click();
  await page.getByTestId('index-tab-ByStatus').click();
  await expect(page.getByTestId('index-summary')).toContainText('keys status, tenantId / dueDate, assignee');
  expect((await headers(page.getByTestId('index-grid'))).slice(0, 4)).toEqual(['status', 'tenantId', 'dueDate', 'assignee']);
  await expect(page.getByTestId('index-grid').getByTestId('partition-key').first()).toHaveText('DONE · acme');
});
