/**
 * The top bar at 1600, 1400, 1280 and 1024 px (issue 29): with six screens (Settings the
 * sixth), the connection badge must read whole. Narrow bars fold the screen tabs to their icons;
 * each tab keeps its name for readers and tests. A screenshot of the bar per width in
 * test/artifacts.
 */
import { expect, test } from './support/test';
import { mkdirSync } from 'node:fs';
import { openLive, useShiftWorld } from './support/shift-world';

const w = useShiftWorld();

type Box = { scrollWidth: number; clientWidth: number };

test('the connection badge reads whole at every width, and every screen tab keeps its name', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync('test/artifacts', { recursive: true });
  await openLive(page, w);
  const badge = page.getByRole('status', { name: 'Connection and data age' });
  await expect(badge).toContainText(/Online/);
  const tabs = page.getByRole('navigation', { name: 'Screens' });
  for (const width of [1600, 1400, 1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(badge).toContainText(/Positions \d+ s old/);
    // Clipped: the badge, or any part of it (an ellipsis too), holds more than it shows.
    const cut = await badge.evaluate((el) => {
      const over = (e: unknown) => (e as Box).scrollWidth > (e as Box).clientWidth + 0.5;
      return [el, ...(el as unknown as { querySelectorAll(s: string): unknown[] }).querySelectorAll('*')].some((e) => over(e) && (e as { clientWidth: number }).clientWidth > 0);
    });
    expect.soft(cut, `connection badge clipped at ${width} px`).toBe(false);
    // Nothing of the bar past the window's right edge.
    const bar = await page.getByRole('banner').evaluate((el) => ({ scroll: (el as unknown as Box).scrollWidth, client: (el as unknown as Box).clientWidth }));
    expect.soft(bar.scroll, `top bar overflows at ${width} px`).toBeLessThanOrEqual(bar.client);
    for (const name of ['Live', 'History', 'Reports', 'Files', 'Admin', 'Settings']) await expect(tabs.getByRole('button', { name })).toBeVisible();
    await page.getByRole('banner').screenshot({ path: `test/artifacts/top-bar-${width}.png` });
  }
});
