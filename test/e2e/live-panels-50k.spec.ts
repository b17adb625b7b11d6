/** The list at control-room scale: 50,000 objects stay searchable, sortable and scrollable without long stalls. */
import { expect, test } from '@playwright/test';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

let host: RunningHost;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  host = await startBrowserMode({ args: ['--demo-objects', '50000'] });
});
test.afterAll(async () => {
  await host?.stop();
});

test('50,000 objects: sort, filter and search answer quickly', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(host.url);
  const count = page.getByText(/^\d+ objects$/);
  await expect(count).toBeVisible({ timeout: 120_000 });
  const total = Number((await count.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(10_000);
  const grid = page.getByRole('grid', { name: 'Object list' });

  const timed = async (action: () => Promise<unknown>, done: () => Promise<void>) => {
    const t0 = Date.now();
    await action();
    await done();
    return Date.now() - t0;
  };
  const speed = grid.getByRole('columnheader', { name: 'Speed' });
  const sortMs = await timed(() => speed.getByRole('button').click(), () => expect(speed).toHaveAttribute('aria-sort', 'ascending'));
  const filterMs = await timed(
    () => page.getByRole('combobox', { name: 'Filter by state' }).selectOption({ label: 'Moving' }),
    () => expect(page.getByText(new RegExp(`^\\d+ of ${total}$`))).toBeVisible(),
  );
  const searchMs = await timed(
    () => page.getByRole('searchbox', { name: /Search objects/ }).fill('Truck 0001'),
    () => expect(page.getByText(new RegExp(`^\\d+ of ${total}$`))).toBeVisible(),
  );
  // Long tasks while scrolling the whole list: none should stall the page for long.
  // (A string, because the test process has no DOM types.)
  const longest = await page.evaluate<number>(`(async () => {
    let worst = 0;
    const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => (worst = Math.max(worst, e.duration))));
    obs.observe({ type: 'longtask', buffered: false });
    const body = document.querySelector('[role=grid] [role=rowgroup]');
    for (let i = 0; i < 30; i++) {
      body.scrollTop += 3000;
      await new Promise((r) => requestAnimationFrame(r));
    }
    obs.disconnect();
    return worst;
  })()`);
  console.log(`50k: sort ${sortMs} ms, filter ${filterMs} ms, search ${searchMs} ms, longest scroll task ${Math.round(longest)} ms`);
  expect(sortMs).toBeLessThan(3000);
  expect(filterMs).toBeLessThan(3000);
  expect(searchMs).toBeLessThan(3000);
  expect(longest).toBeLessThan(200);
});
