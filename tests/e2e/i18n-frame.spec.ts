import * as fs from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './helpers/fixtures';
import { SAVE_KEY } from './helpers/travel';
import type { Page } from '@playwright/test';

// The playground's frame in Turkish: the header, the sidebar, the Items and Indexes tabs, the gallery and
// the Share/Export dialogs; the language menu, its cookie and `?lang=`; and what leaves the page (a share
// link, an export) the same in every language.

const ECOMMERCE = JSON.parse(fs.readFileSync(join(__dirname, '../../engine/tests/data/models/gallery/ecommerce.json'), 'utf8'));

/** English words of the frame that must not be left in the Turkish page (none is a word of the model). */
const ENGLISH = [
  'Undo', 'Redo', 'New table', 'Examples', 'All templates', 'Edit design', 'Entities', 'New entity', 'item collections',
  'table + indexes', 'Arrows move', 'Column', 'Engine ', 'in all', 'largest', 'Runs entirely', 'Templates', 'Open…',
  'Share…', 'Export…', 'Workspace', 'Access patterns', 'keys ', 'projection', 'of 1', 'Item collection',
  'Start from a template', 'template(s)', 'sample items', 'Share this model', 'characters.', 'Copy link', 'Embed in a page',
  'Opens on', 'Export the model', 'Seed script', 'Close', 'Language',
];

function leftovers(text: string): string[] {
  return ENGLISH.filter((w) => text.includes(w));
}

/** Open the playground at `address` with the e-commerce model as the visitor's saved one. */
async function openWith(page: Page, address: string): Promise<void> {
  const envelope = JSON.stringify({ format: 'dynamodel-autosave', version: 1, savedAt: 0, model: ECOMMERCE });
  await page.addInitScript(([key, text]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, text);
      sessionStorage.setItem('seeded', '1');
    }
  }, [SAVE_KEY, envelope]);
  await page.goto(address);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('status-engine-version')).not.toBeEmpty();
}

test('?lang=tr: the header, sidebar, Items and Indexes tabs, gallery and sharing dialogs speak Turkish', async ({ page }) => {
  await openWith(page, '/?lang=tr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByTestId('lang-switch')).toHaveValue('tr');
  await expect(page.getByTestId('tagline')).toContainText('veri modelleme oyun alanı');
  await expect(page.getByRole('tablist', { name: 'Çalışma alanı' }).getByRole('tab')).toHaveText(['Öğeler', 'İndeksler', 'Sorgu', 'Isı', 'Erişim desenleri']);

  const sidebar = page.getByTestId('model-sidebar');
  await expect(page.getByTestId('undo')).toHaveText('↶ Geri al');
  await expect(page.getByTestId('new-table')).toHaveText('+ Yeni tablo');
  await expect(page.getByTestId('edit-table')).toHaveText('Tasarımı düzenle');
  await expect(page.getByTestId('open-gallery')).toHaveText('Şablonlar');
  await expect(page.getByTestId('table-panel')).toContainText('Varlıklar');
  // A template's own name is shown in the page's language; the model keeps its English name.
  await expect(page.getByTestId('model-name')).toHaveText('E-ticaret: kullanıcılar, duruma göre siparişler, yorumlar');

  const items = page.getByTestId('panel-items');
  await expect(items.getByTestId('grid-summary')).toHaveText(/^\d+ öğe · \d+ item koleksiyonu · [\d,]+ (B|KB)$/);
  await expect(items.getByTestId('wcu-head')).toHaveText('WCU (tablo + indeksler)');
  await expect(items.locator('.mdl-col-head.mdl-frozen-size')).toHaveText('Boyut');
  await expect(items.getByTestId('partition-band').first()).toContainText('Item koleksiyonu');
  const bar = page.getByTestId('status-bar');
  await expect(bar).toContainText('Motor');
  await expect(bar.getByTestId('status-model')).toContainText('toplam');
  // The items' figures as Turkish writes decimals (the whole model is over 1 KB).
  await expect(bar.getByTestId('status-model-bytes')).toHaveText(/^\d+,\d KB$/);

  const frame = async () => [await page.getByTestId('app-header').innerText(), await sidebar.innerText(), await bar.innerText(),
    await items.locator('.mdl-toolbar, .mdl-grid-tools, .mdl-grid-head').allInnerTexts()].join('\n');
  expect(leftovers(await frame())).toEqual([]);

  await page.getByRole('tab', { name: 'İndeksler' }).click();
  await expect(page.getByTestId('index-summary')).toContainText('anahtarlar');
  await expect(page.getByTestId('index-summary')).toContainText('projeksiyon');
  expect(leftovers(await page.getByTestId('index-views').locator('.mdl-toolbar').innerText())).toEqual([]);
  await expect(page.getByTestId('index-views').getByTestId('wcu-head')).toHaveText('WCU (indeks girdisi)');

  await page.getByRole('tab', { name: 'Öğeler' }).click();
  await page.getByTestId('open-gallery').click();
  const gallery = page.getByTestId('gallery');
  await expect(gallery.getByRole('heading', { name: 'Bir şablonla başlayın' })).toBeVisible();
  await expect(page.getByTestId('gallery-count')).toHaveText(/^\d+ şablon$/);
  await expect(page.getByTestId('gallery-close')).toHaveText('Kapat');
  expect(leftovers(await gallery.locator('.gal-header, .gal-meta, .gal-open, .gal-patterns summary').allInnerTexts().then((t) => t.join('\n')))).toEqual([]);
  await page.getByTestId('gallery-close').click();

  await page.getByTestId('share-open').click();
  const share = page.getByTestId('share-panel');
  await expect(share.getByRole('heading', { name: 'Bu modeli paylaş' })).toBeVisible();
  await expect(page.getByTestId('share-verdict')).toContainText('karakter.');
  await expect(page.getByTestId('embed-tab').locator('option')).toHaveText(['Öğeler', 'İndeksler', 'Sorgu', 'Isı', 'Erişim desenleri']);
  expect(leftovers(await share.innerText())).toEqual([]);
  await page.getByTestId('share-close').click();

  await page.getByTestId('export-open').click();
  const exp = page.getByTestId('export-panel');
  await expect(exp.getByRole('heading', { name: 'Modeli dışa aktar' })).toBeVisible();
  expect(leftovers(await exp.innerText())).toEqual([]);
});

test('the language menu switches the page, a reload keeps the choice, and ?lang= overrides it for one page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('tagline')).toContainText('data-modeling playground');
  await page.getByTestId('lang-switch').selectOption('tr');
  await expect(page.getByTestId('tagline')).toContainText('veri modelleme oyun alanı');
  await expect(page.getByRole('tab', { name: 'Öğeler' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');

  await page.reload();
  await expect(page.getByTestId('lang-switch')).toHaveValue('tr');
  await expect(page.getByTestId('tagline')).toContainText('veri modelleme oyun alanı');

  // The address wins for its page, and does not replace the learner's choice.
  await page.goto('/?lang=en');
  await expect(page.getByTestId('tagline')).toContainText('data-modeling playground');
  await expect(page.getByRole('tab', { name: 'Items' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('lang-switch')).toHaveValue('tr');
});

test('a share link, its embed code and an export are the same in English and Turkish', async ({ page }) => {
  await openWith(page, '/?lang=en');
  const shared = async () => {
    await page.getByTestId('share-open').click();
    const out = [await page.getByTestId('share-url').inputValue(), await page.getByTestId('embed-code').inputValue()];
    await page.getByTestId('share-close').click();
    return out;
  };
  const exported = async () => {
    await page.getByTestId('export-open').click();
    const d = page.waitForEvent('download');
    await page.getByTestId('export-items').click();
    const f = await d;
    const out = [f.suggestedFilename(), fs.readFileSync(await f.path(), 'utf8')];
    await page.getByTestId('export-close').click();
    return out;
  };
  const en = [...(await shared()), ...(await exported())];
  await page.getByTestId('lang-switch').selectOption('tr');
  await expect(page.getByRole('tab', { name: 'Öğeler' })).toBeVisible();
  const tr = [...(await shared()), ...(await exported())];
  expect(tr).toEqual(en);
});
