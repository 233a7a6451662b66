import { test as base, expect, type Page } from '@playwright/test';

/**
 * The `test` every spec imports: it records browser console errors and uncaught page errors and fails the
 * test if there were any, so a warning-free page is part of every end-to-end check.
 *
 *   import { test, expect } from './helpers/fixtures';
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
      page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
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
