/**
 * Live and History at 1600×1000, 1280×800 and 1024×700 in both themes (issue 27): twelve
 * screenshots in test/artifacts to look at, and what must hold at every size: the account
 * name, the list's last column and the history player in sight. Below the main window's
 * sizes, a panel window's 720 px: the top bar's controls all in sight.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync } from 'node:fs';
import { inViewport, openHistory, openLive, recentInterval, useShiftWorld } from './support/shift-world';

test.describe.configure({ mode: 'serial' });
const w = useShiftWorld();

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
];

async function setTheme(page: Page, dark: boolean) {
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(dark));
}

test('Live and History read well at three sizes in both themes', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync('test/artifacts', { recursive: true });
  await openLive(page, w);
  const { from, till } = recentInterval(2);
  for (const dark of [false, true]) {
    await setTheme(page, dark);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const name = `${size.width}x${size.height}-${dark ? 'dark' : 'light'}`;
      await page.evaluate(() => {
        (globalThis as unknown as { location: { hash: string } }).location.hash = '#/live';
      });
      const grid = page.getByRole('grid', { name: 'Object list' });
      await expect(grid.getByRole('rowgroup').getByRole('row').first()).toBeVisible();
      // The event rows come a render after the panel (a deferred value): the screenshot waits for them too.
      await expect(page.getByRole('list', { name: 'Event feed' }).getByRole('listitem').first()).toBeVisible();
      await page.mouse.move(0, size.height - 1);
      await page.screenshot({ path: `test/artifacts/live-${name}.png` });
      // The account and its service, whole in the top bar.
      const account = page.getByText(/ · demo$/);
      const clipped = await account.evaluate((el) => (el as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth > (el as unknown as { clientWidth: number }).clientWidth);
      expect.soft(clipped, `account name clipped at ${name}`).toBe(false);
      // The list's last column header inside the list: read without scrolling sideways.
      const headers = grid.getByRole('columnheader');
      const last = await headers.last().boundingBox();
      const list = await grid.boundingBox();
      expect.soft(last!.x + last!.width, `last column cut at ${name}`).toBeLessThanOrEqual(list!.x + list!.width + 0.5);
      // And its heading whole, not ellipsised.
      const cut = await headers.last().getByRole('button').evaluate((b) => {
        const label = (b as unknown as { firstElementChild: { scrollWidth: number; clientWidth: number } }).firstElementChild;
        return label.scrollWidth > label.clientWidth;
      });
      expect.soft(cut, `last column heading ellipsised at ${name}`).toBe(false);

      await openHistory(page, w.driver.id, from, till);
      await expect(page.getByRole('status').filter({ hasText: 'Whole interval loaded.' })).toBeVisible({ timeout: 60_000 });
      const play = page.getByRole('group', { name: 'Player' });
      await expect(play.getByRole('button', { name: 'Play' })).toBeVisible();
      await page.mouse.move(0, size.height - 1);
      await page.screenshot({ path: `test/artifacts/history-${name}.png` });
      expect.soft(await inViewport(page, await play.boundingBox()), `player below the fold at ${name}`).toBe(true);
    }
  }
});

test('at a panel window’s 720 px the top bar keeps every control in sight, the page not scrolling sideways', async ({ page }) => {
  await openLive(page, w);
  await page.setViewportSize({ width: 720, height: 900 });
  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = '#/settings';
  });
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
  const bar = page.getByRole('banner');
  const controls = [
    ...(await bar.getByRole('navigation', { name: 'Screens' }).getByRole('button').all()),
    bar.getByRole('button', { name: /· demo$/ }),
    bar.getByRole('button', { name: /^Connection:/ }),
    bar.getByRole('button', { name: 'Events window' }),
    bar.getByRole('button', { name: 'Objects window' }),
    bar.getByRole('button', { name: 'Dark theme' }),
    bar.getByRole('button', { name: 'Sign out' }),
  ];
  for (const control of controls) {
    const name = (await control.getAttribute('title')) ?? (await control.textContent());
    expect.soft(await inViewport(page, await control.boundingBox()), `${name} out of sight`).toBe(true);
  }
  const scrollWidth = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(720);
  await page.screenshot({ path: 'test/artifacts/settings-720.png', clip: { x: 0, y: 0, width: 720, height: 200 } });
});
