import { test, expect, openPlayground } from './helpers/fixtures';
import type { Page } from '@playwright/test';
import { openTemplate } from './helpers/travel';

/** Paste a raw request into the API console and run it. */
async function consoleRun(page: Page, action: string, body: unknown) {
  await page.getByTestId('q-mode-console').click();
  await page.getByTestId('c-action').fill(action);
  await page.getByTestId('c-body').fill(JSON.stringify(body, null, 2));
  await page.getByTestId('c-run').click();
}

const pendingOrders = {
  TableName: 'Orders',
  IndexName: 'OrdersByStatus',
  KeyConditionExpression: 'GSI1PK = :s',
  ExpressionAttributeValues: { ':s': { S: 'STATUS#PENDING' } },
};

const newOrder = {
  TableName: 'Orders',
  Item: {
    PK: { S: 'CUSTOMER#dan' }, SK: { S: 'ORDER#1005' }, Type: { S: 'ORDER' }, orderId: { S: '1005' },
    customer: { S: 'dan' }, status: { S: 'PENDING' }, placedAt: { S: '2026-03-03T10:00' }, total: { N: '12' },
    GSI1PK: { S: 'STATUS#PENDING' }, GSI1SK: { S: '2026-03-03T10:00#1005' },
  },
};

async function bodyCount(page: Page): Promise<number> {
  return JSON.parse((await page.getByTestId('q-body').textContent()) ?? '{}').Count;
}

test('the template walk-through: a GSI Query right after a write misses it, the tabs show it in flight, +1 s brings it', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'index-propagation');
  await expect(page.getByTestId('model-about')).toContainText('set the index propagation delay beside the clock');
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-propagation-delay').fill('1000');
  await page.getByTestId('q-propagation-apply').click();
  await expect(page.getByTestId('q-propagation-current')).toHaveText('A write reaches the GSIs 1000 ms after it is made.');

  await consoleRun(page, 'PutItem', newOrder);
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await consoleRun(page, 'Query', pendingOrders);
  await expect(page.getByTestId('q-propagation')).toContainText('This read of OrdersByStatus missed 1 write still propagating to it (PK=CUSTOMER#dan, SK=ORDER#1005)');
  expect(await bodyCount(page)).toBe(2);

  await page.getByTestId('tab-items').click();
  await expect(page.getByTestId('items-in-flight').getByTestId('in-flight-row')).toHaveCount(1);
  await expect(page.getByTestId('items-in-flight')).toContainText(/A write of PK=CUSTOMER#dan, SK=ORDER#1005 is propagating: it reaches OrdersByStatus at \d\d:\d\d:\d\d\.\d{3}\./);
  await page.getByTestId('tab-indexes').click();
  await expect(page.getByTestId('indexes-in-flight')).toBeVisible();
  // The index still shows the four orders it had.
  await expect(page.getByTestId('index-summary')).toContainText('4 of 5 items');

  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-clock-second').click();
  await consoleRun(page, 'Query', pendingOrders);
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('q-propagation')).toHaveCount(0);
  expect(await bodyCount(page)).toBe(3);
  await page.getByTestId('tab-indexes').click();
  await expect(page.getByTestId('indexes-in-flight')).toHaveCount(0);
  await expect(page.getByTestId('index-summary')).toContainText('5 of 5 items');
});

test('without a delay a GSI Query sees the write at once; a delay that is not a number is refused', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'index-propagation');
  await page.getByTestId('tab-query').click();
  await expect(page.getByTestId('q-propagation-current')).toHaveText('GSIs are updated with each write.');
  await consoleRun(page, 'PutItem', newOrder);
  await consoleRun(page, 'Query', pendingOrders);
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  expect(await bodyCount(page)).toBe(3);
  await expect(page.getByTestId('q-propagation')).toHaveCount(0);
  await page.getByTestId('q-propagation-delay').fill('70000');
  await page.getByTestId('q-propagation-apply').click();
  await expect(page.getByTestId('q-propagation-error')).toHaveText('The delay can be at most 60000 ms.');
});
