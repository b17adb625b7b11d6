/**
 * The operator's-shift specs' world (issue 27 §9, §10): a simulator and a browser-mode host
 * this spec owns, the demo account signed in, and the objects the History tests open.
 */
import { expect, test, type Page } from './test';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { startBrowserMode, type RunningHost } from './browser-mode';
import { droveThrough, ordinaryVehicles } from './driving-days';
import { signInToOwnFleet } from './own-fleet';

export const DAY = 86_400_000;

export interface ShiftWorld {
  sim: SimulatorHandle;
  host: RunningHost;
  /**
   * An ordinary vehicle of the demo company that has reported for months, with sensors, and
   * drove on every day of the last two (`recentInterval(2)`, which the History tests open).
   */
  driver: { id: number; name: string };
  /** A vehicle of the demo company that never reported. */
  silent: { id: number; name: string };
}

/** Registers the world's start and end; the returned object is filled in before the first test. */
export function useShiftWorld(): ShiftWorld {
  const w = {} as ShiftWorld;
  test.beforeAll(async () => {
    w.sim = await startSimulator({ port: 0, objects: 150, seed: 3 });
    const world = w.sim.sim.world;
    const objects = [...world.objects.values()].filter((x) => x.CompanyId === 1);
    const now = Date.now();
    // Vehicles rest on some weekdays: one parked for the whole recent interval has no track to show.
    const { from, till } = recentInterval(2);
    const d = ordinaryVehicles(world, 120, now).find((x) => x.Sensors.length > 0 && droveThrough(x.motion, from, till));
    const s = objects.find((x) => world.motion[x.Id]!.neverReported);
    if (!d || !s) throw new Error('no suitable objects in the simulated world');
    w.driver = { id: d.Id, name: d.Name };
    w.silent = { id: s.Id, name: s.Name };
    w.host = await startBrowserMode();
  });
  test.afterAll(async () => {
    await w.host?.stop();
    await w.sim?.close();
  });
  return w;
}

/** Signed in to this world's simulator with the live list filled. */
export async function openLive(page: Page, w: ShiftWorld): Promise<void> {
  await signInToOwnFleet(page, w.host.url, w.sim.baseUrl);
  await expect(page.getByText(/^\d+ objects$/)).toBeVisible({ timeout: 30_000 });
}

/**
 * The History screen on one object and interval, by link (the hash), as a pasted link or
 * the Live screen's "History" would open it. `at`: an instant picked elsewhere.
 */
export async function openHistory(page: Page, id: number, from: number, till: number, at?: number): Promise<void> {
  const hash = `#/history?o=${id}&from=${from}&till=${till}${at !== undefined ? `&at=${at}` : ''}`;
  await page.evaluate((h) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = h;
  }, hash);
  await expect(page.getByRole('main', { name: 'History' })).toBeVisible();
}

/** An interval ending at the last whole hour before now, `days` long. */
export function recentInterval(days: number): { from: number; till: number } {
  const till = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  return { from: till - days * DAY, till };
}

/** The element's box lies inside the viewport (nothing of it below the fold or past the right edge). */
export async function inViewport(page: Page, box: { x: number; y: number; width: number; height: number } | null): Promise<boolean> {
  const vp = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width + 0.5 && box.y + box.height <= vp.height + 0.5;
}
