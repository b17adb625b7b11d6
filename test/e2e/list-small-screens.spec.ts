/**
 * The object list for an operator at a small screen (issue 27 §10): the Columns popover,
 * an empty search, the keyboard from the search into the list, a double click to follow,
 * one colour for a selected row. Sizes and screenshots: screen-sizes.spec.ts.
 */
import { expect, test, type Page } from './support/test';
import { openLive, useShiftWorld } from './support/shift-world';
import { overlap } from './support/boxes';

const w = useShiftWorld();

const grid = (page: Page) => page.getByRole('grid', { name: 'Object list' });
const dataRows = (page: Page) => grid(page).getByRole('rowgroup').getByRole('row');

test('the Columns popover: every box named and aligned, closed by Escape and by a press on a sort header', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openLive(page, w);
  const columns = page.getByRole('group', { name: 'Columns to show' });
  await page.getByText('Columns', { exact: true }).click();
  await expect(columns).toBeVisible();
  const boxes = columns.getByRole('checkbox');
  const n = await boxes.count();
  expect(n).toBeGreaterThan(5);
  const lefts: number[] = [];
  for (let i = 0; i < n; i++) {
    const box = boxes.nth(i);
    // Named by its own label, not by the group around it.
    const name = await box.evaluate((el) => (el as unknown as { labels: { textContent: string | null }[] }).labels[0]?.textContent?.trim() ?? '');
    expect(name, `checkbox ${i} has no label`).not.toBe('');
    lefts.push(Math.round((await box.boundingBox())!.x));
    // Nothing of the map (its notices, its legend) lies over the box where it opens.
    const b = (await box.boundingBox())!;
    const onTop = await columns.evaluate(
      (group, [x, y]) => {
        const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document;
        return (group as unknown as { contains(n: unknown): boolean }).contains(doc.elementFromPoint(x, y));
      },
      [b.x + b.width / 2, b.y + b.height / 2] as const,
    );
    expect(onTop, `${name}: something covers its box`).toBe(true);
  }
  expect(new Set(lefts).size, `checkboxes at ${lefts.join(', ')}`).toBe(1);
  // It covers no sort header: each stays in sight and in reach while it is open.
  const pop = (await columns.boundingBox())!;
  const headers = grid(page).getByRole('columnheader');
  for (let i = 0; i < (await headers.count()); i++) {
    const h = (await headers.nth(i).boundingBox())!;
    expect(overlap(h, pop), `the popover covers the header ${await headers.nth(i).textContent()}`).toBe(false);
  }
  await page.screenshot({ path: 'test/artifacts/list-columns-popover.png', clip: { x: 0, y: 0, width: 800, height: 460 } });
  await page.keyboard.press('Escape');
  await expect(columns).toBeHidden();
  // Open again: a press on a sort header closes it and sorts.
  await page.getByText('Columns', { exact: true }).click();
  await expect(columns).toBeVisible();
  const plate = grid(page).getByRole('columnheader', { name: 'Plate' });
  await plate.getByRole('button').click({ position: { x: 5, y: 5 }, force: true });
  await expect(columns).toBeHidden();
});

test('an empty search says no objects match', async ({ page }) => {
  await openLive(page, w);
  const search = page.getByRole('searchbox', { name: /Search objects/ });
  await search.fill('zz no such vehicle zz');
  await expect(page.getByRole('status').filter({ hasText: /No objects match/ })).toBeVisible();
});

test('↓ from the search goes into the list', async ({ page }) => {
  await openLive(page, w);
  const search = page.getByRole('searchbox', { name: /Search objects/ });
  await expect(dataRows(page).first()).toBeVisible();
  await search.focus();
  await search.press('ArrowDown');
  const first = dataRows(page).first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-selected', 'true');
});

test('a double click on a row follows the object', async ({ page }) => {
  await openLive(page, w);
  const follow = page.getByRole('button', { name: 'Follow' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const row = dataRows(page).nth(2);
  await row.dblclick();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
});

test('a selected row has one colour: picked, marked, both, or under the pointer', async ({ page }) => {
  await openLive(page, w);
  const bg = (i: number) => dataRows(page).nth(i).evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
  const row = dataRows(page).nth(2);
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await row.hover();
  const selected = await bg(2);
  await dataRows(page).nth(4).getByRole('checkbox').check();
  await dataRows(page).nth(2).getByRole('checkbox').check();
  await page.mouse.move(1, 1);
  expect(await bg(4)).toBe(selected);
  expect(await bg(2)).toBe(selected);
  expect(selected).not.toBe(await bg(6));
});
