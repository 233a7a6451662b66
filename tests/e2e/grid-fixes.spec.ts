import { test, expect, openPlayground } from './helpers/fixtures';
import { openTemplate as openFromGallery } from './helpers/travel';
import type { Locator, Page } from '@playwright/test';

// The Items grid and the modeler as a learner meets them: a model switch while the grid is scrolled
// sideways, the cell editor at the right edge, rows a Query marked, a column half scrolled out of view,
// the designer's duplicate index name, the Indexes tab after a model switch, and what a WCU figure counts.

/** Open a template from the gallery. A narrow frame's folded sidebar is unfolded for its Templates
 * button, and folded again so that it does not cover the gallery. */
async function openTemplate(page: Page, slug: string): Promise<void> {
  const toggle = page.getByTestId('sidebar-toggle');
  if (!(await toggle.isVisible())) return openFromGallery(page, slug);
  if (!(await page.getByTestId('gallery').isVisible())) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.getByTestId('open-gallery').click();
  }
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click({ force: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId(`gallery-open-${slug}`).click();
  // The playground asks before it replaces work: the prompt, or the gallery gone at once.
  const prompt = page.getByTestId('incoming-prompt');
  await expect(prompt.or(page.locator('[data-testid=gallery]:not(:visible)'))).toHaveCount(1).catch(() => {});
  await expect(async () => {
    if (await prompt.isVisible()) await prompt.getByTestId('incoming-replace').click();
    await expect(page.getByTestId('gallery')).toBeHidden({ timeout: 500 });
  }).toPass();
}

/** The boxes of the grid's header cells and of the first item row's cells, by attribute column. */
async function columnBoxes(grid: Locator) {
  return grid.evaluate((el) => {
    const heads = [...el.querySelectorAll<HTMLElement>('.mdl-grid-head .mdl-col-head[title]')].filter((h) => !h.classList.contains('mdl-frozen-size') && !h.classList.contains('mdl-frozen-wcu'));
    const row = el.querySelector<HTMLElement>('[data-testid=grid-row]');
    const cells = row ? [...row.querySelectorAll<HTMLElement>('[data-testid=cell]')] : [];
    const frame = el.getBoundingClientRect();
    return {
      frame: { left: frame.left, right: frame.left + el.clientWidth },
      heads: heads.map((h) => ({ name: h.title, left: h.getBoundingClientRect().left, text: h.textContent ?? '' })),
      cells: cells.map((c) => ({ col: c.dataset.col ?? '', left: c.getBoundingClientRect().left })),
    };
  });
}

/** Whether a computed CSS colour is fully opaque. */
function opaque(colour: string): boolean {
  if (colour === 'transparent') return false;
  const slash = colour.match(/\/\s*([\d.]+)(%?)\s*\)$/);
  if (slash) return Number(slash[1]) >= (slash[2] ? 100 : 1);
  const rgba = colour.match(/^rgba\(.*,\s*([\d.]+)\)$/);
  if (rgba) return Number(rgba[1]) >= 1;
  return true;
}

/** Whether `inner` lies inside `outer` (client rectangles, a pixel's tolerance). */
function inside(inner: { x: number; y: number; width: number; height: number }, outer: { left: number; top: number; right: number; bottom: number }): boolean {
  return inner.x >= outer.left - 1 && inner.y >= outer.top - 1 && inner.x + inner.width <= outer.right + 1 && inner.y + inner.height <= outer.bottom + 1;
}

/** The part of `grid` a reader sees: its client area, scrollbars left out. */
async function frameOf(grid: Locator) {
  return grid.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left + el.clientLeft, top: r.top + el.clientTop, right: r.left + el.clientLeft + el.clientWidth, bottom: r.top + el.clientTop + el.clientHeight };
  });
}

for (const [label, size, switchSize] of [
  ['1280 px', { width: 1280, height: 800 }, { width: 1280, height: 800 }],
  ['420 × 600', { width: 420, height: 600 }, { width: 800, height: 600 }],
] as const) {
  test(`a model switch while the grid is scrolled sideways starts the grid again at its corner (${label === '1280 px' ? label : '800 × 600'})`, async ({ page }) => {
    // The narrow frame's folded sidebar does not open the gallery yet: a frame just wide enough for it.
    await page.setViewportSize(switchSize);
    await openPlayground(page);
    await openTemplate(page, 'ecommerce');
    const grid = page.getByTestId('item-grid');
    await grid.getByTestId('grid-row').first().getByTestId('cell').first().click();
    for (let i = 0; i < 12; i++) await grid.press('ArrowRight');
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(1000);

    await openTemplate(page, 'posts-by-tag');
    await expect(page.getByTestId('grid-table-name')).toHaveText('SocialPosts');
    // Back at the top-left corner, with no cursor left over from the other model.
    await expect.poll(() => grid.evaluate((el) => [el.scrollLeft, el.scrollTop])).toEqual([0, 0]);
    await expect(grid.getByTestId('grid-cursor')).toHaveCount(0);
    // Header and rows line up column by column, the header names every column, and the key column
    // sits right after the gutter.
    const boxes = await columnBoxes(grid);
    expect(boxes.heads[0].name).toBe('PK');
    expect(boxes.heads[0].left - boxes.frame.left).toBeLessThan(60);
    for (const cell of boxes.cells) {
      const head = boxes.heads.find((h) => h.name === cell.col);
      expect(head, `a header for ${cell.col}`).toBeTruthy();
      expect(Math.abs(head!.left - cell.left), `${cell.col} lines up with its header`).toBeLessThan(1);
    }
    for (const head of boxes.heads.filter((h) => h.left < boxes.frame.right)) expect(head.text.trim()).not.toBe('');
    // Every band's label is in view.
    const frame = await frameOf(grid);
    const label = grid.getByTestId('partition-band').first().locator('.mdl-stick');
    const box = await label.boundingBox();
    expect(box && box.x >= frame.left && box.x < frame.right).toBe(true);
    // The cursor comes back on the first item's key cell, drawn over that cell.
    await grid.press('ArrowDown');
    const cursor = await grid.getByTestId('grid-cursor').boundingBox();
    const cell = await grid.getByTestId('grid-row').first().getByTestId('cell').first().boundingBox();
    expect(cursor && cell && Math.abs(cursor.x - cell.x) < 2 && Math.abs(cursor.y - cell.y) < 2).toBe(true);
  });

  test(`the cell editor stays inside the grid at its right edge, type menu, Save and message in view (${label})`, async ({ page }) => {
    await page.setViewportSize(size);
    await openPlayground(page);
    await openTemplate(page, 'ecommerce');
    const grid = page.getByTestId('item-grid');
    await grid.scrollIntoViewIfNeeded();
    const frame = await frameOf(grid);
    // Past the key columns (PK, SK), as a reader moves to the attributes: in a narrow frame the grid
    // scrolls to show them.
    await grid.getByTestId('grid-row').first().getByTestId('cell').first().click();
    for (let i = 0; i < 2; i++) await grid.press('ArrowRight');
    await page.waitForTimeout(100);
    // The rightmost attribute column in view, left of the frozen Size and WCU columns (which scroll
    // with the rest in a narrow frame): the last whose left part shows.
    const column = await grid.evaluate((el, right) => {
      const cells = [...el.querySelectorAll<HTMLElement>('[data-testid=grid-row]')][0].querySelectorAll<HTMLElement>('[data-testid=cell]');
      const size = el.querySelector<HTMLElement>('.mdl-grid-head .mdl-frozen-size')!.getBoundingClientRect().left;
      const limit = Math.min(right, size);
      return [...cells].filter((c) => Number(c.dataset.c) >= 2 && c.getBoundingClientRect().left + 24 <= limit).pop()!.dataset.col!;
    }, frame.right);
    const cell = grid.getByTestId('grid-row').first().locator(`[data-testid=cell][data-col="${column}"]`);
    await cell.click({ position: { x: 8, y: 10 } });
    await expect(grid.getByTestId('grid-cursor')).toHaveCount(1);
    const scrolled = await grid.evaluate((el) => el.scrollLeft);
    await grid.press('Enter');
    const editor = page.getByTestId('cell-editor');
    await expect(editor).toBeVisible();
    // It opens where it fits, by its cell: the grid does not jump sideways to show it (which would move
    // the cell being edited away from it).
    await page.waitForTimeout(100);
    expect(await grid.evaluate((el) => el.scrollLeft)).toBe(scrolled);
    const [at, of] = [(await editor.boundingBox())!, (await cell.boundingBox())!];
    expect(at.x <= of.x + of.width && at.x + at.width >= of.x, 'the editor spans its cell\'s column').toBe(true);
    // All of it in view as it opens, before anything is done in it (Playwright scrolls what it acts on
    // into view, which would hide an editor that opened half outside).
    const opened = await frameOf(grid);
    for (const id of ['cell-editor', 'cell-editor-type', 'cell-editor-save', 'cell-editor-cancel']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && inside(box, opened), `${id} ${JSON.stringify(box)} inside the grid ${JSON.stringify(opened)} as it opens`).toBe(true);
    }
    await editor.getByTestId('cell-editor-type').selectOption('N');
    await editor.getByTestId('cell-editor-input').fill('not a number');
    await editor.getByTestId('cell-editor-save').click();
    await expect(editor.getByTestId('cell-editor-error')).toBeVisible();
    await page.waitForTimeout(100); // placed again for its height with the message, after layout
    // Where the grid is now: a click scrolls the page to the cell in a short frame.
    const now = await frameOf(grid);
    for (const id of ['cell-editor', 'cell-editor-type', 'cell-editor-save', 'cell-editor-error']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && inside(box, now), `${id} ${JSON.stringify(box)} inside the grid ${JSON.stringify(now)}`).toBe(true);
    }
    // Nothing covers Save: a click there reaches it.
    const save = (await editor.getByTestId('cell-editor-save').boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'), [save.x + save.width / 2, save.y + save.height / 2]);
    expect(hit).toBe('cell-editor-save');
    await editor.getByTestId('cell-editor-cancel').click();
    await expect(editor).toBeHidden();
  });
}

test('rows a Query returned are highlighted opaquely: the frozen Size, WCU and key cells show no text beneath them', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'saas');
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-pk').fill('TENANT#abc');
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-status')).toContainText('200 OK');
  await page.getByTestId('tab-items').click();
  const grid = page.getByTestId('item-grid');
  const matched = grid.locator('[data-testid=grid-row][data-match=true]');
  await expect(matched.first()).toBeVisible();
  // Scrolled sideways, attribute cells pass under the frozen cells.
  await grid.evaluate((el) => (el.scrollLeft = 300));
  await expect.poll(() => grid.evaluate((el) => getComputedStyle(el).getPropertyValue('--mdl-sl').trim())).toBe('300px');
  const backgrounds = await matched.evaluateAll((rows) =>
    rows.flatMap((r) => [...r.querySelectorAll<HTMLElement>('.mdl-frozen-key, .mdl-frozen-size, .mdl-frozen-wcu')].map((c) => `${c.dataset.testid}: ${getComputedStyle(c).backgroundColor}`)),
  );
  expect(backgrounds.length).toBeGreaterThan(0);
  for (const b of backgrounds) expect(opaque(b.split(': ')[1]), b).toBe(true);
  // And the highlight is still there to see: a matched row's cells differ from an unmatched one's.
  const colour = (row: Locator) => row.locator('.mdl-frozen-size').evaluate((c) => getComputedStyle(c).backgroundColor);
  expect(await colour(matched.first())).not.toBe(await colour(grid.locator('[data-testid=grid-row][data-match=false]').first()));
});

test("a column half scrolled under the key column shows its name in the part still in view", async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  const grid = page.getByTestId('item-grid');
  // Half of the first column after the key column scrolled under it.
  await grid.evaluate((el) => (el.scrollLeft = 85));
  await expect.poll(() => grid.evaluate((el) => getComputedStyle(el).getPropertyValue('--mdl-sl').trim())).toBe('85px');
  const shown = await grid.evaluate((el) => {
    const heads = [...el.querySelectorAll<HTMLElement>('.mdl-grid-head .mdl-col-head[title]')];
    const key = heads[0].getBoundingClientRect();
    const half = heads[1];
    const text = [...half.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')!;
    const range = document.createRange();
    range.selectNodeContents(text);
    const r = range.getBoundingClientRect();
    // What is drawn at the text's first letter: the header cell itself, not the key column over it.
    const at = document.elementFromPoint(r.left + 2, r.top + r.height / 2);
    return { name: half.title, textLeft: r.left, keyRight: key.right, topmost: at === half };
  });
  expect(shown.textLeft, `${shown.name} starts right of the key column`).toBeGreaterThanOrEqual(shown.keyRight - 1);
  expect(shown.topmost).toBe(true);
});

test('a duplicate index name is shown at the index being edited', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  await page.getByTestId('edit-table').click();
  const designer = page.getByTestId('designer');
  await designer.getByTestId('add-gsi').click();
  await designer.getByTestId('gsi-1-name').fill('GSI1');
  await expect(designer.getByTestId('error-gsi-1')).toContainText('Duplicate index name: GSI1');
  await expect(designer.getByTestId('error-gsi-0')).toBeHidden();
  // Renaming the first to the second's name blames the first, the one being edited now.
  await designer.getByTestId('gsi-1-name').fill('ByStatus');
  await expect(designer.getByTestId('error-gsi-1')).toBeHidden();
  await designer.getByTestId('gsi-0-name').fill('ByStatus');
  await expect(designer.getByTestId('error-gsi-0')).toContainText('Duplicate index name: ByStatus');
  await expect(designer.getByTestId('error-gsi-1')).toBeHidden();
  await designer.getByTestId('designer-cancel').click();
});

test("after a model switch the Indexes tab opens on the new model's first index", async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'posts-by-tag');
  await page.getByTestId('tab-indexes').click();
  await page.getByTestId('index-tab-LatestPosts').click();
  await expect(page.getByTestId('index-tab-LatestPosts')).toHaveAttribute('aria-selected', 'true');
  await openTemplate(page, 'saas');
  await page.getByTestId('tab-indexes').click();
  await expect(page.getByTestId('index-tab-GSI1')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('index-tab-GSI2')).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByTestId('index-summary')).toContainText('GSI · keys GSI1PK');
});

/** The WCU figures of a grid's rows with their tooltips. */
async function wcuCells(grid: Locator): Promise<{ key: string; wcu: string; why: string }[]> {
  return grid.getByTestId('grid-row').evaluateAll((rows) =>
    rows.map((r) => {
      const c = r.querySelector<HTMLElement>('[data-testid=item-wcu]')!;
      return { key: r.getAttribute('data-key') ?? '', wcu: c.textContent ?? '', why: c.title };
    }),
  );
}

/** `table 1 WCU + GSI GSI1 1 WCU = 2 WCU` → its terms (`table 1`, `GSI GSI1 1`), checked to add up to `wcu`. */
function addsUp(why: string, wcu: string): string[] {
  const m = why.match(/^(.*?)(?: = ([\d.]+) WCU)?(?: \((?:no index entry|indexes not counted)\))?$/);
  expect(m, `"${why}" is a breakdown`).toBeTruthy();
  const terms = m![1].split(' + ').map((t) => {
    expect(t, `"${why}": a term`).toMatch(/^.+ [\d.]+ WCU$/);
    return t.replace(/ WCU$/, '');
  });
  expect(String(terms.reduce((s, t) => s + Number(t.split(' ').pop()), 0))).toBe(wcu);
  if (terms.length > 1) expect(m![2]).toBe(wcu);
  return terms;
}

test('the Items grid says its WCU is the table plus its indexes, and each figure breaks down into them', async ({ page }) => {
  await openPlayground(page);
  await openTemplate(page, 'ecommerce');
  const grid = page.getByTestId('item-grid');
  await expect(grid.getByTestId('wcu-head')).toHaveText('WCU (table + indexes)');
  await expect(grid.getByTestId('wcu-head')).toHaveAttribute('title', /the table, plus the same for each index entry/);
  const cells = await wcuCells(grid);
  expect(cells.length).toBeGreaterThan(0);
  for (const c of cells) {
    const terms = addsUp(c.why, c.wcu);
    expect(terms[0]).toMatch(/^table \d+$/);
    for (const t of terms.slice(1)) expect(t).toMatch(/^GSI GSI1 \d+$/);
  }
  // An order carries GSI1's keys: its PutItem writes the table and the index, 1 WCU each (both under 1 KB).
  expect(cells.map((c) => c.why)).toContain('table 1 WCU + GSI GSI1 1 WCU = 2 WCU');

  // The Indexes tab's grid counts the index entry's own write, and says so.
  await page.getByTestId('tab-indexes').click();
  const index = page.getByTestId('index-grid');
  await expect(index.getByTestId('wcu-head')).toHaveText('WCU (index entry)');
  for (const c of await wcuCells(index)) expect(c.why).toBe(`index entry ${c.wcu} WCU`);

  // The Query tab's grid says which of the two it shows, and its figures agree.
  await page.getByTestId('tab-query').click();
  await page.getByTestId('q-pk').fill('USER#u1');
  await page.getByTestId('q-run').click();
  const results = page.getByTestId('q-grid');
  const head = (await results.getByTestId('wcu-head').textContent())!.replace(/\s+/g, ' ').trim();
  expect(head).toMatch(/^WCU \((table \+ indexes|table alone)\)$/);
  for (const c of await wcuCells(results)) {
    const terms = addsUp(c.why, c.wcu);
    if (head === 'WCU (table alone)') expect(c.why).toBe(`table ${c.wcu} WCU (indexes not counted)`);
    else expect(terms[0]).toMatch(/^table \d+$/);
  }
});
