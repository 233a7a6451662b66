import { test, expect, openPlayground } from './helpers/fixtures';
import { openTemplate, savedModel, serve, waitForSaved, SAVE_KEY } from './helpers/travel';
import * as fs from 'node:fs';
import * as path from 'node:path';

const GALLERY = path.join(__dirname, '../../engine/tests/data/models/gallery');
const templates = fs
  .readdirSync(GALLERY)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ slug: f.replace(/\.json$/, ''), model: JSON.parse(fs.readFileSync(path.join(GALLERY, f), 'utf8')) }));

test('a first visit opens on the gallery; search narrows it; every template opens, asking before it replaces work', async ({ page }) => {
  test.setTimeout(120_000); // 19 templates, each loaded, rendered and autosaved
  await openPlayground(page);
  const gallery = page.getByTestId('gallery');
  await expect(gallery).toBeVisible();
  await expect(page.getByTestId('gallery-count')).toHaveText(`${templates.length} template(s)`);
  await page.getByTestId('gallery-search').fill('sparse menu');
  await expect(page.getByTestId('gallery-count')).toHaveText('1 template(s)');
  await expect(page.getByTestId('gallery-card-menu')).toBeVisible();
  await page.getByTestId('gallery-search').fill('');

  for (const [i, { slug, model }] of templates.entries()) {
    await page.getByTestId('open-gallery').click();
    await page.getByTestId(`gallery-open-${slug}`).click();
    const prompt = page.getByTestId('incoming-prompt');
    if (i === 0) {
      await expect(prompt).toHaveCount(0); // nothing to lose yet: opens at once
    } else {
      await expect(prompt).toBeVisible(); // the previous template is work: the playground asks
      await prompt.getByTestId('incoming-replace').click();
    }
    await expect(gallery).toBeHidden();
    await expect(page.getByTestId('model-name')).toHaveText(model.name);
    for (const t of model.tables) {
      await expect(page.getByTestId(`table-${t.definition.TableName}`)).toContainText(`${t.items.length} items`);
    }
    await expect(page.locator('[data-testid=grid-row]').first()).toBeVisible();
    await waitForSaved(page, model.name);
    expect(await savedModel(page)).toEqual(model);
  }

  // Cancel leaves the model alone.
  await page.getByTestId('open-gallery').click();
  await page.getByTestId('gallery-open-menu').click();
  await page.getByTestId('incoming-cancel').click();
  await expect(page.getByTestId('model-name')).toHaveText(templates[templates.length - 1].model.name);
});

test('a share link opened in a fresh browser gives exactly the same model, tab and table', async ({ page, browser }) => {
  await openPlayground(page);
  await openTemplate(page, 'saas');
  await page.getByTestId('tab-indexes').click();
  await page.getByTestId('share-open').click();
  const panel = page.getByTestId('share-panel');
  const url = await panel.getByTestId('share-url').inputValue();
  expect(url).toMatch(/#m1\.[A-Za-z0-9_-]+$/);
  await expect(panel.getByTestId('share-length')).toHaveText(url.length.toLocaleString('en-US'));
  await expect(panel.getByTestId('share-verdict')).toContainText('some chat tools'); // 2,8xx characters: a long link
  await expect(panel.getByTestId('share-download')).toBeVisible();
  await panel.getByTestId('share-close').click();
  // The autosave is written a moment after the last change: wait for it rather than read it too early.
  await waitForSaved(page, 'Multi-tenant SaaS: tenants, users, projects, tasks, invoices');
  const original = await savedModel(page);

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const errors: string[] = [];
    other.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await other.goto(url);
    await expect(other.getByTestId('model-name')).toHaveText('Multi-tenant SaaS: tenants, users, projects, tasks, invoices');
    await expect(other.getByTestId('tab-indexes')).toHaveAttribute('aria-selected', 'true');
    await expect(other.getByTestId('table-SaaSPlatform')).toHaveAttribute('aria-pressed', 'true');
    await expect(other.getByTestId('gallery')).toBeHidden();
    await waitForSaved(other, 'Multi-tenant SaaS: tenants, users, projects, tasks, invoices');
    expect(await savedModel(other)).toEqual(original);
    // The link is read once: the address no longer carries it.
    expect(new URL(other.url()).hash).toBe('');
    expect(errors).toEqual([]);
  } finally {
    await fresh.close();
  }
});

test('a truncated link shows its error and keeps the saved model', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('share-open').click();
  const url = await page.getByTestId('share-url').inputValue();
  await page.getByTestId('share-close').click();
  await openTemplate(page, 'menu');
  await waitForSaved(page, templates.find((t) => t.slug === 'menu')!.model.name);
  const before = await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);

  await page.goto(url.slice(0, url.length - 40));
  await expect(page.getByTestId('travel-error')).toContainText('This share link is damaged or incomplete');
  await expect(page.getByTestId('travel-error')).toContainText('your own model is unchanged');
  await expect(page.getByTestId('table-TenantMenu')).toBeVisible();
  await page.waitForTimeout(400);
  expect(await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY)).toBe(before);

  await page.goto('/#m1.abc<script>alert(1)</script>');
  await expect(page.getByTestId('travel-error')).toContainText('unexpected character');
  await expect(page.getByTestId('table-TenantMenu')).toBeVisible();
});

test('a link over saved work asks first; "open as a copy" never touches the saved model', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('share-open').click();
  const url = await page.getByTestId('share-url').inputValue();
  await page.getByTestId('share-close').click();
  await openTemplate(page, 'menu');
  const menu = templates.find((t) => t.slug === 'menu')!.model;
  await waitForSaved(page, menu.name);

  await page.goto(url);
  const prompt = page.getByTestId('incoming-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId('incoming-name')).toHaveText('E-commerce: users, orders by status, reviews');
  await expect(page.getByTestId('table-TenantMenu')).toBeVisible(); // nothing replaced while asking
  await prompt.getByTestId('incoming-copy').click();
  await expect(page.getByTestId('copy-banner')).toBeVisible();
  await expect(page.getByTestId('table-Shop')).toBeVisible();
  // An edit in the copy: still not saved over the user's model.
  await page.getByTestId('edit-table').click();
  await page.getByTestId('designer-delete').click();
  await expect(page.getByTestId('table-Shop')).toHaveCount(0);
  await page.waitForTimeout(400);
  expect(await savedModel(page)).toEqual(menu);
  await page.getByTestId('copy-discard').click();
  await expect(page.getByTestId('table-TenantMenu')).toBeVisible();
  await expect(page.getByTestId('copy-banner')).toBeHidden();
});

test('open, drop and save model files; a bad file names the path of its fault and changes nothing', async ({ page }) => {
  await openPlayground(page);
  const menu = templates.find((t) => t.slug === 'menu')!.model;
  await page.getByTestId('file-input').setInputFiles({ name: 'menu.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(menu)) });
  await expect(page.getByTestId('model-name')).toHaveText(menu.name);
  await waitForSaved(page, menu.name);

  const bad = JSON.parse(JSON.stringify(menu));
  bad.tables[0].items[3].price = { N: '12.x' };
  await page.getByTestId('file-input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(page.getByTestId('travel-error')).toHaveText(/bad\.json was not opened: tables\[0\]\.items\[3\]\.price: The parameter cannot be converted to a numeric value: 12\.x/);
  const keyless = JSON.parse(JSON.stringify(menu));
  delete keyless.tables[0].items[5].SK;
  await page.getByTestId('file-input').setInputFiles({ name: 'keyless.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(keyless)) });
  await expect(page.getByTestId('travel-error')).toContainText('keyless.json was not opened: tables[0].items[5] (TenantMenu): ValidationException: One or more parameter values were invalid: Missing the key SK in the item');
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('{"version": 2, "tables": [') });
  await expect(page.getByTestId('travel-error')).toContainText('notes.txt was not opened: Not JSON: EOF while parsing');
  await expect(page.getByTestId('model-name')).toHaveText(menu.name);
  expect(await savedModel(page)).toEqual(menu);
  await page.getByTestId('travel-error-dismiss').click();

  // Drag and drop: the prompt, since there is work now.
  const ecommerce = templates.find((t) => t.slug === 'ecommerce')!.model;
  const dt = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'shop.json', { type: 'application/json' }));
    return d;
  }, JSON.stringify(ecommerce));
  await page.getByTestId('workspace').dispatchEvent('drop', { dataTransfer: dt });
  await page.getByTestId('incoming-prompt').getByTestId('incoming-replace').click();
  await expect(page.getByTestId('model-name')).toHaveText(ecommerce.name);
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('table-TenantMenu')).toBeVisible();
  await page.getByTestId('redo').click();

  // Save: the download is the model file.
  const download = page.waitForEvent('download');
  await page.getByTestId('save-file').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('e-commerce-users-orders-by-status-reviews.json');
  const saved = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
  expect(saved).toEqual(ecommerce);
});

test('undo of "Replace" brings back the whole model: name, description, access patterns, workloads, dismissals, tables and items', async ({ page }) => {
  await openPlayground(page);
  // The user's own model, with every part of the format filled in.
  const mine = JSON.parse(JSON.stringify(templates.find((t) => t.slug === 'ecommerce')!.model));
  mine.name = 'My shop';
  mine.description = 'My own notes on the design.';
  mine.workloads = [{ name: 'Black Friday', description: 'ten times the usual orders', ratePerSecond: 500 }];
  mine.dismissedFindings = [{ finding: 'constant-gsi-key:Shop/GSI1', reason: 'only two statuses, known and small' }];
  await page.getByTestId('file-input').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mine)) });
  await expect(page.getByTestId('model-name')).toHaveText('My shop');
  await waitForSaved(page, 'My shop');
  expect(await savedModel(page)).toEqual(mine);

  // A template opened over it with "Replace": every part is the template's.
  const saas = templates.find((t) => t.slug === 'saas')!.model;
  await openTemplate(page, 'saas');
  await expect(page.getByTestId('model-name')).toHaveText(saas.name);
  await waitForSaved(page, saas.name);
  expect(await savedModel(page)).toEqual(saas);
  await page.getByTestId('tab-patterns').click();
  await expect(page.getByTestId('pattern-row')).toHaveCount(saas.accessPatterns.length);

  // Undo: the user's model exactly as it was, in the page and in the autosave.
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('model-name')).toHaveText('My shop');
  await expect(page.getByTestId('pattern-row')).toHaveCount(mine.accessPatterns.length);
  await expect(page.getByTestId('pattern-row').first()).toHaveAttribute('data-name', mine.accessPatterns[0].name);
  await waitForSaved(page, 'My shop');
  expect(await savedModel(page)).toEqual(mine);

  // Redo: the template again.
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('model-name')).toHaveText(saas.name);
  await waitForSaved(page, saas.name);
  expect(await savedModel(page)).toEqual(saas);
});

test('the embed code works in a page served from another origin, without touching anyone\'s storage', async ({ page, context }) => {
  await openPlayground(page);
  await openTemplate(page, 'menu');
  const menu = templates.find((t) => t.slug === 'menu')!.model;
  await waitForSaved(page, menu.name);
  await openTemplate(page, 'adjacency-list');
  await page.getByTestId('share-open').click();
  await page.getByTestId('embed-readonly').check();
  await page.getByTestId('embed-tab').selectOption('indexes');
  const snippet = await page.getByTestId('embed-code').inputValue();
  expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed=1&amp;readonly=1&amp;tab=indexes#m1\.[A-Za-z0-9_-]+"/);
  await page.getByTestId('share-close').click();
  await openTemplate(page, 'menu'); // the visitor's own model
  await waitForSaved(page, menu.name);
  const visitor = await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);

  const host = await serve({
    '/': { type: 'text/html', body: `<!doctype html><title>Training</title><h1>Lesson 3</h1><script>localStorage.setItem('host-note', 'kept')</script>${snippet}` },
  });
  try {
    const hostPage = await context.newPage();
    await hostPage.goto(host.url);
    const frame = hostPage.frameLocator('iframe');
    await expect(frame.getByTestId('app-shell')).toBeVisible();
    await expect(frame.getByTestId('model-name')).toHaveText('Adjacency list: users and groups (many-to-many)');
    await expect(frame.getByTestId('tab-indexes')).toHaveAttribute('aria-selected', 'true');
    await expect(frame.getByTestId('tagline')).toBeHidden(); // compact chrome
    await expect(frame.getByTestId('read-only-note')).toBeVisible();
    await expect(frame.getByTestId('new-table')).toBeHidden();
    // Used there: switch tabs, read the grid, open the full playground link.
    await frame.getByTestId('tab-items').click();
    await expect(frame.locator('[data-testid=grid-row]').first()).toBeVisible();
    await expect(frame.getByTestId('embed-open-full')).toBeVisible();
    await hostPage.waitForTimeout(400);
    expect(await hostPage.evaluate(() => Object.entries(localStorage))).toEqual([['host-note', 'kept']]);
    // "Open in Dynamodel" opens the whole model in a full tab, once the browser has compressed it (within
    // the click's user activation, so no pop-up blocker stops it).
    const [full] = await Promise.all([hostPage.waitForEvent('popup'), frame.getByTestId('embed-open-full').click()]);
    // The full page reads the link (and then drops it from its address): the visitor has saved work
    // there, so it asks before opening the embedded model.
    await expect(full.getByTestId('incoming-prompt')).toBeVisible({ timeout: 20_000 });
    await expect(full.getByTestId('incoming-prompt')).toContainText('Adjacency list: users and groups');
    await full.close();
    await hostPage.close();
  } finally {
    await host.close();
  }
  expect(await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY)).toBe(visitor);
});

test('?model= opens a model file hosted on another origin (CORS permitting)', async ({ page }) => {
  const shop = templates.find((t) => t.slug === 'ecommerce')!.model;
  const files = await serve({ '/workshop/shop.json': { type: 'application/json', body: JSON.stringify(shop), cors: true } });
  try {
    await page.goto(`/?model=${encodeURIComponent(`${files.url}/workshop/shop.json`)}`);
    await expect(page.getByTestId('model-name')).toHaveText(shop.name);
    await expect(page.getByTestId('table-Shop')).toBeVisible();
    await page.goto('/?model=javascript:alert(1)');
    await expect(page.getByTestId('travel-error')).toContainText('only fetched over http or https');
  } finally {
    await files.close();
  }
});

const WORKBENCH = path.join(__dirname, '../../formats/tests/data/workbench');

test('import a NoSQL Workbench file (web modeler 2.0), see what was not carried across, export it back as 3.0', async ({ page }) => {
  await openPlayground(page);
  const file = path.join(WORKBENCH, 'hotel-reservations.v2.json');
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('model-name')).toHaveText('Hotel Reservations');
  await expect(page.getByTestId('table-data')).toContainText('5 items · 7 entities');
  const notes = page.getByTestId('import-notes');
  await expect(notes).toContainText('NoSQL Workbench (2.0) model');
  await expect(notes).toContainText('DataModel[0].NonKeyAttributes: listed more than once, imported once');
  // The web modeler's value templates became key templates: the rate entity builds SK from them.
  await page.getByTestId('table-data').click();
  await expect(page.getByTestId('edit-entity-rate')).toBeVisible();

  await page.getByTestId('export-open').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-workbench').click();
  const file3 = await download;
  expect(file3.suggestedFilename()).toBe('hotel-reservations.workbench.json');
  const doc = JSON.parse(fs.readFileSync(await file3.path(), 'utf8'));
  const original = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(doc.ModelMetadata.Version).toBe('3.0');
  expect(doc.DataModel[0].TableName).toBe('data');
  expect(doc.DataModel[0].KeyAttributes).toEqual(original.DataModel[0].KeyAttributes);
  expect(doc.DataModel[0].TableData).toEqual(original.DataModel[0].TableData);
  expect(doc.DataModel[0].GlobalSecondaryIndexes[0].IndexName).toBe('GSI1');
  await expect(page.getByTestId('export-notes')).toContainText('key templates are not part of Workbench facets');

  // And the exported file opens again.
  await page.getByTestId('export-close').click();
  await page.getByTestId('file-input').setInputFiles({ name: 'again.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  await page.getByTestId('incoming-prompt').getByTestId('incoming-replace').click();
  await expect(page.getByTestId('table-data')).toContainText('5 items · 7 entities');
});

test('download CloudFormation (YAML and JSON), the seed script and the items', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'time-series');
  await page.getByTestId('export-open').click();
  const grab = async (id: string) => {
    const d = page.waitForEvent('download');
    await page.getByTestId(id).click();
    const f = await d;
    return { name: f.suggestedFilename(), text: fs.readFileSync(await f.path(), 'utf8') };
  };
  const yaml = await grab('export-cfn-yaml');
  expect(yaml.name).toBe('time-series-one-partition-per-sensor-and-month.cfn.yaml');
  expect(yaml.text).toMatch(/^AWSTemplateFormatVersion: "2010-09-09"\n/);
  expect(yaml.text).toContain('Type: "AWS::DynamoDB::Table"');
  expect(yaml.text).toContain('TimeToLiveSpecification:\n        AttributeName: "expiresAt"');
  await expect(page.getByTestId('export-result')).toContainText('Saved time-series-one-partition-per-sensor-and-month.cfn.yaml.');
  const json = JSON.parse((await grab('export-cfn-json')).text);
  expect(json.Resources.SensorData.Properties.TableName).toBe('SensorData');
  expect(json.Resources.SensorData.Properties.KeySchema).toEqual(templates.find((t) => t.slug === 'time-series')!.model.tables[0].definition.KeySchema);
  const seed = await grab('export-seed');
  expect(seed.text).toMatch(/^#!\/bin\/sh\n# Seed data for .*: 12 item\(s\) in 1 batch-write-item request\(s\) of at most 25\./);
  const items = JSON.parse((await grab('export-items')).text);
  expect(items.SensorData).toHaveLength(12);
});
