import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './helpers/fixtures';
import { openWithModel, savedModel } from './helpers/travel';
import type { Page } from '@playwright/test';

// The Query builder and the access patterns both ways, the simulator's heat in the advisor, and the
// analysis running only while the Access patterns tab can be seen.
const ECOMMERCE = JSON.parse(readFileSync(join(__dirname, '../../engine/tests/data/models/gallery/ecommerce.json'), 'utf8'));
const PENDING = 'Pending orders, oldest first';

// A saved workload for the person's own model: every order placed as PENDING, 3,000 a second, so GSI1's
// ORDER_STATUS#PENDING partition (1,000 WCU a second at most) throttles.
const PENDING_RUSH = {
  seed: 1, duration_seconds: 5,
  patterns: [{
    name: 'place-order', table: 'Shop', op: 'PutItem', key: { PK: 'USER#{id}', SK: 'ORDER#{id}' },
    item: { GSI1PK: { S: 'ORDER_STATUS#PENDING' }, GSI1SK: { S: 'ORDER#{id}' } },
    item_bytes: 300, key_count: 1000000, rate: { shape: 'constant', per_second: 3000 },
  }],
};
const withWorkload = (model: object, workload: object) => ({ ...structuredClone(model), workloads: [{ name: 'Rush', ...workload }] });

/** In the Heat tab: "Use my model" (its saved workload), run it, wait for the results. */
async function runOwnModel(page: Page): Promise<void> {
  await page.getByTestId('heat-use-model').click();
  await expect(page.getByTestId('heat-source')).toContainText('The workload saved with this model');
  await page.getByTestId('heat-run').click();
  await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 30_000 });
}

const row = (page: Page, name: string) => page.locator(`[data-testid=pattern-row][data-name="${name}"]`);

test.describe('the builder and the access patterns', () => {
  test('a builder Query with a {placeholder} is saved as an access pattern, checked, and opens back with its sample value', async ({ page }) => {
    await openWithModel(page, ECOMMERCE, 'Query');
    await page.getByTestId('q-pk').fill('USER#{userId}');
    await page.getByTestId('q-sort-op').selectOption('begins_with');
    await page.getByTestId('q-sk').fill('ORDER#');
    // A placeholder without a sample value is refused next to the sample values, and nothing runs.
    await page.getByTestId('q-run').click();
    await expect(page.getByTestId('q-samples-error')).toHaveText('The request uses {userId} without a sample value');
    await expect(page.getByTestId('q-log-entry')).toHaveCount(0);
    await page.getByTestId('q-samples').fill('userId=u1');
    await page.getByTestId('q-run').click();
    await expect(page.getByTestId('q-read-line')).toHaveText('read 2 items, returned 2');

    await page.getByTestId('q-save-pattern').click();
    await page.getByTestId('q-pattern-save').click();
    await expect(page.getByTestId('q-pattern-error')).toHaveText('The pattern needs a name');
    await page.getByTestId('q-pattern-name').fill("A user's orders (saved)");
    await expect(page.getByTestId('q-pattern-save')).toHaveText('Save pattern');
    await page.getByTestId('q-pattern-save').click();
    await expect(page.getByTestId('q-pattern-saved')).toContainText("Saved as “A user's orders (saved)”");

    await page.getByTestId('q-pattern-show').click();
    const saved = row(page, "A user's orders (saved)");
    await expect(saved.getByTestId('pattern-status')).toHaveText('✓ single request');
    await expect(saved.getByTestId('pattern-key')).toHaveText('PK = USER#u1, SK begins_with ORDER#');
    await expect(page.getByTestId('pattern-coverage')).toHaveText('6 of 6 patterns served by a single request');
    // Stored with its placeholder and sample value, without the builder's ReturnConsumedCapacity.
    await saved.getByTestId('pattern-edit').click();
    await expect(page.getByTestId('pattern-request')).toHaveValue(/"S": "USER#\{userId\}"/);
    await expect(page.getByTestId('pattern-request')).not.toHaveValue(/ReturnConsumedCapacity/);
    await expect(page.getByTestId('pattern-parameters')).toHaveValue('userId=u1');
    await page.getByTestId('pattern-cancel').click();

    // Open it in the builder again: the placeholder in the control, the sample value beside it.
    await saved.getByTestId('pattern-open').click();
    await expect(page.getByTestId('query-view')).toBeVisible();
    await expect(page.getByTestId('q-pk')).toHaveValue('USER#{userId}');
    await expect(page.getByTestId('q-samples')).toHaveValue('userId=u1');
    await page.getByTestId('q-samples').fill('userId=u2');
    await page.getByTestId('q-run').click();
    await expect(page.getByTestId('q-read-line')).toHaveText('read 1 item, returned 1');
    // Saving under the same name replaces the pattern (one undoable step).
    await page.getByTestId('q-save-pattern').click();
    await expect(page.getByTestId('q-pattern-name')).toHaveValue("A user's orders (saved)");
    await expect(page.getByTestId('q-pattern-save')).toHaveText('Replace pattern');
    await page.getByTestId('q-pattern-save').click();
    await page.getByTestId('q-pattern-show').click();
    await expect(page.getByTestId('pattern-row')).toHaveCount(6);
    await expect(saved.getByTestId('pattern-key')).toHaveText('PK = USER#u2, SK begins_with ORDER#');
    await page.getByTestId('pattern-coverage').click();
    await page.keyboard.press('Control+z');
    await expect(saved.getByTestId('pattern-key')).toHaveText('PK = USER#u1, SK begins_with ORDER#');
  });

  test('open in builder: a template Query shows in the builder’s controls, a GetItem opens in the API console', async ({ page }) => {
    const model = structuredClone(ECOMMERCE);
    model.accessPatterns.push({
      name: 'One order',
      operation: 'GetItem',
      request: { TableName: 'Shop', Key: { PK: { S: 'USER#{userId}' }, SK: { S: 'ORDER#o-001' } } },
      parameters: { userId: 'u1' },
    });
    await openWithModel(page, model, 'Access patterns');
    await row(page, PENDING).getByTestId('pattern-open').click();
    // `GSI1PK = :s` as the template writes it, in the builder's controls.
    await expect(page.getByTestId('q-index')).toHaveValue('GSI1');
    await expect(page.getByTestId('q-pk')).toHaveValue('ORDER_STATUS#PENDING');
    await expect(page.getByTestId('q-json-note')).toHaveCount(0);
    await page.getByTestId('q-run').click();
    await expect(page.getByTestId('q-status')).toContainText('200 OK');
    await expect(page.getByTestId('q-read-line')).toHaveText('read 2 items, returned 2');

    await page.getByRole('tab', { name: 'Access patterns' }).click();
    await row(page, 'One order').getByTestId('pattern-open').click();
    await expect(page.getByTestId('c-action')).toHaveValue('GetItem');
    // The placeholder stays in the body, its sample value beside it.
    await expect(page.getByTestId('c-body')).toHaveValue(/"S": "USER#\{userId\}"/);
    await expect(page.getByTestId('q-samples')).toHaveValue('userId=u1');
    await page.getByTestId('c-run').click();
    await expect(page.getByTestId('q-status')).toContainText('200 OK');
    await expect(page.getByTestId('q-body')).toContainText('o-001');
  });

  test('the API console: a request with a {placeholder} runs with its sample value, is saved as a pattern and opens back with both', async ({ page }) => {
    await openWithModel(page, ECOMMERCE, 'Query');
    await page.getByTestId('q-mode-console').click();
    await page.getByTestId('c-action').fill('GetItem');
    await page.getByTestId('c-body').fill('{"TableName": "Shop", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE#{userId}"}}}');
    await expect(page.getByTestId('q-samples')).toBeVisible();
    // Without a sample value nothing runs, and the error is under the sample values.
    await page.getByTestId('c-body').press('Control+Enter');
    await expect(page.getByTestId('q-samples-error')).toHaveText('The request uses {userId} without a sample value');
    await expect(page.getByTestId('q-log-entry')).toHaveCount(0);
    await page.getByTestId('q-samples').fill('userId=u1');
    await page.getByTestId('c-body').press('Control+Enter');
    await expect(page.getByTestId('q-status')).toContainText('200 OK');
    await expect(page.getByTestId('q-body')).toContainText('ada@example.com');

    // A body that is not JSON cannot be saved: the error is in place.
    await page.getByTestId('c-body').fill('{"TableName": ');
    await page.getByTestId('q-save-pattern').click();
    await page.getByTestId('q-pattern-name').fill('A profile (console)');
    await page.getByTestId('q-pattern-name').press('Enter');
    await expect(page.getByTestId('c-error')).toContainText('SerializationException: the body is not valid JSON');
    await expect(page.getByTestId('q-pattern-error')).toHaveText("Fix the request's error above first");
    await page.getByTestId('c-body').fill('{"TableName": "Shop", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE#{userId}"}}, "ReturnConsumedCapacity": "TOTAL"}');
    await page.getByTestId('q-pattern-name').press('Enter');
    await expect(page.getByTestId('q-pattern-saved')).toContainText('Saved as “A profile (console)”');

    await page.getByTestId('q-pattern-show').click();
    const saved = row(page, 'A profile (console)');
    await expect(saved.getByTestId('pattern-status')).toHaveText('✓ single request');
    await expect(saved.getByTestId('pattern-key')).toHaveText('PK = USER#u1, SK = PROFILE#u1');
    await saved.getByTestId('pattern-edit').click();
    await expect(page.getByTestId('pattern-request')).toHaveValue(/"S": "PROFILE#\{userId\}"/);
    await expect(page.getByTestId('pattern-request')).not.toHaveValue(/ReturnConsumedCapacity/);
    await expect(page.getByTestId('pattern-parameters')).toHaveValue('userId=u1');
    await page.getByTestId('pattern-cancel').click();

    // Round trip: opened in the console, the placeholders and the sample value are back.
    await saved.getByTestId('pattern-open').click();
    await expect(page.getByTestId('c-action')).toHaveValue('GetItem');
    await expect(page.getByTestId('c-body')).toHaveValue(/"S": "USER#\{userId\}"/);
    await expect(page.getByTestId('c-body')).toHaveValue(/"S": "PROFILE#\{userId\}"/);
    await expect(page.getByTestId('q-samples')).toHaveValue('userId=u1');
    await page.getByTestId('c-run').click();
    await expect(page.getByTestId('q-body')).toContainText('ada@example.com');
  });

  test('PartiQL: a statement whose parameters hold a {placeholder} is saved as a pattern, checked as the Query it became, and opens back', async ({ page }) => {
    await openWithModel(page, ECOMMERCE, 'Query');
    await page.getByTestId('q-mode-partiql').click();
    await page.getByTestId('p-statement').fill(`SELECT * FROM "Shop" WHERE PK = ? AND begins_with(SK, 'ORDER#')`);
    await page.getByTestId('p-params').fill('[{"S": "USER#{userId}"}]');
    await page.getByTestId('q-samples').fill('userId=u1');
    await page.getByTestId('p-statement').press('Control+Enter');
    await expect(page.getByTestId('q-status')).toContainText('200 OK');
    await expect(page.getByTestId('q-body')).toContainText('o-002');

    await page.getByTestId('q-save-pattern').click();
    await page.getByTestId('q-pattern-name').fill("A user's orders (PartiQL)");
    await page.getByTestId('q-pattern-save').click();
    await expect(page.getByTestId('q-pattern-saved')).toContainText("Saved as “A user's orders (PartiQL)”");
    await page.getByTestId('q-pattern-show').click();
    const saved = row(page, "A user's orders (PartiQL)");
    await expect(saved.locator('.pat-op')).toHaveText('ExecuteStatement as Query');
    await expect(saved.getByTestId('pattern-status')).toHaveText('✓ single request');
    await expect(saved.getByTestId('pattern-key')).toHaveText(`SELECT * FROM "Shop" WHERE PK = USER#u1 AND begins_with(SK, 'ORDER#')`);
    await expect(saved.getByTestId('pattern-items')).toHaveText('2 → 2');
    await expect(page.getByTestId('pattern-coverage')).toHaveText('6 of 6 patterns served by a single request');

    await saved.getByTestId('pattern-open').click();
    await expect(page.getByTestId('p-statement')).toHaveValue(`SELECT * FROM "Shop" WHERE PK = ? AND begins_with(SK, 'ORDER#')`);
    await expect(page.getByTestId('p-params')).toHaveValue('[{"S":"USER#{userId}"}]');
    await expect(page.getByTestId('q-samples')).toHaveValue('userId=u1');

    // A tuple's braces in a statement are PartiQL, not a placeholder: it runs, and saves, as written.
    await page.getByTestId('p-statement').fill(`INSERT INTO "Shop" VALUE {'PK': ?, 'SK': 'PROFILE#u9', 'Type': 'USER'}`);
    await page.getByTestId('p-params').fill('[{"S": "USER#{userId}"}]');
    await page.getByTestId('q-samples').fill('userId=u9');
    await page.getByTestId('p-run').click();
    await expect(page.getByTestId('q-status')).toContainText('200 OK');
    // u9 exists now (an INSERT of it again fails): the pattern signs up another user.
    await page.getByTestId('q-samples').fill('userId=u10');
    await page.getByTestId('q-save-pattern').click();
    await page.getByTestId('q-pattern-name').fill('Sign up (PartiQL)');
    await page.getByTestId('q-pattern-save').click();
    await page.getByTestId('q-pattern-show').click();
    await expect(row(page, 'Sign up (PartiQL)').locator('.pat-op')).toHaveText('ExecuteStatement as PutItem');
    await expect(row(page, 'Sign up (PartiQL)').getByTestId('pattern-status')).toHaveText('✓ single request');
  });

  test('heat from a run of the person’s own model becomes the advisor’s throttled-key finding; another scenario clears it', async ({ page }) => {
    test.slow();
    await openWithModel(page, withWorkload(ECOMMERCE, PENDING_RUSH), 'Heat');
    await runOwnModel(page);

    await page.getByRole('tab', { name: 'Access patterns' }).click();
    await expect(page.getByTestId('advisor-heat')).toHaveText('With the heat of the Heat tab\'s run of “E-commerce: users, orders by status, reviews” (5 simulated seconds).');
    const f = page.locator('[data-testid=finding][data-finding-id="low-cardinality-key:heat:Shop/GSI1"]');
    await expect(f.getByTestId('finding-title')).toHaveText(/^The simulator throttled [\d,]+ requests on key ORDER_STATUS#PENDING$/);
    await expect(f.getByTestId('finding-target')).toHaveText('index GSI1 of Shop');
    await expect(f.getByTestId('finding-fix')).toContainText('write-shard it (ORDER_STATUS#PENDING#<0..N-1>)');
    await expect(page.getByTestId('finding')).toHaveCount(1);

    // A scenario clears the Heat tab's results, and the heat-based finding goes with them.
    await page.getByRole('tab', { name: 'Heat' }).click();
    await page.getByTestId('scenario-sharded-counter').click();
    await page.getByRole('tab', { name: 'Access patterns' }).click();
    await expect(page.getByTestId('advisor-heat')).toHaveCount(0);
    await expect(page.getByTestId('finding')).toHaveCount(0);
  });

  test('a heat finding and a data finding on the same index have their own ids: dismissing one leaves the other', async ({ page }) => {
    test.slow();
    // Orders by a 3-value status (the seeds' low-cardinality key), both in the data and in the traffic.
    const statuses = ['STATUS#PENDING', 'STATUS#SHIPPED', 'STATUS#DELIVERED'];
    const model = {
      version: 2, name: 'Orders by status',
      tables: [{
        definition: {
          TableName: 'Orders', BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'status', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
          GlobalSecondaryIndexes: [{ IndexName: 'ByStatus', KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
        },
        items: Array.from({ length: 30 }, (_, i) => ({ PK: { S: `ORDER#${i}` }, status: { S: statuses[i % 3] } })),
      }],
      workloads: [{
        name: 'Orders', seed: 4, duration_seconds: 5,
        patterns: [{
          name: 'place-order', table: 'Orders', op: 'PutItem', key: { PK: 'ORDER#{orderId}' },
          item: { status: { S: 'STATUS#{PENDING|SHIPPED|DELIVERED}' } }, item_bytes: 300, key_count: 1000000,
          rate: { shape: 'constant', per_second: 3600 },
        }],
      }],
    };
    await openWithModel(page, model, 'Heat');
    await runOwnModel(page);
    await page.getByRole('tab', { name: 'Access patterns' }).click();
    const heat = page.locator('[data-testid=finding][data-finding-id="low-cardinality-key:heat:Orders/ByStatus"]');
    const data = page.locator('[data-testid=finding][data-finding-id="low-cardinality-key:Orders/ByStatus"]');
    await expect(heat.getByTestId('finding-title')).toHaveText(/^The simulator throttled [\d,]+ requests on key STATUS#/);
    await expect(data.getByTestId('finding-title')).toHaveText('status has 3 values for 30 items');

    // Dismiss the heat finding (keyboard: the reason, then Enter): the data finding stays open.
    await heat.getByTestId('finding-dismiss').click();
    await heat.getByTestId('finding-reason').fill('a load test, not production traffic');
    await page.keyboard.press('Enter');
    await expect(heat).toHaveCount(0);
    await expect(data).toBeVisible();
    await expect(page.locator('[data-testid=dismissed-finding][data-finding-id="low-cardinality-key:heat:Orders/ByStatus"]')).toHaveCount(1);
    await expect.poll(async () => ((await savedModel(page)) as { dismissedFindings?: unknown[] } | null)?.dismissedFindings ?? [])
      .toEqual([{ finding: 'low-cardinality-key:heat:Orders/ByStatus', reason: 'a load test, not production traffic' }]);

    // And the other way round: restore it, dismiss the data finding, the heat finding stays.
    await page.getByTestId('advisor-dismissed').locator('summary').click();
    await page.getByTestId('finding-restore').click();
    await expect(heat).toBeVisible();
    await data.getByTestId('finding-dismiss').click();
    await data.getByTestId('finding-reason').fill('few orders yet');
    await data.getByTestId('finding-dismiss-confirm').click();
    await expect(data).toHaveCount(0);
    await expect(heat).toBeVisible();
  });

  test('a seed scenario’s heat names the scenario’s tables, not the model’s: it gives the model no findings', async ({ page }) => {
    test.slow();
    await openWithModel(page, ECOMMERCE, 'Heat');
    await page.getByTestId('scenario-latest-posts').click();
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 30_000 });
    // The scenario throttles (its constant ALL_POSTS key)…
    await expect(page.getByTestId('base-throttled')).not.toHaveText('0');

    await page.getByRole('tab', { name: 'Access patterns' }).click();
    // …which is not this model's: the advisor says why it does not read that heat, and finds nothing.
    await expect(page.getByTestId('advisor-heat')).toHaveText('The Heat tab\'s run of the scenario “Latest posts on a constant GSI key” simulates the scenario\'s own tables, so its heat is not read here: run “Use my model” for heat on this design.');
    await expect(page.getByTestId('finding')).toHaveCount(0);
    await expect(page.getByTestId('advisor-summary')).toHaveText('No findings: the design avoids every anti-pattern the advisor checks.');
  });

  test('the write form: an UpdateItem with a {placeholder} runs with its sample value and is saved as a pattern', async ({ page }) => {
    await openWithModel(page, ECOMMERCE, 'Query');
    await page.getByTestId('q-mode-write').click();
    await page.getByTestId('w-table').selectOption('Shop');
    await page.getByTestId('w-item').fill('{"PK": {"S": "USER#{userId}"}, "SK": {"S": "ORDER#o-001"}}');
    await expect(page.getByTestId('q-samples')).toBeVisible();
    await page.getByTestId('q-samples').fill('userId=u1');
    await page.getByTestId('w-run').click();
    await expect(page.getByTestId('q-status')).toContainText('200 OK');
    expect(JSON.parse((await page.getByTestId('q-body').textContent()) ?? '{}').Attributes.status).toEqual({ S: 'SHIPPED' });
    await page.getByTestId('q-save-pattern').click();
    await page.getByTestId('q-pattern-name').fill('Ship an order');
    await page.getByTestId('q-pattern-name').press('Enter');
    await expect(page.getByTestId('q-pattern-saved')).toContainText('Saved as “Ship an order”');
    await page.getByTestId('q-pattern-show').click();
    await expect(row(page, 'Ship an order')).toBeVisible();
    await expect(row(page, 'Ship an order').getByTestId('pattern-key')).toContainText('USER#u1');
  });

  test('the analysis runs only while the tab is visible, and on every change while it is', async ({ page }) => {
    await openWithModel(page, ECOMMERCE, 'Access patterns');
    await expect(page.getByTestId('pattern-coverage')).toHaveText('5 of 5 patterns served by a single request');
    await page.getByRole('tab', { name: 'Items' }).click();
    await page.getByTestId('edit-table').click();
    await page.getByTestId('designer').getByTestId('gsi-0-remove').click();
    await page.getByTestId('designer').getByTestId('designer-save').click();
    await expect(page.getByTestId('designer')).toBeHidden();
    // Hidden, the tab still shows its last analysis: nothing was re-run for the edit.
    await page.waitForTimeout(300);
    await expect(page.getByTestId('pattern-coverage')).toHaveText('5 of 5 patterns served by a single request');
    await page.getByRole('tab', { name: 'Access patterns' }).click();
    await expect(page.getByTestId('pattern-coverage')).toHaveText('3 of 5 patterns served by a single request');
    await page.getByTestId('undo').click();
    await expect(page.getByTestId('pattern-coverage')).toHaveText('5 of 5 patterns served by a single request');
    await expect(page.getByTestId('finding')).toHaveCount(0);
  });
});
