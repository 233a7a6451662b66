import { test, expect } from './helpers/fixtures';
import { openTemplate, savedModel } from './helpers/travel';
import type { Page } from '@playwright/test';

// Words the playground shows that come from the crates: a template's access patterns in Turkish while
// they are as the template wrote them (the model keeps its own English text, so links and exports do not
// change with the language), and the Query builder's reason a multi-attribute key condition is refused,
// in each language.

/** The playground in `lang`, with its gallery open (a first visit opens it). */
async function openIn(page: Page, lang: 'tr' | 'en') {
  await page.goto(`/?lang=${lang}`);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test("a template's access patterns are shown in Turkish until the learner edits them", async ({ page }) => {
  await openIn(page, 'tr');
  // The gallery card names the patterns in Turkish before the template is opened.
  const card = page.getByTestId('gallery-card-adjacency-list');
  await card.locator('.gal-patterns summary').click();
  await expect(card.locator('.gal-patterns li')).toHaveText(['Bir kullanıcının grupları', 'Bir grubun üyeleri', 'Kullanıcı bu grupta mı?']);
  await openTemplate(page, 'adjacency-list');
  await page.getByTestId('tab-patterns').click();
  const rows = page.getByTestId('pattern-row');
  await expect(rows.getByTestId('pattern-name-shown')).toHaveText(['Bir kullanıcının grupları', 'Bir grubun üyeleri', 'Kullanıcı bu grupta mı?']);
  const members = rows.filter({ has: page.getByTestId('pattern-name-shown').getByText('Bir grubun üyeleri') });
  await expect(members.getByTestId('pattern-description')).toHaveText("Ters dizin: Partition Key'i tablonun SK'sidir.");
  // The model's own name stays in view beside the Turkish one: the lessons and their checks quote it.
  await expect(rows.getByTestId('pattern-model-name')).toHaveText(['Groups of a user', 'Members of a group', 'Is a user in a group?']);
  // The model keeps the template's English: the Markdown export and the saved model are as in English.
  await page.getByTestId('pattern-export').click();
  await expect(page.getByTestId('pattern-markdown')).toHaveValue(/Groups of a user/);
  await page.getByTestId('pattern-export').click();
  await expect.poll(async () => ((await savedModel(page)) as { accessPatterns?: { name: string }[] } | null)?.accessPatterns?.map((p) => p.name)).toEqual([
    'Groups of a user',
    'Members of a group',
    'Is a user in a group?',
  ]);

  // A renamed pattern is the learner's own: shown as typed, its description as the model has it.
  await members.getByTestId('pattern-edit').click();
  const editor = page.getByTestId('pattern-editor');
  await expect(editor.getByTestId('pattern-name')).toHaveValue('Members of a group');
  await editor.getByTestId('pattern-name').fill('Grubun üyeleri, rolleriyle');
  await editor.getByTestId('pattern-save').click();
  await expect(editor).toBeHidden();
  await expect(rows.getByTestId('pattern-name-shown')).toHaveText(['Bir kullanıcının grupları', 'Grubun üyeleri, rolleriyle', 'Kullanıcı bu grupta mı?']);
  await expect(rows.getByTestId('pattern-model-name')).toHaveText(['Groups of a user', 'Is a user in a group?']);
  const renamed = rows.filter({ has: page.getByTestId('pattern-name-shown').getByText('Grubun üyeleri, rolleriyle') });
  await expect(renamed.getByTestId('pattern-description')).toHaveText("The inverted index: its partition key is the table's SK.");

  // The model's About lists the template's patterns in Turkish too, the renamed one as typed.
  await page.getByTestId('model-about-toggle').click();
  await expect(page.getByTestId('model-about-text').locator('li')).toHaveText([
    'Bir kullanıcının grupları',
    "Grubun üyeleri, rolleriyle: The inverted index: its partition key is the table's SK.",
    'Kullanıcı bu grupta mı?: Kenar öğesi üzerinde tek bir GetItem.',
  ]);
});

test("the advisor names a template's pattern as the pattern table does", async ({ page }) => {
  await openIn(page, 'tr');
  await openTemplate(page, 'adjacency-list');
  await page.getByTestId('tab-patterns').click();
  // Turned into a Scan, its name and description untouched: still the template's pattern, now a finding.
  await page.locator('[data-testid=pattern-row][data-name="Members of a group"]').getByTestId('pattern-edit').click();
  const editor = page.getByTestId('pattern-editor');
  await editor.getByTestId('pattern-operation').selectOption('Scan');
  await editor.getByTestId('pattern-request').fill('{"TableName": "UserGroups"}');
  await editor.getByTestId('pattern-save').click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('pattern-row').getByTestId('pattern-name-shown').nth(1)).toHaveText('Bir grubun üyeleri');
  const finding = page.locator('[data-testid=finding][data-rule=scan-in-pattern]');
  await expect(finding.getByTestId('finding-title')).toContainText('Bir grubun üyeleri');
  await expect(finding.getByTestId('finding-target')).toHaveText('“Bir grubun üyeleri” erişim deseni');
  await expect(page.getByTestId('findings')).not.toContainText('Members of a group');
});

test("the key column's words are the page's language; the condition itself is code", async ({ page }) => {
  await openIn(page, 'tr');
  await openTemplate(page, 'write-sharding');
  await page.getByTestId('tab-patterns').click();
  const keys = page.getByTestId('pattern-row').getByTestId('pattern-key');
  await expect(keys.nth(2)).toHaveText("tek bir batch'te 10 anahtar");
  await expect(keys.nth(1)).toHaveText(/^PK = /);
  await page.getByTestId('pattern-export').click();
  await expect(page.getByTestId('pattern-markdown')).toHaveValue(/10 keys in one batch/);
});

test('in English the same template shows its patterns as the model file writes them', async ({ page }) => {
  await openIn(page, 'en');
  await openTemplate(page, 'adjacency-list');
  await page.getByTestId('tab-patterns').click();
  await expect(page.getByTestId('pattern-row').getByTestId('pattern-name-shown')).toHaveText(['Groups of a user', 'Members of a group', 'Is a user in a group?']);
  await expect(page.getByTestId('pattern-description').first()).toHaveText("The inverted index: its partition key is the table's SK.");
});

const GAP = {
  tr: {
    placeholder: 'partition key değeri',
    range: [
      'DynamoDB, status üzerinde bir eşitlik koşulu olmadan dueDate üzerindeki bir koşulu reddeder',
      'indeks öğelerini nitelik nitelik sıralı tutar (status, sonra dueDate)',
    ],
    hash: 'assignee niteliğine bir değer verin: partition\'ı tenantId ve assignee niteliklerinin hepsi birlikte belirler',
  },
  en: {
    placeholder: 'partition key value',
    range: ['DynamoDB refuses a condition on dueDate without an equality on status', 'the index keeps its items sorted by status, then dueDate'],
    hash: 'Give assignee a value: the partition is all of tenantId and assignee together',
  },
};

for (const lang of ['tr', 'en'] as const) {
  test(`a gap in a multi-attribute key condition is explained in ${lang === 'tr' ? 'Turkish' : 'English'}`, async ({ page }) => {
    const words = GAP[lang];
    await openIn(page, lang);
    await openTemplate(page, 'tasks-by-assignee-status');
    await page.getByTestId('tab-query').click();
    await page.getByTestId('q-index').selectOption('ByAssigneeStatus');
    await expect(page.getByTestId('q-pk2')).toHaveAttribute('placeholder', words.placeholder);
    await page.getByTestId('q-pk').fill('acme');
    await page.getByTestId('q-pk2').fill('ana');
    const gap = page.getByTestId('q-key-gap');
    await expect(gap).toBeHidden();
    // The second sort key attribute given, the first left empty.
    await page.getByTestId('q-range-2').fill('2026-03-01');
    for (const part of words.range) await expect(gap).toContainText(part);
    // A partition key attribute left empty comes first.
    await page.getByTestId('q-pk2').fill('');
    await expect(gap).toContainText(words.hash);
    await page.getByTestId('q-pk2').fill('ana');
    await page.getByTestId('q-range-1').fill('OPEN');
    await expect(gap).toBeHidden();
  });
}
