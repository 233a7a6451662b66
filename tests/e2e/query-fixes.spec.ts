// The Query and Access patterns tabs as a learner meets them: every write starter runs as given on
// templates of each kind of key, switching action carries nothing over, the builder forgets a key condition of another model
// and says why a read found nothing, PartiQL answers say what they read, every capacity figure says
// whether it is the table alone or the table and its indexes, a failed conditional write shows its
// charge, a read-only embed offers no writing control, the pattern table fits, and the advisor does not
// praise a design it cannot judge.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, openPlayground } from './helpers/fixtures';
import type { Page } from '@playwright/test';
import { openWithModel } from './helpers/travel';

const GALLERY = path.join(__dirname, '../../engine/tests/data/models/gallery');
const WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'BatchGetItem', 'TransactWriteItems', 'TransactGetItems'];

/** A gallery template opened by address, on the Query tab. */
async function openTemplate(page: Page, slug: string, extra = '') {
  await page.goto(`/?template=${slug}${extra}`);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  // The previous template's changes are the visitor's work: the playground asks before replacing them.
  const name = JSON.parse(fs.readFileSync(path.join(GALLERY, `${slug}.json`), 'utf8')).name;
  const prompt = page.getByTestId('incoming-prompt');
  await expect(async () => {
    if (await prompt.isVisible()) await prompt.getByTestId('incoming-replace').click();
    await expect(page.getByTestId('model-name')).toHaveText(name, { timeout: 500 });
  }).toPass();
  await expect(page.locator('[data-testid=grid-row]').first()).toBeVisible();
}

/** Paste a raw request into the API console and run it. */
async function consoleRun(page: Page, action: string, body: unknown) {
  await page.getByTestId('q-mode-console').click();
  await page.getByTestId('c-action').fill(action);
  await page.getByTestId('c-body').fill(JSON.stringify(body, null, 2));
  await page.getByTestId('c-run').click();
}

// The starters on every template are checked against the engine by the component test
// `app/tests/write_starters.rs`; here the page runs them through the form on templates of each kind of
// key: a partition and sort key, other key names, a partition key alone (with a vector index).
const STARTER_TEMPLATES = ['ecommerce', 'hierarchical-sort-keys', 'vector-search'];

test('every starter of every write action runs as given, on a template of each kind of key', async ({ page }) => {
  test.setTimeout(120_000);
  for (const slug of STARTER_TEMPLATES) {
    await openTemplate(page, slug);
    await page.getByTestId('tab-query').click();
    await page.getByTestId('q-mode-write').click();
    for (const [i, action] of WRITE_ACTIONS.entries()) {
      await page.getByTestId('w-action').selectOption(action);
      await page.getByTestId('w-run').click();
      const status = page.getByTestId('q-status');
      await expect(status, `${slug}: ${action}`).toContainText(`${action} #${i + 1}`);
      const text = await status.textContent();
      const error = text?.includes('200 OK') ? '' : await page.getByTestId('q-error').textContent();
      expect(`${slug}: ${action}: ${text}${error ? ` — ${error}` : ''}`).toBe(`${slug}: ${action}: 200 OK · ${action} #${i + 1}`);
    }
  }
});

test('switching write action carries no other action\'s names, values or ReturnValues: a PutItem with a condition runs', async ({ page }) => {
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-mode-write').click();
  await expect(page.getByTestId('w-action')).toHaveValue('UpdateItem');
  await expect(page.getByTestId('w-names')).toHaveValue('{"#s": "status"}');
  await page.getByTestId('w-action').selectOption('PutItem');
  await expect(page.getByTestId('w-names')).toHaveValue('');
  await expect(page.getByTestId('w-values')).toHaveValue('');
  await expect(page.getByTestId('w-return-values')).toHaveValue('NONE');
  await expect(page.getByTestId('w-json')).not.toHaveValue(/ALL_NEW|#s|:s/);
  await page.getByTestId('w-item').fill('{"PK": {"S": "USER#u9"}, "SK": {"S": "PROFILE#u9"}, "name": {"S": "Grace"}}');
  await page.getByTestId('w-condition').fill('attribute_not_exists(PK)');
  await page.getByTestId('w-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  // And back: UpdateItem starts from its own starter again.
  await page.getByTestId('w-action').selectOption('DeleteItem');
  await expect(page.getByTestId('w-condition')).toHaveValue('');
  await expect(page.getByTestId('w-names')).toHaveValue('');
});

test('the builder forgets a sort-key condition of the previous model, and an empty Query says why', async ({ page }) => {
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-sort-op').selectOption('begins_with');
  await page.getByTestId('q-sk').fill('ORDER#');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-grid').getByTestId('grid-row')).toHaveCount(2);
  await expect(page.getByTestId('q-empty-hint')).toHaveCount(0);

  // The sort-key condition matches nothing in the partition: the hint names the partition's sort keys.
  await page.getByTestId('q-sk').fill('INVOICE#');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-read-line')).toHaveText('read 0 items, returned 0');
  const hint = page.getByTestId('q-empty-hint');
  await expect(hint).toContainText('the partition PK = "USER#u1" holds 3 items, but none matched the sort-key part of the key condition PK = "USER#u1" AND begins_with(SK, "INVOICE#")');
  await expect(hint).toContainText('"PROFILE#u1"');

  // A filter that discards everything read.
  await page.getByTestId('q-sort-op').selectOption('none');
  await page.getByTestId('q-filter').fill('#t = :t');
  await page.getByTestId('q-names').fill('{"#t": "Type"}');
  await page.getByTestId('q-values').fill('{":t": {"S": "NOTHING"}}');
  await page.getByTestId('q-run').click();
  await expect(hint).toContainText('3 items were read, and the FilterExpression (#t = :t) discarded every one');

  // Another model: the fields written for the old one are gone.
  await page.getByTestId('open-gallery').click();
  await page.getByTestId('gallery-open-posts-by-tag').click();
  await page.getByTestId('incoming-prompt').getByTestId('incoming-replace').click();
  await expect(page.getByTestId('table-SocialPosts')).toBeVisible();
  await page.getByTestId('tab-query').click();
  await expect(page.getByTestId('q-table')).toHaveValue('SocialPosts');
  await expect(page.getByTestId('q-sort-op')).toHaveValue('none');
  await expect(page.getByTestId('q-pk')).toHaveValue('');
  await expect(page.getByTestId('q-filter')).toHaveValue('');
  await expect(page.getByTestId('q-json')).not.toHaveValue(/ORDER#|USER#u1|NOTHING/);

  // The same partition value now finds the new model's items: no sort-key condition of the old one.
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('q-json')).toHaveValue(/"KeyConditionExpression": "#pk = :pk"/);
  await expect(page.getByTestId('q-grid').getByTestId('grid-row').first()).toBeVisible();
  await expect(hint).toHaveCount(0);
  // A partition the table does not have: the hint lists the values it does have.
  await page.getByTestId('q-pk').fill('USER#nobody');
  await page.getByTestId('q-run').click();
  await expect(hint).toContainText('the key condition PK = "USER#nobody" names the partition PK = "USER#nobody", and no item of the table SocialPosts has it');
  await expect(hint).toContainText('Partition key values there:');
});

test('a PartiQL answer says what it read and returned, with no stray separator', async ({ page }) => {
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-mode-partiql').click();
  await page.getByTestId('p-params').fill('[{"S": "USER#u1"}]');
  await page.getByTestId('p-statement').fill('SELECT * FROM "Shop" WHERE "PK" = ?');
  await page.getByTestId('p-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('q-read-line')).toHaveText('read 3 items, returned 3');
  await expect(page.getByTestId('q-summary')).toHaveText('read 3 items, returned 3');
  // A GetItem statement read one item.
  await page.getByTestId('p-params').fill('');
  await page.getByTestId('p-statement').fill(`SELECT * FROM "Shop" WHERE "PK" = 'USER#u1' AND "SK" = 'PROFILE#u1'`);
  await page.getByTestId('p-run').click();
  await expect(page.getByTestId('q-read-line')).toHaveText('read 1 item, returned 1');
  await expect(page.getByTestId('q-summary')).not.toHaveText(/^\s*·/);
});

test('every capacity figure says whether it is the table alone or the table and its indexes', async ({ page }) => {
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('tab-query').click();
  // A new order enters GSI1: the table and the index each take a write.
  await consoleRun(page, 'PutItem', {
    TableName: 'Shop',
    Item: { PK: { S: 'USER#u3' }, SK: { S: 'ORDER#o-009' }, GSI1PK: { S: 'ORDER_STATUS#PENDING' }, GSI1SK: { S: '2024' }, Type: { S: 'ORDER' } },
    ReturnConsumedCapacity: 'INDEXES',
  });
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('q-cap-total')).toHaveText('2 WCU');
  await expect(page.getByTestId('q-cap-scope')).toHaveText(' (table + indexes: table 1 WCU + GSI GSI1 1 WCU)');
  // A profile is in no index: the table alone.
  await consoleRun(page, 'PutItem', { TableName: 'Shop', Item: { PK: { S: 'USER#u3' }, SK: { S: 'PROFILE#u3' } }, ReturnConsumedCapacity: 'INDEXES' });
  await expect(page.getByTestId('q-cap-total')).toHaveText('1 WCU');
  await expect(page.getByTestId('q-cap-scope')).toHaveText(' (table alone)');
  // Reads: of the table, and of an index alone.
  await page.getByTestId('q-mode-builder').click();
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-cap-scope')).toHaveText(' (table alone)');
  await page.getByTestId('q-index').selectOption('GSI1');
  await page.getByTestId('q-pk').fill('ORDER_STATUS#PENDING');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-cap-scope')).toHaveText(' (GSI GSI1 alone)');
  // The log says it for every call, and for the session's totals.
  await expect(page.getByTestId('q-log-capacity').nth(3)).toHaveText('Shop 2 WCU (table + indexes)');
  await expect(page.getByTestId('q-log-capacity').nth(0)).toHaveText('Shop 0.5 RCU (GSI GSI1 alone)');
  await expect(page.getByTestId('q-log-totals')).toContainText('(table + indexes)');
});

test('a failed conditional write shows the write DynamoDB still charges, and why', async ({ page }) => {
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('tab-query').click();
  await consoleRun(page, 'PutItem', {
    TableName: 'Shop',
    Item: { PK: { S: 'USER#u1' }, SK: { S: 'PROFILE#u1' }, name: { S: 'Ada' } },
    ConditionExpression: 'attribute_not_exists(PK)',
    ReturnConsumedCapacity: 'INDEXES',
  });
  await expect(page.getByTestId('q-error-type')).toHaveText('ConditionalCheckFailedException');
  await expect(page.getByTestId('q-cap-total')).toHaveText('1 WCU');
  await expect(page.getByTestId('q-cap-scope')).toHaveText(' (table alone)');
  await expect(page.getByTestId('q-cap-line').nth(0)).toContainText('Table: the condition failed, so nothing was written — DynamoDB still charges the write');
  await expect(page.getByTestId('q-cap-line').nth(1)).toContainText('GSI GSI1: 0 writes — the condition failed');
  await expect(page.getByTestId('q-log-capacity').first()).toHaveText('Shop 1 WCU (table alone)');
});

test('a read-only embed\'s Query tab offers no writing control; reads still run', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?embed=1&readonly=1&template=ecommerce&tab=query');
  await expect(page.getByTestId('read-only-note')).toBeVisible();
  await expect(page.getByTestId('query-view')).toBeVisible();
  for (const id of ['q-mode-write', 'q-mode-console', 'w-form', 'q-save-pattern', 'q-clock-min', 'q-clock-go', 'q-ttl-enable', 'q-stream-enable']) {
    await expect(page.getByTestId(id), id).toHaveCount(0);
  }
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-read-line')).toHaveText('read 3 items, returned 3');
  // A statement that writes is refused; one that reads runs.
  await page.getByTestId('q-mode-partiql').click();
  await page.getByTestId('p-params').fill('');
  await page.getByTestId('p-statement').fill(`DELETE FROM "Shop" WHERE "PK" = 'USER#u1' AND "SK" = 'PROFILE#u1'`);
  await page.getByTestId('p-run').click();
  await expect(page.getByTestId('q-error-message')).toContainText('read-only');
  await page.getByTestId('p-statement').fill(`SELECT * FROM "Shop" WHERE "PK" = 'USER#u1' AND "SK" = 'PROFILE#u1'`);
  await page.getByTestId('p-run').click();
  await expect(page.getByTestId('q-read-line')).toHaveText('read 1 item, returned 1');
});

test('the access pattern table fits at 1280 px with every column headed, and scrolls in its own box at 420 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('tab-patterns').click();
  const table = page.getByTestId('pattern-table');
  await expect(table.getByTestId('pattern-row')).toHaveCount(5);
  const fit = await table.evaluate((t) => {
    const box = t.parentElement!;
    const frame = box.getBoundingClientRect();
    const heads = [...t.querySelectorAll('thead th')].map((th) => {
      const r = th.getBoundingClientRect();
      return { text: (th as HTMLElement).innerText.trim(), inside: r.left >= frame.left - 1 && r.right <= frame.right + 1 && r.width > 0 };
    });
    return { overflow: box.scrollWidth - box.clientWidth, heads };
  });
  expect(fit.overflow).toBeLessThanOrEqual(0);
  expect(fit.heads.map((h) => h.text)).toEqual(['Access pattern', 'Index', 'Key condition', 'Read → returned', 'Capacity (table + indexes)', 'Entities', 'Status', 'Actions']);
  expect(fit.heads.every((h) => h.inside)).toBe(true);
  await expect(table.getByTestId('pattern-open').first()).toBeInViewport({ ratio: 1 });

  await page.setViewportSize({ width: 420, height: 600 });
  await expect(table).toBeVisible();
  const narrow = await table.evaluate((t) => ({
    page: document.documentElement.scrollWidth,
    overflowX: getComputedStyle(t.parentElement!).overflowX,
  }));
  expect(narrow.page).toBeLessThanOrEqual(420);
  expect(narrow.overflowX).toBe('auto');
});

test('with no access patterns the advisor says it cannot judge the design, and how to add one', async ({ page }) => {
  // The e-commerce template's tables and items, without its access patterns.
  const ecommerce = JSON.parse(fs.readFileSync(path.join(GALLERY, 'ecommerce.json'), 'utf8'));
  await openWithModel(page, { ...ecommerce, accessPatterns: [] }, 'Access patterns');
  await expect(page.getByTestId('table-Shop')).toBeVisible();
  const summary = page.getByTestId('advisor-summary');
  await expect(summary).toContainText('cannot judge this design');
  await expect(summary).toContainText('+ Access pattern');
  await expect(summary).not.toContainText('avoids every anti-pattern');
});
