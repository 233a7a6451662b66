import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';

// The Heat tab's simulator faults and its partition model document in the page's language: the simulator
// keeps its faults as message keys (sim/src/error_words.rs), so a learner reading in Turkish sees a Turkish
// sentence beside the field, with the template they typed quoted as it is; the document behind the lead's
// link is docs/partition-model.tr.md in Turkish and docs/partition-model.md in English.

const TEMPLATE = 'PK=POST#{postId; SK=POST#{postId}';

async function openHeat(page: Page, lang: 'en' | 'tr') {
  await page.goto(`/?lang=${lang}`);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByTestId('tab-heat').click();
  await expect(page.getByTestId('heat-tab')).toBeVisible();
  await page.getByTestId('scenario-latest-posts').click();
}

/** A key template without its closing brace and a zipf exponent out of range, refused beside their fields. */
async function refuse(page: Page) {
  await page.getByTestId('input-p0-key').fill(TEMPLATE);
  await page.getByTestId('heat-run').click();
  await expect(page.getByTestId('input-p0-key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('base-summary')).toHaveCount(0);
}

test('in Turkish a template the simulator refuses is explained in Turkish beside the key field', async ({ page }) => {
  await openHeat(page, 'tr');
  await refuse(page);
  await expect(page.getByTestId('error-p0-key')).toHaveText("'POST#{postId' şablonu: '{' ile açılan yer tutucu '}' ile kapanmıyor");

  // The distribution's own check: the exponent's range in Turkish.
  await page.getByTestId('input-p0-key').fill('PK=POST#{postId}; SK=POST#{postId}');
  await page.getByTestId('input-p0-distribution').selectOption('zipf');
  await page.getByTestId('input-p0-dist').fill('20');
  await page.getByTestId('heat-run').click();
  await expect(page.getByTestId('error-p0-dist')).toHaveText('zipf: s, 0 ile 10 arasında bir sayı olmalı');

  // Switching the language re-renders the same fault in English, without running again.
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(page.getByTestId('error-p0-dist')).toHaveText('zipf: s must be a number from 0 to 10');
});

test('in English the same template fault reads as the simulator says it', async ({ page }) => {
  await openHeat(page, 'en');
  await refuse(page);
  await expect(page.getByTestId('error-p0-key')).toHaveText("template 'POST#{postId': '{' without '}'");
});

test('the partition model document opens in Turkish, and in English after switching', async ({ page }) => {
  await openHeat(page, 'tr');
  const link = page.getByTestId('heat-model-doc');
  await expect(link).toHaveText('docs/partition-model.tr.md');
  await expect(page.locator('.heat-sources')).not.toContainText('How the simulator models partitions');
  await link.click();
  const doc = page.getByTestId('heat-model-doc-panel');
  await expect(doc).toHaveAttribute('open', '');
  await expect(doc.locator('summary')).toHaveText("Simülatör partition'ları nasıl modelliyor (docs/partition-model.tr.md)");
  await expect(doc.locator('h1')).toHaveText('Partition modeli');
  await expect(doc.locator('h2', { hasText: 'Partition başına throughput' })).toBeVisible();
  await expect(doc).toContainText('okumalar + 3 × yazmalar ≤ 3.000');
  await expect(doc).not.toContainText('Throughput per partition');
  // DynamoDB's own messages stay English inside the Turkish text.
  await expect(doc).toContainText('Throughput exceeds the current capacity of your table or index.');

  await page.getByTestId('lang-switch').selectOption('en');
  await expect(doc.locator('summary')).toHaveText('How the simulator models partitions (docs/partition-model.md)');
  await expect(doc.locator('h2', { hasText: 'Throughput per partition' })).toBeVisible();
  await expect(doc).toContainText('reads + 3 × writes ≤ 3,000');
});
