import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openPlayground } from './helpers/fixtures';
import { openTemplate } from './helpers/travel';

// What a learner reads in the Heat tab and the template gallery: chart labels whole at every width, every
// figure with its reason, the read-only embed without editing controls, one gallery behind the sidebar's
// examples, and a template's explanation kept within reach.

const CHARTS = ['heatmap', 'limits', 'throttles', 'burst', 'targets', 'topkeys'];
const GALLERY = join(__dirname, '../../engine/tests/data/models/gallery');
const template = (slug: string) => JSON.parse(readFileSync(join(GALLERY, `${slug}.json`), 'utf8'));

async function runScenario(page: Page, id: string) {
  await page.getByRole('tab', { name: 'Heat' }).click();
  await page.getByTestId(`scenario-${id}`).click();
  await page.getByTestId('heat-run').click();
  await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 30_000 });
}

/** Every text of chart `id`'s SVG export (the same drawing as its canvas, at the canvas's width): its
 * words, font size and box, measured by the browser. */
async function chartTexts(page: Page, id: string) {
  await expect(page.getByTestId(`canvas-${id}`)).toHaveAttribute('data-drawn', 'true');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`svg-${id}`).click()]);
  const svg = readFileSync((await download.path())!, 'utf8');
  return page.evaluate((svg) => {
    const holder = document.createElement('div');
    holder.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden';
    holder.innerHTML = svg.replace(/^<\?xml[^>]*>/, '');
    document.body.appendChild(holder);
    const el = holder.querySelector('svg')!;
    const width = Number(el.getAttribute('width'));
    const texts = [...el.querySelectorAll('text')].map((t) => {
      const b = t.getBBox();
      return { text: (t.textContent ?? '').trim(), size: parseFloat(getComputedStyle(t).fontSize), x0: b.x, x1: b.x + b.width };
    });
    holder.remove();
    return { width, texts };
  }, svg);
}

/** Every chart of `side`: no label cut with "…", no text under 11 px, every text inside the drawing. */
async function expectReadable(page: Page, side: 'base' | 'variant') {
  for (const chart of CHARTS) {
    const { width, texts } = await chartTexts(page, `${side}-${chart}`);
    expect(texts.length, chart).toBeGreaterThan(3);
    for (const t of texts) {
      expect(t.text, `${chart}: "${t.text}" is cut`).not.toContain('…');
      expect(t.size, `${chart}: "${t.text}" is ${t.size} px`).toBeGreaterThanOrEqual(11);
      expect(t.x0, `${chart}: "${t.text}" starts left of the drawing`).toBeGreaterThanOrEqual(-0.5);
      expect(t.x1, `${chart}: "${t.text}" ends past the drawing (${width} px)`).toBeLessThanOrEqual(width + 0.5);
    }
  }
}

test.describe('Heat charts: labels whole and readable', () => {
  test('in a 420 × 600 frame every chart names its rows in full (or by a key) at 11 px or more', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 600 });
    await openPlayground(page);
    await runScenario(page, 'latest-posts');
    await expectReadable(page, 'base');
    // The heat map's rows, too long for a third of the frame, go by a letter the key under it names.
    const { texts } = await chartTexts(page, 'base-heatmap');
    const words = texts.map((t) => t.text);
    expect(words).toContain('A = Social');
    expect(words).toContain('B = Social · LatestPosts');
    expect(words).toContain('B p3');
  });

  test('side by side at 1280 px, the what-if variant is drawn for its own frame, nothing cut', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPlayground(page);
    await runScenario(page, 'latest-posts');
    await page.getByTestId('whatif-fix').click();
    await expect(page.getByTestId('variant-summary')).toBeVisible({ timeout: 30_000 });
    await expectReadable(page, 'variant');
  });
});

test.describe('Heat figures say why', () => {
  test('the scenario, the seed, the 3 × weight of writes and the partition model are explained', async ({ page }) => {
    await openPlayground(page);
    await page.getByRole('tab', { name: 'Heat' }).click();
    await page.getByTestId('scenario-latest-posts').click();
    const why = page.getByTestId('heat-source');
    await expect(why).toContainText('GSI write amplification is 2.00×');
    await expect(why).not.toContainText('milli');
    await expect(why).not.toContainText('Seed 0');
    await expect(page.getByTestId('seed-hint')).toContainText('the same seed, design and workload replay exactly the same run');

    // docs/partition-model.md is a link; the document opens in the page (it is part of the app, so it
    // reads offline too).
    const link = page.getByTestId('heat-model-doc');
    await expect(link).toHaveText('docs/partition-model.md');
    await expect(link).toHaveAttribute('href', /.+/);
    await expect(page.getByTestId('heat-model-doc-panel')).not.toHaveAttribute('open', '');
    await link.click();
    const doc = page.getByTestId('heat-model-doc-panel');
    await expect(doc).toHaveAttribute('open', '');
    await expect(doc.locator('h2', { hasText: 'Throughput per partition' })).toBeVisible();
    await expect(doc).toContainText('reads + 3 × writes ≤ 3,000');

    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 30_000 });
    // RCU + 3 × WCU, with the reason.
    await expect(page.getByTestId('chart-base-topkeys')).toContainText('the weight a write has against a partition');
    await expect(page.getByTestId('chart-base-heatmap')).toContainText('one write unit uses as much of a partition as three read units');
  });

  test('the hot GSI partition moving at 10 s is told at that second, with the simulator\'s reason', async ({ page }) => {
    await openPlayground(page);
    await runScenario(page, 'latest-posts');
    const moves = page.getByTestId('moves-base-heatmap');
    await expect(moves).toContainText(
      'At 10 s, Social · LatestPosts p3 had been throttled at its ceiling for 10 seconds in a row, so adaptive capacity gave the hot key ALL_POSTS a partition of its own',
    );
    await expect(moves).toContainText('which is now p4');
    // The heat map's table agrees: ALL_POSTS's 1,000 WCU are on p3 until 9 s and on p4 from 10 s.
    const at = (row: string, second: number) =>
      page.getByTestId('table-base-heatmap').evaluate((t: HTMLTableElement, [row, second]) => {
        const r = [...t.tBodies[0].rows].find((r) => r.cells[0].textContent === row)!;
        return r.cells[Number(second) + 1].textContent;
      }, [row, second]);
    expect(await at('Social · LatestPosts p3', 9)).toBe('0 RCU, 1,000 WCU');
    expect(await at('Social · LatestPosts p4', 10)).toBe('0 RCU, 1,000 WCU');
    // Pointing at that second of the heat map says it too.
    const canvas = page.getByTestId('canvas-base-heatmap');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    for (let x = box.width * 0.3; x < box.width * 0.8; x += 2) {
      await canvas.hover({ position: { x, y: box.height * 0.3 } });
      if (/at 10 s:/.test((await page.getByTestId('hover-base-heatmap').textContent()) ?? '')) break;
    }
    await expect(page.getByTestId('hover-base-heatmap')).toContainText('at 10 s:');
    await expect(page.getByTestId('hover-base-heatmap')).toContainText('adaptive capacity gave the hot key ALL_POSTS a partition of its own');
  });

  test('the sharded what-if says its extra cost is the throttled writes it now serves, in the run\'s numbers', async ({ page }) => {
    await openPlayground(page);
    await runScenario(page, 'sharded-counter');
    await expect(page.getByTestId('base-throttled')).toHaveText('10,000');
    await page.getByTestId('whatif-fix').click();
    await expect(page.getByTestId('variant-throttled')).toHaveText('0', { timeout: 30_000 });
    const words = page.getByTestId('whatif-words');
    await expect(words).toContainText('The variant serves 10,000 requests that the current design throttled (30,000 served instead of 20,000); a throttled request consumes no capacity and costs nothing');
    await expect(words).toContainText('10,000 more WCU (30,000 instead of 20,000)');
    await expect(words).toContainText('more on-demand');
  });

  test('"Use my model" says what it builds: the model\'s reads and writes, then one write per entity', async ({ page }) => {
    await openPlayground(page);
    await openTemplate(page, 'ecommerce');
    const model = template('ecommerce');
    await page.getByRole('tab', { name: 'Heat' }).click();
    await page.getByTestId('heat-use-model').click();
    const why = page.getByTestId('heat-source');
    const reads = model.accessPatterns.filter((p: { operation: string }) => ['GetItem', 'Query', 'Scan'].includes(p.operation)).length;
    const writes = model.accessPatterns.length - reads;
    const kinds = [[reads, 'read'], [writes, 'write']].filter(([n]) => n).map(([n, k]) => `${n} ${k}${n === 1 ? '' : 's'}`).join(' and ');
    await expect(why).toContainText(`your model's ${model.accessPatterns.length} access patterns (${kinds}), at the rate each states`);
    await expect(why).toContainText('3 write patterns writing one entity each');
    await expect(why).not.toContainText('One write pattern per entity to start with');
    await expect(page.getByTestId('workload-editor').locator('fieldset.heat-pattern')).toHaveCount(model.accessPatterns.length + 3);
  });
});

test('a read-only embed shows the Heat tab with no editing control; the scenarios and their fix still run', async ({ page }) => {
  await page.goto('/?embed=1&readonly=1&template=ecommerce');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await runScenario(page, 'latest-posts');
  const heat = page.getByTestId('heat-tab');
  await expect(page.getByTestId('workload-editor')).toHaveCount(0);
  await expect(page.getByTestId('workload-summary')).toContainText('create-post: PutItem on Social');
  await expect(page.getByTestId('add-pattern')).toHaveCount(0);
  await expect(heat.locator('input, select, textarea')).toHaveCount(0);
  await page.getByTestId('whatif-fix').click();
  await expect(page.getByTestId('variant-throttled')).toHaveText('0', { timeout: 30_000 });
  await expect(heat.locator('input, select, textarea')).toHaveCount(0);
  // The embedded model runs too, and nothing is saved into it.
  await page.getByTestId('heat-use-model').click();
  await expect(page.getByTestId('heat-source')).toContainText('This embed is read-only: the workload runs here but is not saved with the model.');
  await expect(heat.locator('input, select, textarea')).toHaveCount(0);
  await page.getByTestId('heat-run').click();
  await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('heat-message')).toHaveCount(0);
});

test.describe('One gallery', () => {
  test("the sidebar's examples are the gallery's templates, opened the gallery's way (asking over work)", async ({ page }) => {
    await openPlayground(page);
    if (await page.getByTestId('gallery').isVisible()) await page.getByTestId('gallery-close').click();
    await page.locator('details.mdl-examples').evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const shop = template('ecommerce');
    // Over an empty model: at once, the gallery's model with its items and access patterns.
    await page.getByTestId('example-ecommerce').click();
    await expect(page.getByTestId('model-name')).toHaveText(shop.name);
    await expect(page.getByTestId('table-Shop')).toContainText(`${shop.tables[0].items.length} items`);
    await page.getByTestId('tab-patterns').click();
    await expect(page.getByTestId('pattern-row')).toHaveCount(shop.accessPatterns.length);
    // Over work: it asks, and replaces nothing until told.
    await page.locator('details.mdl-examples').evaluate((d) => ((d as HTMLDetailsElement).open = true));
    await page.getByTestId('example-menu').click();
    const prompt = page.getByTestId('incoming-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByTestId('incoming-name')).toHaveText(template('menu').name);
    await expect(page.getByTestId('model-name')).toHaveText(shop.name);
    await prompt.getByTestId('incoming-replace').click();
    await expect(page.getByTestId('model-name')).toHaveText(template('menu').name);
    // "All templates…" opens the gallery itself.
    await page.locator('details.mdl-examples').evaluate((d) => ((d as HTMLDetailsElement).open = true));
    await page.getByTestId('examples-gallery').click();
    await expect(page.getByTestId('gallery')).toBeVisible();
  });

  test("a template's explanation is whole on its card and can be reopened, by keyboard, once the template is open", async ({ page }) => {
    await openPlayground(page);
    if (!(await page.getByTestId('gallery').isVisible())) await page.getByTestId('open-gallery').click();
    const shop = template('ecommerce');
    const desc = page.getByTestId('gallery-desc-ecommerce');
    await expect(desc).toHaveText(shop.description);
    // Not clamped: the whole text is laid out, none of it hidden.
    expect(await desc.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await page.getByTestId('gallery-open-ecommerce').click();
    await expect(page.getByTestId('gallery')).toBeHidden();

    const about = page.getByTestId('model-about');
    await expect(about).toBeVisible();
    await expect(page.getByTestId('model-about-text')).toBeHidden();
    // Reached with Tab (from the control before it) and opened with Enter.
    await page.getByTestId('export-open').focus();
    let reached = false;
    for (let i = 0; i < 4 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.getByTestId('model-about-toggle').evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('model-about-text')).toBeVisible();
    await expect(page.getByTestId('model-about-text')).toContainText(shop.description);
    await expect(page.getByTestId('model-about-text')).toContainText(shop.accessPatterns[0].name);
    // Closed and opened again.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('model-about-text')).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('model-about-text')).toBeVisible();
  });
});
