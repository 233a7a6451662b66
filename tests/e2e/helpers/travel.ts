import { expect, type Page } from '@playwright/test';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openPlayground } from './fixtures';

export const SAVE_KEY = 'dynamodel.modeler.autosave';

/** The model in this page's autosave (null when nothing is saved). */
export async function savedModel(page: Page): Promise<unknown> {
  return page.evaluate((key) => {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text).model : null;
  }, SAVE_KEY);
}

/** Wait until the autosave holds a model named `name`. */
export async function waitForSaved(page: Page, name: string): Promise<void> {
  await expect.poll(async () => ((await savedModel(page)) as { name?: string } | null)?.name ?? null).toBe(name);
}

/** Open the gallery and a template; replace the current model if the playground asks. */
export async function openTemplate(page: Page, slug: string): Promise<void> {
  if (!(await page.getByTestId('gallery').isVisible())) await page.getByTestId('open-gallery').click();
  await page.getByTestId(`gallery-open-${slug}`).click();
  const prompt = page.getByTestId('incoming-prompt');
  if (await prompt.isVisible()) await prompt.getByTestId('incoming-replace').click();
  await expect(page.getByTestId('gallery')).toBeHidden();
}

/** A throwaway HTTP server on 127.0.0.1 (another origin than the playground): `routes` maps paths to bodies. */
export async function serve(routes: Record<string, { type: string; body: string; cors?: boolean }>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const route = routes[(req.url ?? '/').split('?')[0]];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = { 'content-type': route.type };
    if (route.cors) headers['access-control-allow-origin'] = '*';
    res.writeHead(200, headers).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Open the playground with `model` as the visitor's saved model (seeded once per page, so a reload
 * keeps what the page saved since), then switch to `tab`. */
export async function openWithModel(page: Page, model: unknown, tab: string): Promise<void> {
  const envelope = JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model });
  await page.addInitScript(([key, text]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, text);
      sessionStorage.setItem('seeded', '1');
    }
  }, [SAVE_KEY, envelope]);
  await openPlayground(page);
  await page.getByRole('tab', { name: tab }).click();
}
