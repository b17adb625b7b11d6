/**
 * The list's name order is the page's own. The host sends the list sorted by its collation,
 * and the first render takes that order as it came; the page checks it with its own collator
 * once idle and sorts again where they differ. Here the page speaks Swedish (Ö after Z) and
 * the host English (Ö as O): the list must end in the Swedish order.
 */
import { expect, test } from './support/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { demoObjects, signInToOwnFleet } from './support/own-fleet';

let sim: SimulatorHandle;
let host: RunningHost;
const NAMES = ['Öland 1', 'Olle 2', 'Zeta 3'];

test.use({ locale: 'sv-SE' });

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 12, seed: 33 });
  const token = await sim.tokenFor('admin');
  const mine = (await demoObjects(sim.baseUrl)).slice(0, NAMES.length);
  for (const [i, o] of mine.entries()) {
    const r = await fetch(`${sim.baseUrl}/api/Objects`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ Id: o.Id, Name: NAMES[i] }) });
    expect(r.ok).toBe(true);
  }
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-name-order-')), env: { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' } });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

test('a list sent in another collation is shown in the page’s own name order', async ({ page }) => {
  // What each side's collation makes of the names, so the test shows the two differ.
  const english = [...NAMES].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare);
  const swedish = [...NAMES].sort(new Intl.Collator('sv', { numeric: true, sensitivity: 'base' }).compare);
  expect(english).toEqual(['Öland 1', 'Olle 2', 'Zeta 3']);
  expect(swedish).toEqual(['Olle 2', 'Zeta 3', 'Öland 1']);

  await signInToOwnFleet(page, host.url, sim.baseUrl);
  const rows = page.getByRole('grid', { name: 'Object list' }).getByRole('rowgroup').getByRole('row');
  await expect(rows.filter({ hasText: 'Zeta 3' })).toHaveCount(1, { timeout: 30_000 });
  await expect(async () => {
    const texts = await rows.allInnerTexts();
    expect(NAMES.map((n) => texts.findIndex((t) => t.includes(n))).every((i) => i >= 0)).toBe(true);
    const shown = texts.map((t) => NAMES.find((n) => t.includes(n))).filter((n) => n !== undefined);
    expect(shown).toEqual(swedish);
  }).toPass({ timeout: 10_000 });
});
