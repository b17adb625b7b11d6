/**
 * A reply the page fetches over HTTP (over the host's bulk size) holds the socket's messages
 * behind it, and they are handled one after another once it is in. A History load whose own
 * reply came that way must still hear the pushes of its windows that queued behind it, though
 * they may reach the screen before the reply's id does. Here every binary reply over 1 KB goes
 * by HTTP and each such fetch is held back, so the pushes queue behind the load's reply. (With
 * the screen's handling of the reply held back one task, it stayed at "Fetching… 0%" before
 * the screen kept early pushes.) Those replies are fetched by the page's worker (decision 0081);
 * with its script refused, or with a worker that fails after taking them, the page fetches them
 * itself.
 */
import { expect, test, type Page } from './support/test';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { ordinaryVehicles } from './support/driving-days';
import { historyNotes } from './support/history-suite';

const DAY = 86_400_000;
let sim: SimulatorHandle;
let host: RunningHost;
let plain: { Id: number; Name: string };

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, objects: 12, seed: 7 });
  plain = ordinaryVehicles(sim.sim.world, 60)[0]!;
  host = await startBrowserMode({ args: ['--server', sim.baseUrl, '--bulk-bytes', '1024'] });
});

test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

/** Signed in to the simulator as demo: the host keeps the session, so only the first page (or a test run alone) signs in. */
async function signedIn(page: Page): Promise<void> {
  await page.goto(host.url);
  const form = page.getByRole('form', { name: 'Sign in to a fleet service' });
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await expect(form.or(screens)).toBeVisible();
  if (await form.isVisible()) {
    await form.getByLabel('Server address').fill(sim.baseUrl);
    await form.getByLabel('Login').fill('demo');
    await form.getByLabel('Password').fill('demo');
    await form.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(screens).toBeVisible();
}

/** History of the plain vehicle from `from` to `till`, by the screen's route. */
const openHistory = (page: Page, from: number, till: number) =>
  page.evaluate((h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h), `#/history?o=${plain.Id}&from=${from}&till=${till}`);

test('a History load hears every push that came while an earlier reply was being fetched over HTTP', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  // Held back, so the load's reply and its windows' pushes arrive while one is in flight.
  let held = 0;
  await page.route('**/bulk/**', async (route) => {
    held++;
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  const till = Math.floor(Date.now() / DAY) * DAY - 5 * DAY;
  const open = (from: number) => openHistory(page, from, till);
  const notes = () => historyNotes(page);
  // Two days first; then six, whose reply carries the two cached days (over 1 KB: by HTTP)
  // while the other four are fetched and announced.
  await open(till - 2 * DAY);
  await expect(page.getByLabel('Selected object')).toContainText(plain.Name);
  await expect.poll(notes, { timeout: 60_000 }).toContain('Whole interval loaded.');
  await open(till - 6 * DAY);
  await expect.poll(notes, { timeout: 60_000 }).not.toContain('Whole interval loaded.');
  await expect.poll(notes, { timeout: 60_000 }).toContain('Whole interval loaded.');
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible();
  expect(held).toBeGreaterThan(0);
  // Fetched by the page's worker (decision 0081): the page falls back to fetching them itself
  // when it cannot start one, which would hide a worker the CSP or the build stopped.
  expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/\/assets\/bulk-fetch\.worker-[\w-]+\.js$/));
});

test('with its bulk-fetch worker’s script refused, the page fetches the big replies itself', async ({ page }) => {
  test.setTimeout(120_000);
  let refused = 0;
  await page.route('**/assets/bulk-fetch.worker-*.js', (route) => {
    refused++;
    return route.abort();
  });
  let fetched = 0;
  await page.route('**/bulk/**', (route) => {
    fetched++;
    return route.continue();
  });
  await signedIn(page);
  const till = Math.floor(Date.now() / DAY) * DAY - 5 * DAY;
  await openHistory(page, till - 6 * DAY, till);
  await expect.poll(() => historyNotes(page), { timeout: 60_000 }).toContain('Whole interval loaded.');
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  expect(fetched).toBeGreaterThan(0);
  expect(page.workers().map((w) => w.url())).not.toContainEqual(expect.stringMatching(/bulk-fetch\.worker/));
});

test('a bulk-fetch worker that fails after taking fetches hands them back: the page fetches them itself', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  await expect.poll(() => page.workers().filter((w) => /bulk-fetch\.worker/.test(w.url())).length).toBe(1);
  const worker = page.workers().find((w) => /bulk-fetch\.worker/.test(w.url()))!;
  // From here it takes fetches and answers none, until told to fail: only the hand-back can
  // settle what it held.
  await worker.evaluate(() => {
    const me = globalThis as unknown as { held: number; onmessage: (e: { data: { type: string } }) => void };
    me.held = 0;
    me.onmessage = (e) => {
      if (e.data.type === 'fetch') me.held++;
    };
  });
  const till = Math.floor(Date.now() / DAY) * DAY - 5 * DAY;
  await openHistory(page, till - 6 * DAY, till);
  await expect.poll(() => worker.evaluate(() => (globalThis as unknown as { held: number }).held), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(await historyNotes(page)).not.toContain('Whole interval loaded.');
  await worker.evaluate(() => {
    setTimeout(() => {
      throw new Error('the bulk-fetch worker fails');
    });
  });
  // Without the hand-back, the replies the worker held would never settle and the load would not end.
  await expect.poll(() => historyNotes(page), { timeout: 60_000 }).toContain('Whole interval loaded.');
  await expect(page.getByText(/[1-9][\d,]* points$/)).toBeVisible();
});
