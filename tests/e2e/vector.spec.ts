// Vector indexes in the playground: the table designer adds one (with CreateTable's own refusals), the
// vector search template opens, and the Query tab's Vector search form lists the nearest products with
// each one's distance, narrowed by an inline filter.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, openPlayground } from './helpers/fixtures';

const TEMPLATE = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../engine/tests/data/models/gallery/vector-search.json'), 'utf8'),
);

test('the designer adds a vector index, shows DynamoDB\'s refusals, and keeps the index when the table is edited', async ({ page }) => {
  await openPlayground(page);
  await page.getByTestId('new-table').click();
  const designer = page.getByTestId('designer');
  await designer.getByTestId('table-name').fill('Docs');
  await designer.getByTestId('add-vector').click();
  await expect(designer.getByTestId('vector-0-name')).toHaveValue('VectorIndex1');
  await expect(designer.getByTestId('vector-0-attribute')).toHaveValue('embedding');
  await designer.getByTestId('vector-0-dimensions').fill('5000');
  await expect(designer.getByTestId('error-general')).toContainText('Number of dimensions must be between 1 and 4096 inclusive.');
  await expect(designer.getByTestId('designer-save')).toBeDisabled();
  await designer.getByTestId('vector-0-dimensions').fill('3');
  await designer.getByTestId('billing-mode').selectOption('PROVISIONED');
  await expect(designer.getByTestId('error-general')).toContainText('Vector indexes are only supported for PAY_PER_REQUEST tables');
  await designer.getByTestId('billing-mode').selectOption('PAY_PER_REQUEST');
  await designer.getByTestId('vector-0-distance').selectOption('EUCLIDEAN');
  await designer.getByTestId('vector-0-filters').fill('lang');
  await expect(designer.getByTestId('error-general')).toBeHidden();
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  await expect(page.getByTestId('table-Docs')).toBeVisible();

  // Editing the table again shows the index as it was saved.
  await page.getByTestId('edit-table').click();
  await expect(designer.getByTestId('vector-0-dimensions')).toHaveValue('3');
  await expect(designer.getByTestId('vector-0-distance')).toHaveValue('EUCLIDEAN');
  await expect(designer.getByTestId('vector-0-filters')).toHaveValue('lang');
  await designer.getByTestId('designer-cancel').click();

  // The Query tab offers it.
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-mode-vector').click();
  await expect(page.getByTestId('v-index')).toHaveValue('Docs / VectorIndex1');
  await expect(page.getByTestId('v-hint')).toHaveText('The index VectorIndex1 compares the embedding attribute, a list of 3 numbers, by the EUCLIDEAN distance.');
});

test('the vector search template: the nearest products first with their distances, then one aisle', async ({ page }) => {
  await page.goto('/?template=vector-search');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('model-name')).toHaveText(TEMPLATE.name);
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-mode-vector').click();
  await expect(page.getByTestId('v-index')).toHaveValue('Products / ByTaste');

  // A sweet, cold taste: the frozen desserts, nearest first (cosine distances by hand: frozen yogurt
  // 0.0002, vanilla ice cream 0.002, lemon sorbet 0.02).
  await page.getByTestId('v-vector').fill('0.7, 0, 0, 0.9');
  await page.getByTestId('v-topk').fill('3');
  await page.getByTestId('v-run').click();
  const results = page.getByTestId('v-results');
  await expect(results.locator('tbody tr')).toHaveCount(3);
  await expect(results.getByTestId('v-result-1')).toContainText('Frozen yogurt');
  await expect(results.getByTestId('v-result-2')).toContainText('Vanilla ice cream');
  await expect(results.getByTestId('v-result-3')).toContainText('Lemon sorbet');
  await expect(results.locator('thead')).toContainText('Cosine distance (0 is the same direction, 2 the opposite)');
  const scores = await results.locator('[data-testid^=v-score-]').allTextContents();
  const numbers = scores.map(Number);
  expect(numbers.every((n) => n >= 0 && n < 0.05)).toBe(true);
  expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  await expect(page.getByTestId('q-status')).toContainText('200 OK');

  // The inline filter: the snack nearest that taste is the chocolate bar.
  await page.getByTestId('v-schema-0').fill('snack');
  await page.getByTestId('v-topk').fill('1');
  await page.getByTestId('v-run').click();
  await expect(results.locator('tbody tr')).toHaveCount(1);
  await expect(results.getByTestId('v-result-1')).toContainText('Chocolate bar');

  // A vector of the wrong length gets DynamoDB's message.
  await page.getByTestId('v-vector').fill('1, 2');
  await page.getByTestId('v-run').click();
  await expect(page.getByTestId('q-status')).toContainText('ValidationException');
  await expect(page.getByTestId('query-view')).toContainText('Input search vector dimension 2 does not match vector index dimension 4');
});
