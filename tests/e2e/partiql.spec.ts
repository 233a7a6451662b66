import { test, expect, openPlayground, showColumn } from './helpers/fixtures';
import type { Page } from '@playwright/test';
import { join } from 'node:path';

/** The engine's e-commerce test model (opened as a file), then the Query tab's PartiQL mode. */
async function openPartiql(page: Page) {
  await openPlayground(page);
  await page.getByTestId('file-input').setInputFiles(join(__dirname, '../../engine/tests/data/models/ecommerce.json'));
  await expect(page.getByTestId('table-Shop')).toBeVisible();
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-mode-partiql').click();
  await expect(page.getByTestId('p-statement')).toHaveValue(/^SELECT \* FROM "Shop" WHERE "PK" = \?$/);
}

/** Type a statement and its parameters, then run it with Ctrl+Enter from the statement box. */
async function runStatement(page: Page, statement: string, parameters = '') {
  await page.getByTestId('p-params').fill(parameters);
  await page.getByTestId('p-statement').fill(statement);
  await page.getByTestId('p-statement').press('Control+Enter');
}

const keys = (page: Page) => page.getByTestId('q-grid').getByTestId('grid-row').evaluateAll((r) => r.map((x) => x.getAttribute('data-key')));

test('a SELECT says whether it ran as a Query, a GetItem or a full Scan, with its items and capacity', async ({ page }) => {
  await openPartiql(page);
  // `?` parameters, in order; the partition key pinned with = is a Query of that partition.
  await runStatement(page, 'SELECT * FROM "Shop" WHERE "PK" = ? AND begins_with("SK", ?)', '[{"S": "USER#u1"}, {"S": "ORDER#"}]');
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('q-status')).toContainText('ExecuteStatement');
  await expect(page.getByTestId('q-plan')).toHaveAttribute('data-op', 'Query');
  await expect(page.getByTestId('q-plan')).toHaveText(
    'Ran as Query on Shop (1 partition): the WHERE clause pins the partition key with = or IN, so only those partitions are read.',
  );
  expect(await keys(page)).toEqual(['PK=USER#u1, SK=ORDER#o-001', 'PK=USER#u1, SK=ORDER#o-002']);
  await expect(page.getByTestId('q-cap-total')).toHaveText('0.5 RCU');
  await expect(page.getByTestId('q-cap-line').first()).toContainText('Table: 2 items read (before any filter)');

  // The whole primary key with = is a GetItem.
  await runStatement(page, `SELECT "email" FROM "Shop" WHERE "PK" = 'USER#u1' AND "SK" = 'PROFILE#u1'`);
  await expect(page.getByTestId('q-plan')).toHaveAttribute('data-op', 'GetItem');
  await expect(page.getByTestId('q-plan')).toContainText('Ran as GetItem on Shop (1 key)');
  await expect(page.getByTestId('q-body')).toContainText('ada@example.com');

  // Nothing pins the partition key: every item is read (and paid for), then filtered.
  await runStatement(page, `SELECT * FROM "Shop" WHERE "Type" = 'ORDER'`);
  await expect(page.getByTestId('q-plan')).toHaveAttribute('data-op', 'Scan');
  await expect(page.getByTestId('q-plan')).toContainText('Ran as a full Scan of Shop: the WHERE clause does not pin the partition key');
  await expect(page.getByTestId('q-grid').getByTestId('grid-row')).toHaveCount(2);
  await expect(page.getByTestId('q-cap-line').first()).toContainText('Table: 5 items read (before any filter)');

  // A GSI target: "table"."index".
  await runStatement(page, `SELECT * FROM "Shop"."GSI1" WHERE "GSI1PK" = 'ORDER_STATUS#PENDING'`);
  await expect(page.getByTestId('q-plan')).toContainText('Ran as Query on Shop.GSI1 (1 partition)');
  await expect(page.getByTestId('q-grid').getByTestId('grid-row')).toHaveCount(1);

  // The log re-opens a statement in this mode.
  await page.getByTestId('q-mode-builder').click();
  await page.getByTestId('q-log-open').first().click();
  await expect(page.getByTestId('p-statement')).toHaveValue(`SELECT * FROM "Shop"."GSI1" WHERE "GSI1PK" = 'ORDER_STATUS#PENDING'`);
});

test('Next page follows NextToken; errors appear next to the statement; an UPDATE lands in the model and undo takes it back', async ({ page }) => {
  await openPartiql(page);
  await page.getByTestId('p-limit').fill('2');
  await runStatement(page, 'SELECT * FROM "Shop"');
  const rows = page.getByTestId('q-grid').getByTestId('grid-row');
  const seen: string[] = [];
  for (const expected of [2, 2, 1]) {
    await expect(rows).toHaveCount(expected);
    seen.push(...((await keys(page)) as string[]));
    if (expected === 2) {
      await expect(page.getByTestId('p-next')).toBeEnabled();
      await page.getByTestId('p-next').click();
    }
  }
  await expect(page.getByTestId('p-next')).toBeDisabled();
  expect(new Set(seen).size).toBe(5);
  await page.getByTestId('p-limit').fill('');

  // DynamoDB's errors, next to the statement.
  await runStatement(page, 'SELECT * FROM "Nope"');
  await expect(page.getByTestId('p-error-statement')).toHaveText('ResourceNotFoundException: Requested resource not found');
  await runStatement(page, 'SELECT * FROM "Shop" WHERE "PK" = ?');
  await expect(page.getByTestId('p-error-statement')).toContainText('ValidationException: Number of parameters in request and statement don');
  // Parameters that are not a JSON list never reach the engine.
  const before = await page.getByTestId('q-log-entry').count();
  await runStatement(page, 'SELECT * FROM "Shop" WHERE "PK" = ?', '{"S": "USER#u1"}');
  await expect(page.getByTestId('p-error-parameters')).toContainText('Parameters must be a JSON array');
  await expect(page.getByTestId('q-log-entry')).toHaveCount(before);

  // A write: UpdateItem by its key, mirrored into the model as one undoable step.
  await runStatement(page, `UPDATE "Shop" SET "status" = 'SHIPPED' WHERE "PK" = 'USER#u1' AND "SK" = 'ORDER#o-001'`);
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('p-error-statement')).toHaveCount(0);
  await expect(page.getByTestId('q-plan')).toHaveAttribute('data-op', 'UpdateItem');
  await expect(page.getByTestId('q-changed')).toContainText('1 item(s) of the model changed');
  await expect(page.getByTestId('q-cap-line').first()).toContainText('Table: the larger of the old item');
  const status = page.getByTestId('item-grid').locator('[data-testid=grid-row][data-key="PK=USER#u1, SK=ORDER#o-001"] [data-col=status]');
  await page.getByTestId('tab-items').click();
  await showColumn(page.getByTestId('item-grid'), 'status');
  await expect(status).toHaveText('SHIPPED');
  await page.getByTestId('item-grid').click();
  await page.keyboard.press('Control+z');
  await expect(status).toHaveText('PENDING');
});
