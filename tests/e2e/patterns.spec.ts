import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './helpers/fixtures';
import { openWithModel } from './helpers/travel';
import type { Page } from '@playwright/test';

// The e-commerce template of the gallery, with its access patterns, opened as the visitor's saved model.
const ECOMMERCE = JSON.parse(readFileSync(join(__dirname, '../../engine/tests/data/models/gallery/ecommerce.json'), 'utf8'));
const PENDING = 'Pending orders, oldest first';

async function openPatterns(page: Page, model: unknown) {
  await openWithModel(page, model, 'Access patterns');
  await expect(page.getByTestId('patterns-tab')).toBeVisible();
}

const row = (page: Page, name: string) => page.locator(`[data-testid=pattern-row][data-name="${name}"]`);
const finding = (page: Page, id: string) => page.locator(`[data-testid=finding][data-finding-id="${id}"]`);

test.describe('access patterns and the advisor', () => {
  test('the template serves every pattern with one request and the advisor finds nothing', async ({ page }) => {
    await openPatterns(page, ECOMMERCE);
    await expect(page.getByTestId('pattern-coverage')).toHaveText('5 of 5 patterns served by a single request');
    await expect(page.getByTestId('pattern-row')).toHaveCount(5);
    const pending = row(page, PENDING);
    await expect(pending.getByTestId('pattern-index')).toHaveText('GSI1 (sparse)');
    await expect(pending.getByTestId('pattern-key')).toHaveText('GSI1PK = ORDER_STATUS#PENDING');
    await expect(pending.getByTestId('pattern-status')).toHaveText('✓ single request');
    await expect(pending.getByTestId('pattern-cost')).toHaveText('0.5 RCU');
    await expect(row(page, "A user's profile and orders").getByTestId('pattern-entities')).toHaveText('Order, User');
    await expect(page.getByTestId('advisor-summary')).toHaveText(/^No findings/);
  });

  test('taking GSI1 off the table breaks orders-by-status; the finding says how to fix it; undo clears both', async ({ page }) => {
    await openPatterns(page, ECOMMERCE);
    await page.getByTestId('edit-table').click();
    const designer = page.getByTestId('designer');
    await designer.getByTestId('gsi-0-remove').click();
    await designer.getByTestId('designer-save').click();
    await expect(designer).toBeHidden();

    const pending = row(page, PENDING);
    await expect(pending.getByTestId('pattern-status')).toContainText('✗ does not run');
    await expect(pending.getByTestId('pattern-error')).toHaveText('ValidationException: The table does not have the specified index: GSI1');
    await expect(page.getByTestId('pattern-coverage')).toHaveText('3 of 5 patterns served by a single request');
    const f = finding(page, `pattern-fails:pattern:${PENDING}`);
    await expect(f.getByTestId('finding-title')).toHaveText(`“${PENDING}” does not run against this design`);
    await expect(f.getByTestId('finding-fix')).toContainText('Give Shop an index GSI1 again');

    await page.getByTestId('undo').click();
    await expect(pending.getByTestId('pattern-status')).toHaveText('✓ single request');
    await expect(page.getByTestId('pattern-coverage')).toHaveText('5 of 5 patterns served by a single request');
    await expect(page.getByTestId('finding')).toHaveCount(0);
  });

  test('rewriting orders-by-status as a Scan shows ✗ and the Scan finding with its fix; Ctrl+Z undoes it', async ({ page }) => {
    await openPatterns(page, ECOMMERCE);
    const pending = row(page, PENDING);
    await pending.getByTestId('pattern-edit').click();
    const editor = page.getByTestId('pattern-editor');
    await editor.getByTestId('pattern-operation').selectOption('Scan');
    // A malformed request is refused next to the field, and nothing changes.
    await editor.getByTestId('pattern-request').fill('{"TableName": "Shop",');
    await editor.getByTestId('pattern-save').click();
    await expect(editor.getByTestId('pattern-request-error')).toContainText('Not JSON');
    await expect(pending.getByTestId('pattern-status')).toHaveText('✓ single request');
    await editor.getByTestId('pattern-request').fill(JSON.stringify({
      TableName: 'Shop',
      FilterExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': { S: '{status}' } },
    }));
    await editor.getByTestId('pattern-save').click();
    await expect(editor.getByTestId('pattern-parameters-error')).toHaveText('The request uses {status} without a sample value');
    await editor.getByTestId('pattern-parameters').fill('status=PENDING');
    await editor.getByTestId('pattern-save').click();
    await expect(editor).toBeHidden();

    await expect(pending.getByTestId('pattern-status')).toHaveText('✗ Scan or several requests');
    await expect(pending.getByTestId('pattern-key')).toHaveText('Scan, filter status = PENDING');
    await expect(pending.getByTestId('pattern-items')).toHaveText('8 → 2');
    await expect(page.getByTestId('pattern-coverage')).toHaveText('4 of 5 patterns served by a single request');
    const f = finding(page, `scan-in-pattern:pattern:${PENDING}`);
    await expect(f.getByTestId('finding-explanation')).toContainText('read 8 items to return 2');
    await expect(f.getByTestId('finding-fix')).toContainText('Make status part of a key');

    await page.getByTestId('pattern-coverage').click(); // focus out of the form: Ctrl+Z is the model's undo
    await page.keyboard.press('Control+z');
    await expect(pending.getByTestId('pattern-status')).toHaveText('✓ single request');
    await expect(page.getByTestId('finding')).toHaveCount(0);
  });

  test('a finding is dismissed with a reason that is saved in the model and restored', async ({ page }) => {
    const posts = JSON.parse(readFileSync(join(__dirname, '../../engine/tests/data/models/gallery/posts-by-tag.json'), 'utf8'));
    await openPatterns(page, posts);
    const id = 'constant-gsi-key:SocialPosts/LatestPosts';
    const f = finding(page, id);
    await expect(f.getByTestId('finding-title')).toHaveText('LatestPosts has a constant partition key (ALL_POSTS)');
    await expect(f.getByTestId('finding-fix')).toContainText('ALL_POSTS#<yyyy-mm-dd>');
    await f.getByTestId('finding-dismiss').click();
    await f.getByTestId('finding-dismiss-confirm').click();
    await expect(f.getByTestId('finding-reason-error')).toHaveText('Say why this does not apply (it is saved with the model)');
    await f.getByTestId('finding-reason').fill('Under 50 posts a day');
    await f.getByTestId('finding-reason').press('Enter');
    await expect(page.getByTestId('finding')).toHaveCount(0);
    await expect(page.getByTestId('advisor-summary')).toHaveText('No open findings (1 dismissed).');

    // Saved with the model: a reload brings the dismissal back.
    await page.waitForTimeout(400); // the autosave is written 250 ms after the last edit
    await page.reload();
    await page.getByRole('tab', { name: 'Access patterns' }).click();
    await page.getByTestId('advisor-dismissed').locator('summary').click();
    const folded = page.locator(`[data-testid=dismissed-finding][data-finding-id="${id}"]`);
    await expect(folded.getByTestId('dismissed-reason')).toHaveText('Dismissed: Under 50 posts a day');
    await folded.getByTestId('finding-restore').click();
    await expect(finding(page, id)).toBeVisible();
  });

  test('the pattern table exports as the seeds’ Markdown table', async ({ page }) => {
    await openPatterns(page, ECOMMERCE);
    await page.getByTestId('pattern-export').click();
    const md = page.getByTestId('pattern-markdown');
    await expect(md).toHaveValue(/^\| Access pattern \| Index \| Key condition \| Status \|\n\|---\|---\|---\|---\|\n/);
    await expect(md).toHaveValue(/\| A user's orders only \| Main table \| PK = USER#u1, SK begins_with ORDER# \| ✓ single request \|/);
    await expect(md).toHaveValue(/5 of 5 patterns served by a single request\n$/);
    await expect(page.getByTestId('pattern-download')).toHaveAttribute('download', 'access-patterns.md');
  });
});
