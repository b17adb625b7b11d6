/**
 * A reply fetched over HTTP (over the host's bulk size) holds the pushes behind it, but not the
 * replies: a window whose object list is still downloading draws its positions meanwhile. Here
 * every reply over 2 KB goes by HTTP (the list of 30 objects; their positions stay on the
 * socket) and each such fetch is held until the page's store has positions, or 15 s. Before
 * replies could pass, the positions waited behind the held list and the hold ran out.
 */
import { expect, test } from './support/test';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, objects: 30, seed: 11 });
  // Polls a minute apart: no position push comes between the reload's two replies.
  host = await startBrowserMode({ args: ['--server', sim.baseUrl, '--bulk-bytes', '2048', '--poll-ms', '60000'] });
});

test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const positioned = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (globalThis as unknown as { __fleetCounts?: () => { positioned: number } }).__fleetCounts?.().positioned ?? 0).catch(() => 0);

test('a reloaded window draws its positions while its object list is still being fetched over HTTP', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(host.url);
  const form = page.getByRole('form', { name: 'Sign in to a fleet service' });
  await form.getByLabel('Server address').fill(sim.baseUrl);
  await form.getByLabel('Login').fill('admin');
  await form.getByLabel('Password').fill('admin');
  await form.getByRole('button', { name: 'Sign in' }).click();
  const list = page.getByRole('grid', { name: 'Object list' });
  await expect(list).toHaveAttribute('aria-rowcount', '31', { timeout: 60_000 });

  const heldUntilPositions: boolean[] = [];
  await page.route('**/bulk/**', async (route) => {
    let seen = false;
    for (let i = 0; i < 150 && !seen; i++) {
      seen = (await positioned(page)) > 0;
      if (!seen) await new Promise((r) => setTimeout(r, 100));
    }
    heldUntilPositions.push(seen);
    await route.continue();
  });
  await page.reload();
  await expect(list).toHaveAttribute('aria-rowcount', '31', { timeout: 60_000 });
  expect(await positioned(page)).toBeGreaterThan(0);
  // The list came by HTTP, and was let through only once the positions were in.
  expect(heldUntilPositions.length).toBeGreaterThan(0);
  expect(heldUntilPositions.every(Boolean)).toBe(true);
});
