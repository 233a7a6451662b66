import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { test, expect } from './helpers/fixtures';

// The playground must work offline once loaded: after one visit, a reload with the network gone still
// brings up the whole app (wasm, JS, CSS, favicon) from the service worker's cache, and the autosaved model.
//
// The test serves dist/ itself and stops that server before the offline reload, so "the network is gone"
// really is gone: `context.setOffline` alone does not reach a service worker's own fetches in Chromium.

const dist = path.resolve(__dirname, '..', process.env.DYNAMODEL_DIST ?? '../target/test-dist');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/** Python's http.server on dist/ (it sends .wasm as application/wasm), answering once it is up. */
async function serveDist(port: number): Promise<ChildProcess> {
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist], {
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/index.html`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error(`http.server on port ${port} did not come up`);
}

test('after one visit the page reloads offline with the app and the autosaved model', async ({ page, context }) => {
  const port = await freePort();
  const server = await serveDist(port);
  let serverRunning = true;
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await expect(page.getByTestId('status-engine-version')).toHaveText(/^\d+\.\d+\.\d+/);

    // The worker claims the page on activate, so it controls it without a second visit.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // An edit that autosaves: a new table.
    await page.getByTestId('new-table').click();
    const designer = page.getByTestId('designer');
    await designer.getByTestId('table-name').fill('OfflineShop');
    await designer.getByTestId('designer-save').click();
    await expect(designer).toBeHidden();
    await expect(page.getByTestId('table-OfflineShop')).toBeVisible();


    // The network goes away: the server stops, and the browser is offline too.
    server.kill();
    await once(server, 'exit');
    serverRunning = false;
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);

    await page.reload();
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await expect(page.getByTestId('status-engine-version')).toHaveText(/^\d+\.\d+\.\d+/);
    await expect(page.getByTestId('table-OfflineShop')).toBeVisible();
    // The stylesheets and the favicon came back from the cache too.
    // Every linked stylesheet, however many features add one, loaded with its rules.
    // (The loading page's own <style> is inline: only sheets with an address were fetched.)
    const sheets = await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href && sheet.cssRules.length > 0).length);
    const linked = await page.locator('link[rel=stylesheet]').count();
    expect(linked).toBeGreaterThanOrEqual(2);
    expect(sheets).toBe(linked);
    const favicon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel=icon]')?.href ?? '';
      const response = await fetch(href);
      return { type: response.headers.get('content-type'), body: await response.text() };
    });
    expect(favicon.type).toContain('svg');
    expect(favicon.body).toContain('<svg');
  } finally {
    await context.setOffline(false);
    if (serverRunning) server.kill();
  }
});
