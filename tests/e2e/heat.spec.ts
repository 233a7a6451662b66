import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openPlayground } from './helpers/fixtures';
import { openTemplate, savedModel } from './helpers/travel';

// The simulator's own case file: its expectations are computed by hand there and checked natively by
// sim/tests/scenarios.rs, so the figures the page reports must be exactly these.
const caseFile = JSON.parse(
  readFileSync(join(__dirname, '../../sim/tests/data/scenarios/seed_latest_posts_constant_gsi_key.json'), 'utf8'),
);
const expected = caseFile.expect.patterns['create-post'];
const fmt = (n: number) => n.toLocaleString('en-US');

async function openHeat(page: Page) {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Heat' }).click();
  await expect(page.getByTestId('heat-tab')).toBeVisible();
}

/** Distinct colours on a canvas, and how many pixels left of the legend (the right 96 px of a chart at
 * least 360 px wide, see app/src/heat/plot.rs) have the "at the ceiling" colour (110, 0, 70). */
async function canvasColours(page: Page, testid: string) {
  // plotters draws on the canvas once its frame has been measured.
  await expect(page.getByTestId(testid)).toHaveAttribute('data-drawn', 'true');
  return page.getByTestId(testid).evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, c.width - 96, c.height);
    const seen = new Set<number>();
    let ceiling = 0;
    for (let i = 0; i < data.length; i += 4) {
      seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      if (data[i] === 110 && data[i + 1] === 0 && data[i + 2] === 70) ceiling++;
    }
    return { distinct: seen.size, ceiling };
  });
}

test.describe('Heat tab', () => {
  test('constant GSI key: throttling reported as the simulator computes it, heat map drawn, fix drops throttles to zero', async ({ page }) => {
    await openHeat(page);
    await page.getByTestId('scenario-latest-posts').click();
    await expect(page.getByTestId('heat-source')).toContainText('Latest posts on a constant GSI key');
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 20_000 });

    await expect(page.getByTestId('base-requests')).toHaveText(fmt(expected.requests));
    await expect(page.getByTestId('base-served')).toHaveText(fmt(expected.served));
    await expect(page.getByTestId('base-throttled')).toHaveText(fmt(expected.throttled));
    await expect(page.getByTestId('base-reasons')).toContainText(`create-post: ${fmt(expected.throttled)} throttled by GSI back-pressure on Social · LatestPosts`);
    await expect(page.getByTestId('base-amplification')).toHaveText('2.00×'); // case file: 2000 milli

    // The heat map is drawn (many colours, and the at-ceiling colour for the ALL_POSTS partition).
    const colours = await canvasColours(page, 'canvas-base-heatmap');
    expect(colours.distinct).toBeGreaterThan(5);
    expect(colours.ceiling).toBeGreaterThan(100);
    // Its screen-reader table: in every one of the 20 seconds exactly one LatestPosts partition (the one holding
    // ALL_POSTS; adaptive capacity may move that key to a partition of its own) sits at 1,000 WCU.
    const perSecond = await page.getByTestId('table-base-heatmap').evaluate((t: HTMLTableElement) => {
      const rows = [...t.tBodies[0].rows].filter((r) => r.cells[0].textContent!.startsWith('Social · LatestPosts'));
      const columns = t.tHead!.rows[0].cells.length - 1;
      return [...Array(columns).keys()].map((c) => rows.filter((r) => r.cells[c + 1].textContent === '0 RCU, 1,000 WCU').length);
    });
    expect(perSecond).toEqual(Array(caseFile.workload.duration_seconds).fill(1));
    // Throttles over time: 500 per second by GSI back-pressure.
    await expect(page.getByTestId('table-base-throttles').locator('thead')).toContainText('GSI back-pressure');
    await expect(page.getByTestId('table-base-throttles').locator('tbody tr').first()).toContainText('500');
    await expect(page.getByTestId('table-base-topkeys').locator('tbody tr').first()).toContainText('ALL_POSTS (Social · LatestPosts)');

    // Hover reads the value under the pointer.
    const canvas = page.getByTestId('canvas-base-heatmap');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await canvas.hover({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
    await expect(page.getByTestId('hover-base-heatmap')).toContainText(/p\d at \d+ s: .* RCU, .* WCU — \d+ % of its ceiling/);

    // Cost figures are the simulator's, at the editable prices.
    await expect(page.getByTestId('cost-on-demand')).toHaveText(/^\$[\d,]+\.\d\d$/);
    const before = await page.getByTestId('cost-on-demand').textContent();
    await page.getByTestId('price-wru').fill('1.25');
    await page.getByTestId('price-wru').dispatchEvent('change');
    await expect(page.getByTestId('cost-on-demand')).not.toHaveText(before!);

    // One click: the scenario's fix, side by side, and the difference in words.
    await page.getByTestId('whatif-fix').click();
    await expect(page.getByTestId('variant-summary')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('variant-requests')).toHaveText(fmt(expected.requests));
    await expect(page.getByTestId('variant-throttled')).toHaveText('0');
    await expect(page.getByTestId('whatif-words')).toContainText(
      `The variant removes all throttling: ${fmt(expected.throttled)} throttled requests (33.3 % of ${fmt(expected.requests)}) drop to none.`,
    );
    expect((await canvasColours(page, 'canvas-variant-heatmap')).ceiling).toBe(0);
    // The current design's results are still beside it.
    await expect(page.getByTestId('base-throttled')).toHaveText(fmt(expected.throttled));
  });

  test('sharded counter: the single counter item throttles at the partition ceiling; sharding fixes it', async ({ page }) => {
    await openHeat(page);
    await page.getByTestId('scenario-sharded-counter').click();
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-throttled')).toHaveText('10,000', { timeout: 20_000 });
    await expect(page.getByTestId('base-reasons')).toContainText('count-pageview: 10,000 throttled by partition ceiling on Counters');
    await page.getByTestId('whatif-fix').click();
    await expect(page.getByTestId('variant-throttled')).toHaveText('0', { timeout: 20_000 });
  });

  test('a long run shows progress, keeps the page responsive and can be cancelled, keeping the last results', async ({ page }) => {
    await openHeat(page);
    await page.getByTestId('scenario-latest-posts').click();
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-throttled')).toHaveText(fmt(expected.throttled), { timeout: 20_000 });

    // One simulated day at 1,500 posts/s: 129.6 million requests.
    await page.getByTestId('input-duration').fill('86400');
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('heat-progress')).toBeVisible();
    await expect(page.getByTestId('heat-progress-text')).toHaveText(/^[1-9][\d]* of 86400 simulated seconds$/, { timeout: 10_000 });
    // Typing still works while it runs.
    await page.getByTestId('input-seed').fill('7');
    await expect(page.getByTestId('input-seed')).toHaveValue('7');
    await expect(page.getByTestId('heat-cancel')).toBeEnabled();
    await page.getByTestId('heat-cancel').click();
    await expect(page.getByTestId('heat-message')).toHaveText('Run cancelled; the last complete results are still shown.');
    await expect(page.getByTestId('heat-progress')).toHaveCount(0);
    await expect(page.getByTestId('base-requests')).toHaveText(fmt(expected.requests));
    await expect(page.getByTestId('base-throttled')).toHaveText(fmt(expected.throttled));
    await expect(page.getByTestId('heat-run')).toBeEnabled();
  });

  // Chromium lets one page start about ten downloads before it holds the rest back, so the six charts'
  // twelve exports are checked on two pages of six downloads each.
  for (const charts of [['heatmap', 'limits', 'throttles'], ['burst', 'targets', 'topkeys']]) {
    test(`charts export PNG and SVG: ${charts.join(', ')}`, async ({ page }) => {
      await openHeat(page);
      await page.getByTestId('scenario-latest-posts').click();
      await page.getByTestId('heat-run').click();
      await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 20_000 });
      for (const id of charts) {
        await expect(page.getByTestId(`canvas-base-${id}`)).toHaveAttribute('data-drawn', 'true');
        const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`png-base-${id}`).click()]);
        expect(png.suggestedFilename()).toBe(`dynamodel-base-${id}.png`);
        const bytes = readFileSync((await png.path())!);
        expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
        const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`svg-base-${id}`).click()]);
        expect(svg.suggestedFilename()).toBe(`dynamodel-base-${id}.svg`);
        const text = readFileSync((await svg.path())!, 'utf8');
        expect(text).toContain('<svg');
        expect(text.length).toBeGreaterThan(1000);
      }
    });
  }

  test('charts redraw in the new palette when the system theme changes while they are shown', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openHeat(page);
    await page.getByTestId('scenario-latest-posts').click();
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 20_000 });
    // The canvas's top-left pixel is the chart background (app/src/heat/colour.rs palette).
    const corner = (id: string) => page.getByTestId(id).evaluate((c: HTMLCanvasElement) => {
      const [r, g, b] = c.getContext('2d')!.getImageData(1, 1, 1, 1).data;
      return r + g + b;
    });
    for (const id of ['canvas-base-heatmap', 'canvas-base-limits']) await expect.poll(() => corner(id)).toBeGreaterThan(600);
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const id of ['canvas-base-heatmap', 'canvas-base-limits']) await expect.poll(() => corner(id)).toBeLessThan(200);
    // The heat map is still a heat map, in the dark palette.
    expect((await canvasColours(page, 'canvas-base-heatmap')).distinct).toBeGreaterThan(5);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => corner('canvas-base-heatmap')).toBeGreaterThan(600);
  });

  test("a run of the person's own model saves its workload with the model, and it comes back after a reload", async ({ page }) => {
    await openPlayground(page);
    await openTemplate(page, 'ecommerce');
    await page.getByRole('tab', { name: 'Heat' }).click();
    await page.getByTestId('heat-use-model').click();
    await expect(page.getByTestId('heat-source')).toContainText('saved with the model when it runs');
    await page.getByTestId('input-duration').fill('7');
    await page.getByTestId('input-seed').fill('42');
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 20_000 });
    // The model's `workloads` slot holds the simulator's workload as it ran (docs/model-format.md).
    await expect.poll(async () => {
      const m = (await savedModel(page)) as { workloads?: { name: string; duration_seconds?: number; seed?: number }[] } | null;
      return m?.workloads?.map((w) => [w.name, w.duration_seconds, w.seed]) ?? [];
    }).toEqual([['Heat tab', 7, 42]]);

    await page.reload();
    await page.waitForSelector('[data-testid=app-shell]');
    await page.getByRole('tab', { name: 'Heat' }).click();
    await page.getByTestId('heat-use-model').click();
    await expect(page.getByTestId('heat-source')).toContainText('The workload saved with this model');
    await expect(page.getByTestId('input-duration')).toHaveValue('7');
    await expect(page.getByTestId('input-seed')).toHaveValue('42');
  });

  test('batch and transactional patterns take an items-per-request count, checked against DynamoDB limits', async ({ page }) => {
    await openHeat(page);
    await page.getByTestId('scenario-latest-posts').click();
    await expect(page.getByTestId('input-p0-batch')).toHaveCount(0);
    await page.getByTestId('input-p0-op').selectOption('BatchWriteItem');
    await page.getByTestId('input-p0-batch').fill('30');
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('error-p0-batch')).toHaveText("items per request: BatchWriteItem takes 1 to 25 items, not '30'");
    await expect(page.getByTestId('base-summary')).toHaveCount(0);
    await page.getByTestId('input-p0-batch').fill('25');
    await page.getByTestId('input-duration').fill('2');
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('base-summary')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('error-p0-batch')).toHaveCount(0);
  });

  test('a bad rate is reported beside its field and nothing runs', async ({ page }) => {
    await openHeat(page);
    await page.getByTestId('scenario-latest-posts').click();
    await page.getByTestId('input-p0-rate0').fill('fast');
    await page.getByTestId('heat-run').click();
    await expect(page.getByTestId('error-p0-rate')).toHaveText("rate: 'fast' is not a number");
    await expect(page.getByTestId('base-summary')).toHaveCount(0);
  });
});
