import { test as bare, type Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';

// While the wasm downloads, the page is a loading page (index.html's #boot, plain HTML and CSS): it is the
// first thing painted, it shows the download's progress, and it goes once the app has mounted. A load that
// fails says so in words.

/** The download at 10 Mbit/s with 40 ms latency (DevTools' emulation), so it takes long enough to watch. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 });
}

/** In the page from its first script: every text the loading page's status line shows, and when the app mounted. */
async function watchLoading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { statuses: string[]; appAt: number | null } = { statuses: [], appAt: null };
    (window as unknown as { __loading: typeof seen }).__loading = seen;
    new MutationObserver(() => {
      const status = document.getElementById('boot-status')?.textContent ?? '';
      if (status && seen.statuses[seen.statuses.length - 1] !== status) seen.statuses.push(status);
      if (seen.appAt === null && document.querySelector('[data-testid=app-shell]')) seen.appAt = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** Holds the wasm back until the returned function is called (then it downloads as the network allows). */
async function holdWasm(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the loading page paints first, shows the download progressing, and goes when the app is ready', async ({ page }) => {
  await throttle(page);
  await watchLoading(page);
  const release = await holdWasm(page);
  await page.goto('/', { waitUntil: 'commit' });

  const boot = page.getByTestId('boot');
  await expect(boot).toBeVisible();
  await expect(boot).toContainText('Loading the playground');
  await expect(boot.getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('app-shell')).toHaveCount(0);
  release();

  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('status-engine-version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(boot).toHaveCount(0);

  const { statuses, appAt, firstPaint } = await page.evaluate(() => {
    const seen = (window as unknown as { __loading: { statuses: string[]; appAt: number | null } }).__loading;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { ...seen, firstPaint: paint ? paint.startTime : null };
  });
  // Painted with the loading page's text, well before the app existed.
  expect(firstPaint).not.toBeNull();
  expect(appAt).not.toBeNull();
  expect(firstPaint!).toBeLessThan(appAt!);
  // The download's progress in words: some share on the way, then the start.
  const shares = statuses.map((s) => /Downloading the engine… (\d+) %/.exec(s)).filter((m) => m !== null).map((m) => Number(m![1]));
  expect(shares.some((p) => p > 0 && p < 100), `statuses seen: ${statuses.join(' | ')}`).toBe(true);
  expect(shares).toEqual([...shares].sort((a, b) => a - b));
  expect(statuses[statuses.length - 1]).toBe('Starting the engine…');
});

test('an embed shows the slim loading page: the product name without the tagline', async ({ page }) => {
  const release = await holdWasm(page);
  await page.goto('/?embed=1', { waitUntil: 'commit' });
  const boot = page.getByTestId('boot');
  await expect(boot).toBeVisible();
  await expect(boot).toContainText('Dynamodel');
  await expect(boot.locator('.boot-tagline')).toBeHidden();
  release();
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('app-shell')).toHaveClass(/app-embed/);
  await expect(boot).toHaveCount(0);
});

// These loads fail on purpose, so the page's console errors are expected: they use Playwright's bare test.
bare('a wasm download that fails is said in words, with a way to try again', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await page.route('**/*_bg.wasm', (route) => route.abort('connectionreset'));
  await page.goto('/');
  const boot = page.getByTestId('boot');
  await expect(boot.getByRole('alert')).toContainText('The playground could not load');
  await expect(boot).toContainText('The download did not finish. Check your connection and try again.');
  await expect(boot.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('app-shell')).toHaveCount(0);
  expect(errors.some((e) => e.startsWith('Dynamodel could not start:'))).toBe(true);

  // Try again, with the network back: the app starts.
  await page.unroute('**/*_bg.wasm');
  await boot.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 20_000 });
  await expect(boot).toHaveCount(0);
});

bare('app scripts that do not arrive are said in words too', async ({ page }) => {
  await page.route(/dynamodel-app-[0-9a-f]+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/');
  const boot = page.getByTestId('boot');
  await expect(boot.getByRole('alert')).toContainText('The playground could not load');
  await expect(boot).toContainText('Part of it did not arrive. Check your connection and try again.');
});
