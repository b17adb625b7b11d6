import { expect, test } from './support/test';
import { mkdirSync } from 'node:fs';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

let host: RunningHost;
test.beforeAll(async () => {
  host = await startBrowserMode();
});
test.afterAll(async () => {
  await host?.stop();
});

test('a newcomer lands on the live demo fleet, and it moves', async ({ page }) => {
  await page.goto(host.url);
  const grid = page.getByRole('grid', { name: 'Object list' });
  await expect(grid).toBeVisible();
  // The demo signs itself in: every demo object is listed (the count says how many).
  const count = page.getByText(/^[1-9]\d* objects$/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(10);
  // The grid virtualises rows; its row count covers all objects (+1 header row).
  await expect(grid).toHaveAttribute('aria-rowcount', String(total + 1));
  await expect(page.getByRole('status', { name: 'Connection and data age' })).toContainText('Online');
  // The map's legend accounts for every object once, whatever its state.
  const legend = page.getByRole('list', { name: 'Objects by state' });
  await expect
    .poll(async () => (await legend.getByRole('listitem').allTextContents()).reduce((n, t) => n + Number(/([\d,]+)$/.exec(t)?.[1]?.replace(/,/g, '') ?? 0), 0))
    .toBe(total);

  // At least one object's position changes within two poll intervals (1 s here).
  const positions = () =>
    page.evaluate(() => {
      const w = globalThis as unknown as { __fleetPositions?: () => Record<string, [number, number]> };
      return w.__fleetPositions?.() ?? {};
    });
  const before = await positions();
  expect(Object.keys(before).length).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const after = await positions();
        return Object.keys(after).filter((id) => before[id] && (after[id]![0] !== before[id]![0] || after[id]![1] !== before[id]![1])).length;
      },
      { timeout: 5_000, intervals: [500] },
    )
    .toBeGreaterThan(0);

  mkdirSync('test/artifacts', { recursive: true });
  await page.screenshot({ path: 'test/artifacts/main-screen.png' });
});

test('search narrows the list', async ({ page }) => {
  await page.goto(host.url);
  const grid = page.getByRole('grid', { name: 'Object list' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const firstName = (await grid.getByRole('row').nth(1).getByRole('gridcell').first().textContent())!;
  await page.getByRole('searchbox', { name: /Search objects/ }).fill(firstName);
  await expect(page.getByText(/^\d+ of \d+$/)).toBeVisible();
  await expect(grid.getByRole('row').nth(1).getByRole('gridcell').first()).toHaveText(firstName);
});

