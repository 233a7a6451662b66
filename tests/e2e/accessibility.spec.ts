import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { openWithModel } from './helpers/travel';

// axe-core's WCAG 2.x A/AA rules on every workspace tab, the gallery and the lessons panel, in the light
// and the dark theme, at 1280 px and in a 420 × 600 embed frame. A serious or critical violation fails the
// test with axe's own account of it (rule, nodes, why); minor and moderate ones are left to review.
const ECOMMERCE = JSON.parse(readFileSync(join(__dirname, '../../engine/tests/data/models/gallery/ecommerce.json'), 'utf8'));
const TABS = ['Items', 'Indexes', 'Query', 'Heat', 'Access patterns'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousViolations(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.length} node(s): ${v.nodes
      .slice(0, 3)
      .map((n) => `${n.target.join(' ')} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
      .join(' | ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [width, height] of [[1280, 800], [420, 600]] as const) {
    test(`no serious or critical axe violation on any tab, ${scheme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await openWithModel(page, ECOMMERCE, 'Items');
      const found: string[] = [];
      for (const tab of TABS) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        found.push(...(await seriousViolations(page, tab)));
      }
      if (width < 720) {
        // A narrow frame folds the sidebar to a bar: unfolded, its content is checked too.
        await page.getByTestId('sidebar-toggle').click();
        found.push(...(await seriousViolations(page, 'sidebar')));
      }
      await page.getByTestId('open-gallery').click();
      await expect(page.getByTestId('gallery')).toBeVisible();
      found.push(...(await seriousViolations(page, 'gallery')));
      expect(found).toEqual([]);
    });
  }
}
