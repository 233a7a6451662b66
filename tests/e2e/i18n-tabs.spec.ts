import { test, expect } from './helpers/fixtures';
import type { Locator, Page } from '@playwright/test';
import { join } from 'node:path';

// The Query, Heat and Access patterns tabs and the lesson panel in Turkish (`?lang=tr`): their own words are
// Turkish (none of the English ones below is left), numbers are written the Turkish way, and what the
// playground sends or generates (request JSON, SDK code) is the same in both languages.
//
// What the crates say (advisor findings, capacity lines, scenario descriptions, the lessons' own text) comes
// in Turkish from the crates' message tables and is not checked here.

/** Words of each part in English: none may show in Turkish. */
const ENGLISH = {
  query: [
    'Request mode', 'Operation', 'Filter expression', 'Projection expression', 'Attribute names (JSON)',
    'Attribute values (JSON)', 'Next page', 'Request JSON', 'Save as access pattern', 'Clock, Time to Live and Streams',
    'Playground clock', 'TTL attribute', 'Stream view', 'Enable TTL on', 'Enable stream on', 'Operation log',
    'in total (table + indexes)', 'Re-run', 'Open in builder', 'Response body', 'item(s) shown', 'items, returned',
    'Copy', 'local dynamodel-server', 'Run a request to see',
  ],
  heat: [
    'Replay traffic against a design', 'Use my model', 'Run simulation', 'Workload', 'duration (s)', 'Add access pattern',
    'Remove pattern', 'Current design', 'requests', 'served', 'GSI write amplification', 'on-demand / month',
    'Simulated by the sim crate', 'throttled by', 'What if', 'Write sharding', 'Different GSI key', 'Monthly cost estimate',
    'per million write request units', 'Partition heat over time', 'Numbers behind this chart', 'Point at the chart',
    'Export PNG', 'Why rows change', 'At this run', 'keyed on',
  ],
  patterns: [
    'Access patterns', 'Key condition', 'Read → returned', 'Capacity (table + indexes)', 'Entities', 'Status', 'Actions',
    'Open in builder', 'Edit', 'Delete', 'List every request the application makes', 'Advisor', 'Dismiss',
  ],
  lesson: ['Lessons', 'Guided exercises', 'steps', 'Start', 'Step ', ' of ', 'checks pass', 'All checks pass', 'Show solution', 'Reset step', 'Previous', 'Next', 'Finish', 'Lesson complete', 'More lessons', 'Back to the last step', 'Hint'],
};

async function noEnglish(part: Locator, words: string[]) {
  const text = await part.innerText();
  const left = words.filter((w) => text.includes(w));
  expect(left, `English left in:\n${text}`).toEqual([]);
}

/** The playground in Turkish with the engine's e-commerce test model open. */
async function openShopInTurkish(page: Page, file = 'ecommerce.json') {
  await page.goto('/?lang=tr');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await page.getByTestId('file-input').setInputFiles(join(__dirname, '../../engine/tests/data/models', file));
  await expect(page.getByTestId('table-Shop')).toBeVisible();
}

test('the Query tab in Turkish: its words, and the same request JSON and code in both languages', async ({ page }) => {
  await openShopInTurkish(page);
  await page.getByTestId('tab-query').click();
  const tab = page.getByTestId('query-view');
  await expect(page.getByTestId('q-results-empty')).toHaveText('Bir isteğin neyi okuduğunu, ne döndürdüğünü ve neye mal olduğunu görmek için onu çalıştırın.');
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-sort-op').selectOption('begins_with');
  await page.getByTestId('q-sk').fill('ORDER#');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await expect(page.getByTestId('q-read-line')).toHaveText('2 öğe okundu, 2 döndü');
  await expect(page.getByTestId('q-run')).toHaveText('Çalıştır');
  for (const part of [tab.getByTestId('q-builder'), page.getByTestId('q-summary'), tab.locator('.q-clock'), tab.locator('.q-log'), tab.locator('.q-code > .q-row'), tab.locator('.q-modes')]) {
    await noEnglish(part, ENGLISH.query);
  }
  const json = await page.getByTestId('q-json').inputValue();
  const code = await page.getByTestId('q-code').innerText();

  // The same request and code once the page is in English.
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(page.getByTestId('q-read-line')).toHaveText('read 2 items, returned 2');
  expect(await page.getByTestId('q-json').inputValue()).toBe(json);
  expect(await page.getByTestId('q-code').innerText()).toBe(code);
});

test('the Heat tab in Turkish: its words, and figures written 10.000', async ({ page }) => {
  await openShopInTurkish(page);
  await page.getByTestId('tab-heat').click();
  await expect(page.getByTestId('heat-tab')).toBeVisible();
  await expect(page.getByTestId('heat-use-model')).toHaveText('Modelimi kullan');
  await page.getByTestId('scenario-latest-posts').click();
  await expect(page.getByTestId('heat-source')).toContainText('Sabit GSI anahtarında son gönderiler');
  await expect(page.getByTestId('heat-source')).toContainText('20 saniyede: 30.000 istek, 20.000 karşılanan, 10.000 kısıtlanan.');
  await page.getByTestId('heat-run').click();
  await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 20_000 });
  // Thousands grouped with a dot, as Turkish writes them; money with a decimal comma.
  await expect(page.getByTestId('base-requests')).toHaveText(/^\d{1,3}(\.\d{3})+$/);
  await expect(page.getByTestId('base-on-demand')).toHaveText(/^\$[\d.]+,\d\d$/);
  await expect(page.getByTestId('base-reasons')).toContainText('GSI geri basıncı (back-pressure) nedeniyle kısıtlandı');
  await page.getByTestId('whatif-on-demand').click();
  await expect(page.getByTestId('variant-summary')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('whatif-words')).toContainText('Bu çalıştırmanın hızıyla bir aylık maliyet');
  await expect(page.getByTestId('table-base-heatmap').locator('thead')).toContainText('bölüm');
  const tab = page.getByTestId('heat-tab');
  for (const part of [
    tab.locator('.heat-sources'), tab.getByTestId('heat-source'), tab.locator('.heat-run'), tab.getByTestId('workload-editor'), tab.getByTestId('base-summary'),
    tab.getByTestId('whatif'), tab.getByTestId('cost'),
  ]) {
    await noEnglish(part, ENGLISH.heat);
  }
});

test('the Access patterns tab in Turkish', async ({ page }) => {
  // The gallery's e-commerce model, with its access patterns.
  await openShopInTurkish(page, 'gallery/ecommerce.json');
  await page.getByTestId('tab-patterns').click();
  const tab = page.getByTestId('patterns-tab');
  await expect(tab.locator('.pat-title').first()).toHaveText('Erişim desenleri');
  await expect(page.getByTestId('pattern-table').locator('thead')).toContainText('Anahtar koşulu');
  await noEnglish(tab.locator('.pat-head .pat-title'), ENGLISH.patterns);
  await noEnglish(tab.locator('.pat-tools'), ENGLISH.patterns);
  await noEnglish(tab.locator('.pat-head + p'), ENGLISH.patterns);
  await noEnglish(page.getByTestId('pattern-table').locator('thead'), ENGLISH.patterns);
  await noEnglish(page.getByTestId('pattern-table').locator('.pat-actions').first(), ENGLISH.patterns);
  await expect(page.getByTestId('advisor').locator('#advisor-title')).toHaveText('Danışman');
});

test('a learner follows a built-in lesson in Turkish from start to finish', async ({ page }) => {
  await page.goto('/?lang=tr');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('lessons-open')).toHaveText('Dersler');
  await page.getByTestId('lessons-open').click();
  const picker = page.getByTestId('lesson-picker');
  await expect(page.getByTestId('lesson-start-keys-and-collections')).toHaveText('Başla');
  for (const part of [picker.locator('.lsn-picker-head'), picker.locator('.lsn-pick-actions').first(), picker.locator('.lsn-pick-meta').first()]) {
    await noEnglish(part, ENGLISH.lesson);
  }
  // The lesson itself is the Turkish file of the course, not only the panel around it.
  await expect(picker).toContainText('Anahtarlar, öğe koleksiyonları ve sıralama');
  await expect(picker).not.toContainText('Keys, item collections and sort order');
  await page.getByTestId('lesson-start-keys-and-collections').click();
  const panel = page.getByTestId('lesson-panel');
  await expect(page.getByTestId('lesson-title')).toHaveText('Anahtarlar, öğe koleksiyonları ve sıralama');
  await expect(page.getByTestId('lesson-step-title')).toHaveText('Tek partition key, birçok öğe');
  const counter = page.getByTestId('lesson-step-count');
  await expect(counter).toHaveText(/^Adım 1 \/ \d+$/);
  const n = Number(/\/ (\d+)/.exec((await counter.textContent()) ?? '')![1]);
  for (let i = 1; i <= n; i++) {
    await expect(counter).toHaveText(`Adım ${i} / ${n}`);
    await expect(page.locator('[data-testid=lesson-check][data-state=running]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('lesson-solution')).toHaveText('Çözümü göster');
    await expect(page.getByTestId('lesson-reset')).toHaveText('Adımı sıfırla');
    await page.getByTestId('lesson-solution').click();
    await expect(page.getByTestId('lesson-refusal')).toHaveCount(0);
    const total = await page.getByTestId('lesson-check').count();
    await expect(page.locator('[data-testid=lesson-check][data-state=pass]')).toHaveCount(total, { timeout: 30_000 });
    await expect(page.getByTestId('lesson-step-status')).toHaveText(total ? 'Tüm kontroller geçiyor: bu adım tamam.' : 'Bu adımın kontrolü yok: okuyun, sonra devam edin.');
    await expect(page.getByTestId('lesson-next')).toHaveText(i === n ? 'Bitir' : 'Sonraki →');
    for (const part of [panel.locator('.lsn-actions'), panel.locator('.lsn-nav'), page.getByTestId('lesson-step-status')]) {
      await noEnglish(part, ENGLISH.lesson);
    }
    await page.getByTestId('lesson-next').click();
  }
  await expect(page.getByTestId('lesson-complete')).toContainText('Ders tamamlandı');
  await expect(page.getByTestId('lesson-complete')).toContainText(`${n} adımın ${n} tanesinin kontrolleri geçti`);
  await noEnglish(page.getByTestId('lesson-complete'), ENGLISH.lesson.filter((w) => w !== 'Start'));
});
