import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * The `test` every spec imports: it records browser console errors, uncaught page errors and failed
 * requests, and fails the test if there were any, so a warning-free page is part of every end-to-end
 * check. A request that the page's own next navigation cancels (`net::ERR_ABORTED`, such as a favicon
 * still loading when a test opens another address) is not a fault of the page.
 *
 *   import { test, expect } from './helpers/fixtures';
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      let navigations = 0;
      const startedAt = new WeakMap<object, number>();
      page.on('request', (req) => {
        if (req.isNavigationRequest() && req.frame() === page.mainFrame()) navigations += 1;
        startedAt.set(req, navigations);
      });
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
      page.on('requestfailed', (req) => {
        const failure = req.failure()?.errorText;
        if (failure === 'net::ERR_ABORTED' && startedAt.get(req) !== navigations) return;
        errors.push(`request failed: ${req.url()} (${failure})`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Open the playground and wait until the wasm app has mounted and the engine has answered. */
export async function openPlayground(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('status-engine-version')).not.toBeEmpty();
}

/**
 * Bring attribute `column` of `grid` into view, as a person scrolls sideways to it: the grid draws only
 * the columns in view (a wide table's far columns are not in the DOM until scrolled to). A column
 * already in view stays where it is; another is put just right of the frozen key column.
 */
export async function showColumn(grid: Locator, column: string): Promise<void> {
  await grid.locator(`.mdl-col-head[title="${column}"]`).waitFor();
  await grid.evaluate((el, column) => {
    const heads = [...el.querySelectorAll<HTMLElement>('.mdl-col-head')];
    const head = heads.find((h) => h.title === column);
    const key = el.querySelector<HTMLElement>('.mdl-col-head.mdl-frozen-key');
    const right = [...el.querySelectorAll<HTMLElement>('.mdl-grid-head .mdl-frozen-size, .mdl-grid-head .mdl-frozen-wcu')].reduce((w, h) => w + h.offsetWidth, 0);
    if (!head || !key || head === key) return;
    const start = el.scrollLeft + key.offsetLeft + key.offsetWidth;
    const end = el.scrollLeft + el.clientWidth - right;
    if (head.offsetLeft < start || head.offsetLeft + head.offsetWidth > end) el.scrollLeft = head.offsetLeft - key.offsetLeft - key.offsetWidth;
  }, column);
  await expect(grid.locator(`[data-testid=cell][data-col="${column}"]`).first()).toBeAttached();
}
