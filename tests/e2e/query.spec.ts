import { test, expect, openPlayground, showColumn } from './helpers/fixtures';
import type { Page } from '@playwright/test';
import { join } from 'node:path';

/** The engine's e-commerce test model (opened as a file), then the Query tab. */
async function openShop(page: Page) {
  await openPlayground(page);
  await page.getByTestId('file-input').setInputFiles(join(__dirname, '../../engine/tests/data/models/ecommerce.json'));
  await expect(page.getByTestId('table-Shop')).toBeVisible();
  await page.getByTestId('tab-query').click();
}

/** Paste a raw request into the API console and run it. */
async function consoleRun(page: Page, action: string, body: unknown) {
  await page.getByTestId('q-mode-console').click();
  await page.getByTestId('c-action').fill(action);
  await page.getByTestId('c-body').fill(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  await page.getByTestId('c-run').click();
}

test('a begins_with Query returns the orders, 0.5 RCU and the arithmetic behind it; the items are marked in the Items tab', async ({ page }) => {
  await openShop(page);
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-sort-op').selectOption('begins_with');
  await page.getByTestId('q-sk').fill('ORDER#');
  // The request JSON follows the controls as they change.
  await expect(page.getByTestId('q-json')).toHaveValue(/"KeyConditionExpression": "#pk = :pk AND begins_with\(#sk, :sk\)"/);
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  const rows = page.getByTestId('q-grid').getByTestId('grid-row');
  await expect(rows).toHaveCount(2);
  expect(await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-key')))).toEqual([
    'PK=USER#u1, SK=ORDER#o-001',
    'PK=USER#u1, SK=ORDER#o-002',
  ]);
  await expect(page.getByTestId('q-read-line')).toHaveText('read 2 items, returned 2');
  await expect(page.getByTestId('q-cap-total')).toHaveText('0.5 RCU');
  await expect(page.getByTestId('q-cap-line').first()).toContainText('Table: 2 items read (before any filter)');
  await expect(page.getByTestId('q-cap-line').first()).toContainText('→ rounded up to 4 KB → 1 block × 0.5 = 0.5 RCU (eventually consistent)');
  // The Items tab marks exactly the returned items.
  await page.getByTestId('tab-items').click();
  const marked = page.getByTestId('item-grid').locator('[data-testid=grid-row][data-match=true]');
  await expect(marked).toHaveCount(2);
});

test('a filter shows read vs returned; ConsistentRead on a GSI gets DynamoDB\'s error next to the checkbox', async ({ page }) => {
  await openShop(page);
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-filter').fill('#t = :t');
  await page.getByTestId('q-names').fill('{"#t": "Type"}');
  await page.getByTestId('q-values').fill('{":t": {"S": "ORDER"}}');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-read-line')).toHaveText('read 3 items, returned 2');
  await expect(page.getByTestId('q-counts')).toHaveText(' · Count 2 · ScannedCount 3');

  await page.getByTestId('q-index').selectOption('GSI1');
  await page.getByTestId('q-filter').fill('');
  await page.getByTestId('q-names').fill('');
  await page.getByTestId('q-values').fill('');
  await page.getByTestId('q-pk').fill('ORDER_STATUS#PENDING');
  await page.getByTestId('q-consistent').check();
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-error-consistent')).toHaveText('ValidationException: Consistent reads are not supported on global secondary indexes');
  // A syntax error in an expression lands next to the filter.
  await page.getByTestId('q-consistent').uncheck();
  await page.getByTestId('q-filter').fill('total >');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-error-filter')).toContainText('ValidationException: Invalid FilterExpression');
});

test('Next page walks every page of a Scan with Limit 2; editing the JSON moves the controls', async ({ page }) => {
  await openShop(page);
  await page.getByTestId('q-op').selectOption('Scan');
  await page.getByTestId('q-limit').fill('2');
  await page.getByTestId('q-run').click();
  const seen: string[] = [];
  const rows = page.getByTestId('q-grid').getByTestId('grid-row');
  for (const expected of [2, 2, 1]) {
    await expect(rows).toHaveCount(expected);
    seen.push(...(await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-key') ?? ''))));
    if (expected === 2) {
      await expect(page.getByTestId('q-lek')).toBeVisible();
      await page.getByTestId('q-next').click();
    }
  }
  await expect(page.getByTestId('q-lek')).toHaveCount(0);
  await expect(page.getByTestId('q-next')).toBeDisabled();
  expect(new Set(seen).size).toBe(5);

  // JSON → controls: a Limit typed into the JSON shows in the Limit box; a shape the builder cannot show says so.
  const json = JSON.parse(await page.getByTestId('q-json').inputValue());
  json.Limit = 3;
  delete json.ExclusiveStartKey;
  await page.getByTestId('q-json').fill(JSON.stringify(json, null, 2));
  await expect(page.getByTestId('q-limit')).toHaveValue('3');
  json.AttributesToGet = ['PK'];
  await page.getByTestId('q-json').fill(JSON.stringify(json));
  await expect(page.getByTestId('q-json-note')).toContainText("The builder can't show this request");
  await page.getByTestId('q-json').fill('{"TableName": ');
  await expect(page.getByTestId('q-json-error')).toContainText('SerializationException');
});

test('a failed conditional update leaves the grid unchanged; a successful one shows in the grid and undo takes it back', async ({ page }) => {
  await openShop(page);
  await page.getByTestId('q-mode-write').click();
  await page.getByTestId('w-action').selectOption('UpdateItem');
  await page.getByTestId('w-item').fill('{"PK": {"S": "USER#u1"}, "SK": {"S": "ORDER#o-001"}}');
  await page.getByTestId('w-condition').fill('#s = :s');
  await page.getByTestId('w-return-on-failure').check();
  await page.getByTestId('w-run').click();
  await expect(page.getByTestId('q-error-type')).toHaveText('ConditionalCheckFailedException');
  await expect(page.getByTestId('q-body')).toContainText('"Item"');
  await expect(page.getByTestId('q-body')).toContainText('PENDING');
  const status = page.getByTestId('item-grid').locator('[data-testid=grid-row][data-key="PK=USER#u1, SK=ORDER#o-001"] [data-col=status]');
  await page.getByTestId('tab-items').click();
  await showColumn(page.getByTestId('item-grid'), 'status');
  await expect(status).toHaveText('PENDING');

  await page.getByTestId('tab-query').click();
  await page.getByTestId('w-condition').fill('');
  await page.getByTestId('w-return-on-failure').uncheck();
  await page.getByTestId('w-return-values').selectOption('UPDATED_OLD');
  await page.getByTestId('w-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('q-body')).toContainText('"Attributes"');
  await expect(page.getByTestId('q-changed')).toContainText('1 item(s) of the model changed');
  // GSI1 projects Type and total only, and its key did not change: the index line says why it cost 0.
  await expect(page.getByTestId('q-cap-line').nth(0)).toContainText('Table: the larger of the old item');
  await expect(page.getByTestId('q-cap-line').nth(1)).toContainText('GSI GSI1: 0 writes');
  await page.getByTestId('tab-items').click();
  await showColumn(page.getByTestId('item-grid'), 'status');
  await expect(status).toHaveText('SHIPPED');
  await page.getByTestId('item-grid').click();
  await page.keyboard.press('Control+z');
  await expect(status).toHaveText('PENDING');
});

test('TransactWriteItems with one failing condition shows its CancellationReasons; a console paste runs any raw request', async ({ page }) => {
  await openShop(page);
  await consoleRun(page, 'TransactWriteItems', {
    TransactItems: [
      { Put: { TableName: 'Shop', Item: { PK: { S: 'USER#u3' }, SK: { S: 'PROFILE#u3' } } } },
      { ConditionCheck: { TableName: 'Shop', Key: { PK: { S: 'USER#u9' }, SK: { S: 'PROFILE#u9' } }, ConditionExpression: 'attribute_exists(PK)' } },
    ],
  });
  await expect(page.getByTestId('q-error-type')).toHaveText('TransactionCanceledException');
  const body = JSON.parse((await page.getByTestId('q-body').textContent()) ?? '{}');
  expect(body.__type).toBe('com.amazonaws.dynamodb.v20120810#TransactionCanceledException');
  expect(body.CancellationReasons).toEqual([{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }]);
  await page.getByTestId('tab-items').click();
  await expect(page.getByTestId('item-grid').locator('[data-testid=grid-row][data-key="PK=USER#u3, SK=PROFILE#u3"]')).toHaveCount(0);

  await page.getByTestId('tab-query').click();
  await consoleRun(page, 'GetItem', '{"TableName": "Shop", "Key": {"PK": {"S": "USER#u2"}, "SK": {"S": "PROFILE#u2"}}, "ReturnConsumedCapacity": "TOTAL"}');
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  const got = JSON.parse((await page.getByTestId('q-body').textContent()) ?? '{}');
  expect(got.Item.name).toEqual({ S: 'Grace' });
  expect(got.ConsumedCapacity).toEqual({ TableName: 'Shop', CapacityUnits: 0.5 });
  // A malformed paste: DynamoDB's kind of error next to the body, nothing run.
  await page.getByTestId('c-body').fill('{"TableName": "Shop",');
  await page.getByTestId('c-run').click();
  await expect(page.getByTestId('c-error')).toContainText('SerializationException');
  // A wrong-typed key: the engine's ValidationException.
  await consoleRun(page, 'GetItem', { TableName: 'Shop', Key: { PK: { N: '1' }, SK: { S: 'x' } } });
  await expect(page.getByTestId('q-error-type')).toHaveText('ValidationException');
  await expect(page.getByTestId('q-log-entry')).toHaveCount(3);
});

test('advancing the clock lets TTL delete an expired item and the stream shows its REMOVE record', async ({ page }) => {
  await openShop(page);
  await page.getByTestId('q-stream-enable').click();
  await expect(page.getByTestId('q-clock-message')).toContainText('UpdateTable on Shop: done');
  await page.getByTestId('q-ttl-enable').click();
  await expect(page.getByTestId('q-clock-message')).toContainText('UpdateTimeToLive on Shop: done');
  const clock = (await page.getByTestId('q-clock').textContent()) ?? '';
  const expires = Math.floor(Date.parse(clock) / 1000) + 30;
  await consoleRun(page, 'PutItem', { TableName: 'Shop', Item: { PK: { S: 'CART#c1' }, SK: { S: 'CART#c1' }, expiresAt: { N: String(expires) } } });
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await page.getByTestId('tab-items').click();
  const cart = page.getByTestId('item-grid').locator('[data-testid=grid-row][data-key="PK=CART#c1, SK=CART#c1"]');
  await expect(cart).toHaveCount(1);
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-clock-min').click();
  const remove = page.getByTestId('q-stream-record').filter({ has: page.locator('[data-testid=q-stream-who]', { hasText: 'dynamodb.amazonaws.com' }) });
  await expect(remove).toHaveCount(1);
  await expect(remove).toHaveAttribute('data-event', 'REMOVE');
  await expect(page.getByTestId('q-stream-record').first()).toHaveAttribute('data-event', 'REMOVE');
  await page.getByTestId('tab-items').click();
  await expect(cart).toHaveCount(0);
});

test('a Time to Live setting is saved with the model and is on again in the engine after a reload', async ({ page }) => {
  await openShop(page);
  await page.getByTestId('q-ttl-enable').click();
  await expect(page.getByTestId('q-clock-message')).toContainText('UpdateTimeToLive on Shop: done');
  const ttlOf = () => page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('dynamodel.modeler.autosave') ?? 'null');
    return saved?.model?.tables?.find((t: { definition: { TableName: string } }) => t.definition.TableName === 'Shop')?.timeToLive ?? null;
  });
  await expect.poll(ttlOf).toBe('expiresAt');
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await page.getByTestId('tab-query').click();
  await consoleRun(page, 'DescribeTimeToLive', { TableName: 'Shop' });
  await expect(page.getByTestId('q-body')).toContainText('"TimeToLiveStatus": "ENABLED"');
  await expect(page.getByTestId('q-body')).toContainText('"AttributeName": "expiresAt"');
});

test.describe('clipboard', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  test('the copy button yields the generated code, for each client and endpoint', async ({ page }) => {
    await openShop(page);
    await page.getByTestId('q-pk').fill('USER#u1');
    await page.getByTestId('q-run').click();
    await page.getByTestId('q-lang-cli').click();
    await expect(page.getByTestId('q-code')).toContainText('aws dynamodb query');
    await expect(page.getByTestId('q-code')).toContainText("--endpoint-url http://127.0.0.1:8000");
    await page.getByTestId('q-copy').click();
    await expect(page.getByTestId('q-copied')).toHaveText('Copied');
    const pasted = await page.evaluate(() => navigator.clipboard.readText());
    expect(pasted).toBe(await page.getByTestId('q-code').textContent());
    await page.getByTestId('q-endpoint-local').uncheck();
    await page.getByTestId('q-lang-python').click();
    await expect(page.getByTestId('q-code')).toContainText('boto3.client("dynamodb", region_name="us-east-1")');
    await page.getByTestId('q-lang-js').click();
    await expect(page.getByTestId('q-code')).toContainText('new QueryCommand(');
  });
});

test('a Query on a GSI marks its items in the Indexes tab, and only those', async ({ page }) => {
  await openShop(page);
  await page.getByTestId('q-index').selectOption('GSI1');
  await page.getByTestId('q-pk').fill('ORDER_STATUS#PENDING');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  const returned = await page.getByTestId('q-grid').getByTestId('grid-row').evaluateAll((r) => r.map((x) => x.getAttribute('data-key')));
  expect(returned.length).toBeGreaterThan(0);
  await page.getByTestId('tab-indexes').click();
  await page.getByTestId('index-tab-GSI1').click();
  const grid = page.getByTestId('index-grid');
  await expect(grid.locator('[data-testid=grid-row][data-match=true]')).toHaveCount(returned.length);
  const marked = await grid.locator('[data-testid=grid-row][data-match=true]').evaluateAll((r) => r.map((x) => x.getAttribute('data-key')));
  expect(marked.sort()).toEqual([...returned].sort());
  // The index holds more entries than the Query returned; those stay unmarked.
  expect(await grid.locator('[data-testid=grid-row][data-match=false]').count()).toBeGreaterThan(0);
});

test('a Scan page ends at the 1 MB rule, says so, and Next page reads the rest', async ({ page }) => {
  await openShop(page);
  // Three ~350 KB items: together past 1 MB, so one Scan page cannot hold them all.
  const big = 'x'.repeat(350_000);
  for (const n of ['1', '2', '3']) {
    await consoleRun(page, 'PutItem', { TableName: 'Shop', Item: { PK: { S: 'BIG' }, SK: { S: `PART#${n}` }, blob: { S: big } } });
    await expect(page.getByTestId('q-status')).toContainText('200 OK');
  }
  await page.getByTestId('q-mode-builder').click();
  await page.getByTestId('q-op').selectOption('Scan');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-page-rule')).toContainText("The page ended at DynamoDB's 1 MB limit");
  await expect(page.getByTestId('q-lek')).toBeVisible();
  const rows = page.getByTestId('q-grid').getByTestId('grid-row');
  const seen = await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-key') ?? ''));
  await page.getByTestId('q-next').click();
  await expect(page.getByTestId('q-lek')).toHaveCount(0);
  await expect(page.getByTestId('q-page-rule')).toHaveCount(0);
  seen.push(...(await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-key') ?? ''))));
  // Every item once: the Shop's own plus the three big ones.
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.filter((k) => k.startsWith('PK=BIG')).length).toBe(3);
});

test('Re-run in the operation log runs the same request again', async ({ page }) => {
  await openShop(page);
  await consoleRun(page, 'UpdateItem', {
    TableName: 'Shop',
    Key: { PK: { S: 'USER#u1' }, SK: { S: 'ORDER#o-001' } },
    UpdateExpression: 'ADD visits :one',
    ExpressionAttributeValues: { ':one': { N: '1' } },
    ReturnValues: 'UPDATED_NEW',
  });
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  expect(JSON.parse((await page.getByTestId('q-body').textContent()) ?? '{}').Attributes).toEqual({ visits: { N: '1' } });
  await expect(page.getByTestId('q-log-entry')).toHaveCount(1);
  await page.getByTestId('q-log-rerun').first().click();
  await expect(page.getByTestId('q-log-entry')).toHaveCount(2);
  // The newest entry is first; it is the same action, and the counter moved again.
  await expect(page.getByTestId('q-log-entry').first()).toContainText('#2 UpdateItem');
  expect(JSON.parse((await page.getByTestId('q-body').textContent()) ?? '{}').Attributes).toEqual({ visits: { N: '2' } });
  await page.getByTestId('tab-items').click();
  await showColumn(page.getByTestId('item-grid'), 'visits');
  await expect(page.getByTestId('item-grid').locator('[data-testid=grid-row][data-key="PK=USER#u1, SK=ORDER#o-001"] [data-col=visits]')).toHaveText('2');
});
