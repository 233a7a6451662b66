import * as fs from 'node:fs';
import * as path from 'node:path';
import { test, expect } from './helpers/fixtures';
import type { Page } from '@playwright/test';
import { serve } from './helpers/travel';

// Lessons end to end: every built-in lesson walked from its first step to its end through the panel,
// following its own solutions; the complete example of docs/lesson-format.md opened by URL; a bad
// lesson file shown with its line and reason; the panel as a drawer in a 420 px embed, by keyboard.

const COURSE = path.join(__dirname, '../../lessons/course');
const courseIds = fs
  .readdirSync(COURSE)
  .filter((f) => /^\d\d-[a-z0-9-]+\.md$/.test(f))
  .sort()
  .map((f) => /^id:\s*([a-z0-9-]+)\s*$/m.exec(fs.readFileSync(path.join(COURSE, f), 'utf8'))![1]);

/** The complete example of docs/lesson-format.md: the first ````markdown block. */
function formatExample(): string {
  const doc = fs.readFileSync(path.join(__dirname, '../../docs/lesson-format.md'), 'utf8');
  const m = /^````markdown\n([\s\S]*?)^````$/m.exec(doc);
  if (!m) throw new Error('docs/lesson-format.md has no ````markdown example');
  return m[1];
}

/** Wait until no check of the step is still waiting for the simulator. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-testid=lesson-check][data-state=running]')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Walk the open lesson from its current step to the end: on each step the goals fail at the start (the
 * kept checks hold), Show solution turns every check green, Next goes on; Finish ends the lesson.
 */
async function walk(page: Page): Promise<number> {
  const counter = page.getByTestId('lesson-step-count');
  await expect(counter).toHaveText(/^Step 1 of \d+$/);
  const n = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')![1]);
  for (let i = 1; i <= n; i++) {
    await expect(counter).toHaveText(`Step ${i} of ${n}`);
    const checks = page.getByTestId('lesson-check');
    await settled(page);
    const total = await checks.count();
    const kept = await page.locator('[data-testid=lesson-check]:has(.lsn-kept)').count();
    // Every goal fails at the start of its step; a kept check already holds.
    await expect(page.locator('[data-testid=lesson-check][data-state=fail]:not(:has(.lsn-kept))')).toHaveCount(total - kept);
    await expect(page.locator('[data-testid=lesson-check][data-state=pass]:has(.lsn-kept)')).toHaveCount(kept);
    await page.getByTestId('lesson-solution').click();
    await expect(page.getByTestId('lesson-refusal')).toHaveCount(0);
    await settled(page);
    await expect(page.locator('[data-testid=lesson-check][data-state=pass]')).toHaveCount(total, { timeout: 30_000 });
    await expect(page.getByTestId('lesson-step-status')).toHaveText(total ? 'All checks pass: this step is done.' : 'This step has no checks: read it, then go on.');
    await expect(page.getByTestId('lesson-next')).toHaveText(i === n ? 'Finish' : 'Next →');
    await page.getByTestId('lesson-next').click();
  }
  await expect(page.getByTestId('lesson-complete')).toContainText(`the checks of ${n} of ${n} steps have passed`);
  return n;
}

test.describe('every built-in lesson', () => {
  test.describe.configure({ mode: 'parallel' });
  test('the course has at least ten lessons', () => {
    expect(courseIds.length).toBeGreaterThanOrEqual(10);
  });
  for (const id of courseIds) {
    test(`${id}: completed start to finish by following its own steps and solutions`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto(`/?lesson=${id}`);
      await expect(page.getByTestId('lesson-title')).not.toBeEmpty();
      const n = await walk(page);
      // The progress is kept in the browser: every step done.
      const progress = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), `dynamodel.lesson.${id}`);
      expect(progress.done).toHaveLength(n);
    });
  }
});

test('the Lessons button lists the course and starts a lesson; Undo takes a solution back', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await page.getByTestId('lessons-open').click();
  const picker = page.getByTestId('lesson-picker');
  await expect(picker.locator('[data-testid^=lesson-pick-]')).toHaveCount(courseIds.length);
  await expect(page.getByTestId('lesson-start-keys-and-collections')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await page.getByTestId('lessons-open').click();
  await page.getByTestId('lesson-start-sparse-indexes').click();
  await expect(page.getByTestId('lesson-title')).toHaveText('Sparse indexes');
  await expect(page.getByTestId('model-name')).toHaveText('Multi-level menu: sparse active GSI and by-parent GSI');
  await settled(page);
  const failing = page.locator('[data-testid=lesson-check][data-state=fail]');
  await expect(failing).toHaveCount(2);
  await page.getByTestId('lesson-solution').click();
  await expect(failing).toHaveCount(0);
  // The modeler's Undo brings the learner's model back.
  await page.getByTestId('undo').click();
  await expect(failing).toHaveCount(2);
});

test("docs/lesson-format.md's complete example opens by URL and can be completed", async ({ page }) => {
  const files = await serve({ '/workshop/sparse-menu.md': { type: 'text/markdown; charset=utf-8', body: formatExample(), cors: true } });
  try {
    await page.goto(`/?lesson=${encodeURIComponent(`${files.url}/workshop/sparse-menu.md`)}`);
    await expect(page.getByTestId('lesson-title')).toHaveText('Only the active menu items');
    expect(await walk(page)).toBe(2);
  } finally {
    await files.close();
  }
});

test("a model file's lesson member opens its panel with the model (?model=<url>), and its solution is undoable", async ({ page }) => {
  const menu = JSON.parse(fs.readFileSync(path.join(__dirname, '../../engine/tests/data/models/gallery/menu.json'), 'utf8'));
  const model = {
    ...menu,
    lesson: {
      id: 'menu-ttl',
      lang: 'en',
      title: 'Expire old menu items',
      summary: 'Turn on time to live.',
      introduction: 'This model carries its own exercise.',
      steps: [
        {
          id: 'ttl',
          title: 'Turn on time to live',
          instructions: 'Let **TenantMenu** expire items by `expiresAt`.',
          hints: ['Time to live is a table setting: it names one attribute.'],
          checks: [
            { id: 'ttl-on', check: 'table TenantMenu expires items by expiresAt' },
            { id: 'keyed', check: 'table TenantMenu is keyed PK:S, SK:S', kept: true },
          ],
          solution: [{ timeToLive: { table: 'TenantMenu', attribute: 'expiresAt' } }],
        },
      ],
    },
  };
  const files = await serve({ '/workshop/menu.json': { type: 'application/json', body: JSON.stringify(model), cors: true } });
  try {
    await page.goto(`/?model=${encodeURIComponent(`${files.url}/workshop/menu.json`)}`);
    await expect(page.getByTestId('model-name')).toHaveText(menu.name);
    await expect(page.getByTestId('lesson-title')).toHaveText('Expire old menu items');
    await expect(page.getByTestId('lesson-introduction')).toHaveText('This model carries its own exercise.');
    const check = (id: string) => page.locator(`[data-testid=lesson-check][data-check=${id}]`);
    await expect(check('ttl-on')).toHaveAttribute('data-state', 'fail');
    await expect(check('ttl-on')).toContainText('TenantMenu has no time to live; expected it on expiresAt.');
    await expect(check('keyed')).toHaveAttribute('data-state', 'pass');
    await page.getByTestId('lesson-solution').click();
    await expect(check('ttl-on')).toHaveAttribute('data-state', 'pass');
    await page.getByTestId('undo').click();
    await expect(check('ttl-on')).toHaveAttribute('data-state', 'fail');
    await expect(page.getByTestId('model-name')).toHaveText(menu.name);
    expect(await walk(page)).toBe(1);
  } finally {
    await files.close();
  }
});

test('a bad lesson file is shown with its line and reason', async ({ page }) => {
  const bad = formatExample().replace('reads-five: pattern "A tenant\'s active items" reads at most 5 items', 'reads-five: pattern "A tenant\'s active items" reads at most five items');
  const lineOfFault = bad.split('\n').findIndex((l) => l.startsWith('reads-five:')) + 1;
  const files = await serve({ '/bad.md': { type: 'text/markdown', body: bad, cors: true } });
  try {
    await page.goto(`/?lesson=${encodeURIComponent(`${files.url}/bad.md`)}`);
    const error = page.getByTestId('lesson-error');
    await expect(error).toContainText(`The lesson at ${files.url}/bad.md was not opened.`);
    await expect(page.getByTestId('lesson-error-place')).toHaveText(`Line ${lineOfFault}`);
    await expect(page.getByTestId('lesson-error-reason')).toHaveText('Expected a whole number, found “five”.');
    await expect(page.getByTestId('lesson-title')).toHaveCount(0);
    // The page itself works on: the gallery is there to start from.
    await expect(page.getByTestId('app-shell')).toBeVisible();
  } finally {
    await files.close();
  }
  await page.goto('/?lesson=javascript:alert(1)');
  await expect(page.getByTestId('lesson-error-reason')).toContainText('only fetched over http or https');
});

test('in a 420 px embed the lesson is a drawer that opens at ?step=N and works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 760 });
  await page.goto('/?embed=1&lesson=hot-partition&step=3');
  const panel = page.getByTestId('lesson-panel');
  await expect(panel).toHaveAttribute('data-open', 'true');
  await expect(page.getByTestId('lesson-step-count')).toBeHidden();
  const toggle = page.getByTestId('lesson-drawer-toggle');
  await expect(toggle).toContainText('Step 3 of 4');
  await expect(page.getByTestId('lesson-step-title')).toHaveText('Shard the key');
  // The drawer fits the frame.
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(420);
  expect(box.y + box.height).toBeLessThanOrEqual(761);
  // Show solution by keyboard.
  await page.getByTestId('lesson-solution').focus();
  await page.keyboard.press('Enter');
  await settled(page);
  await expect(page.locator('[data-testid=lesson-check][data-state=fail]')).toHaveCount(0, { timeout: 30_000 });
  // Escape folds it to its bar. Folded, the simulator's checks wait: Undo changes the model, and they
  // stay unjudged until the drawer is opened again (from the keyboard).
  await page.keyboard.press('Escape');
  await expect(panel).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('lesson-instructions')).toBeHidden();
  // Undo is in the model's sidebar, which a narrow frame folds to a bar.
  await page.getByTestId('sidebar-toggle').click();
  await page.getByTestId('undo').click();
  await page.waitForTimeout(1500);
  await expect(page.locator('[data-testid=lesson-check][data-state=running]')).toHaveCount(2);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('data-open', 'true');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await settled(page);
  await expect(page.locator('[data-testid=lesson-check][data-check=no-throttles]')).toHaveAttribute('data-state', 'fail');
  await page.getByTestId('redo').click();
  await settled(page);
  await expect(page.locator('[data-testid=lesson-check][data-state=fail]')).toHaveCount(0);
  await page.getByTestId('lesson-next').focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toContainText('Step 4 of 4');
  await expect(page.getByTestId('lesson-step-title')).toBeFocused();
  // An embed keeps the visitor's own autosave untouched.
  expect(await page.evaluate(() => localStorage.getItem('dynamodel.modeler.autosave'))).toBeNull();
});
