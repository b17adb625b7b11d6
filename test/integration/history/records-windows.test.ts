/**
 * The History screen's catalogue calls (renderer/src/history/records/record-windows.ts) through the core
 * to the simulator over loopback: an interval longer than one request may cover, cut into
 * windows and joined, must read as the same records as one request for the whole of it
 * (the simulator here accepts 120 days, so that one request is the truth).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { fetchInWindows, PACKETS_MAX_WINDOWS, type RecordsCall, type RecordsMethod } from '../../../renderer/src/history/records/record-windows';
import { figuresFromDailyStats } from '../../../renderer/src/history/model/summary';
import { DAY, WORKER } from './harness';

/** What records.ts does, with the core's dispatcher where the renderer has the rpc. */
const fetchRecords = (method: RecordsMethod, objectId: number, from: number, till: number, zone: string, through: RecordsCall) => fetchInWindows(through, method, objectId, from, till, zone);

const TZ = 'Europe/Berlin';
/** Object 1 drives every day (dense history) and lives in Berlin (seed 7). */
const DENSE = 1;
/** Object 2 sends packets every 5 min while parked: a day's packets fit the table. */
const SPARSE = 2;

let sim: SimulatorHandle;
let core: Core;
let dataDir: string;
let nextId = 1;
const asked: { method: string; from: number; till: number }[] = [];

const call: RecordsCall = async (method, args) => {
  asked.push({ method, from: args.from, till: args.till });
  const r = await core.dispatcher.dispatch({ id: nextId++, name: method, args });
  if (r.type === 'error') throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.result as Awaited<ReturnType<RecordsCall>>;
};

/** What one request for the whole interval answers. */
async function whole(method: RecordsMethod, objectId: number, from: number, till: number) {
  return (await call(method, { objectId, from, till })).items as Record<string, unknown>[];
}

/**
 * "Last 3 months" ending at a Berlin midnight ten days after the latest clock change at
 * least a fortnight ago: the windows' edges straddle a change whatever day the test runs.
 */
function threeMonthsOverClockChange(): { from: number; till: number } {
  let day = startOfDay(new TZDate(Date.now() - 14 * DAY, TZ));
  while (addDays(day, 1).getTime() - day.getTime() === DAY) day = addDays(day, -1);
  const till = addDays(day, 10);
  return { from: addDays(till, -92).getTime(), till: till.getTime() };
}

const byFrom = (a: Record<string, unknown>, b: Record<string, unknown>) => (a.From as number) - (b.From as number);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 7, objects: 5, historyHz: 0.05, historyMaxDays: 120 });
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-history-records-'));
  core = createCore({
    dataDir,
    vault: memoryVault(),
    settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000 }),
    demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) },
    ingestWorker: WORKER,
    log: () => {},
  });
  await core.start();
});

afterAll(async () => {
  await core?.close();
  await sim?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('catalogue records over more than one window', () => {
  it('daily statistics of 92 days count each day once: the same rows and sums as one request', async () => {
    const { from, till } = threeMonthsOverClockChange();
    const truth = await whole('history/dailyStat', DENSE, from, till);
    expect(truth.length).toBeGreaterThanOrEqual(92);
    asked.length = 0;
    const got = await fetchRecords('history/dailyStat', DENSE, from, till, TZ, call);
    expect(asked.length).toBeGreaterThan(3);
    expect(got.items).toEqual([...truth].sort((a, b) => (a.Day as number) - (b.Day as number)));
    const f = figuresFromDailyStats(got.items as Record<string, unknown>[])!;
    // 92 days of the object's, give or take the hour a clock change moves its midnights.
    expect(Math.abs(f.moveTime + f.parkTime - 92 * DAY)).toBeLessThanOrEqual(DAY);
  });

  it('driver sessions and parkings/engine: none repeated or left cut at a window edge', async () => {
    const { from, till } = threeMonthsOverClockChange();
    for (const objectId of [DENSE, SPARSE]) {
      const sessions = await fetchRecords('history/driverSessions', objectId, from, till, TZ, call);
      expect(sessions.items, `sessions of ${objectId}`).toEqual((await whole('history/driverSessions', objectId, from, till)).sort(byFrom));

      const moto = (await fetchRecords('history/parkingMoto', objectId, from, till, TZ, call)).items as Record<string, Record<string, unknown>[]>[];
      const [truth] = (await whole('history/parkingMoto', objectId, from, till)) as Record<string, Record<string, unknown>[]>[];
      expect(moto).toHaveLength(1);
      expect(moto[0]!.Parkings!.length, `parkings of ${objectId}`).toBeGreaterThan(0);
      expect(moto[0]!.Parkings, `parkings of ${objectId}`).toEqual([...truth!.Parkings!].sort(byFrom));
      expect(moto[0]!.EngineIntervals, `engine of ${objectId}`).toEqual([...truth!.EngineIntervals!].sort(byFrom));
    }
  });

  it('raw packets of several days come a day per request, without a 400', async () => {
    const till = startOfDay(new TZDate(Date.now() - 3 * DAY, TZ)).getTime();
    const from = till - 3 * DAY;
    asked.length = 0;
    const r = await fetchRecords('history/packets', SPARSE, from, till, TZ, call);
    expect(asked.length).toBeGreaterThanOrEqual(3);
    for (const a of asked) expect(a.till - a.from).toBeLessThanOrEqual(DAY);
    expect(r.shownTill).toBeNull();
    const times = (r.items as { Time: number }[]).map((p) => p.Time);
    expect(new Set(times).size).toBe(times.length);
    expect(Math.min(...times)).toBeLessThan(from + DAY);
    expect(Math.max(...times)).toBeGreaterThanOrEqual(till - DAY);
  });

  it('raw packets of three months: a bounded number of requests and where the rows stop', async () => {
    const { from, till } = threeMonthsOverClockChange();
    asked.length = 0;
    const r = await fetchRecords('history/packets', SPARSE, from, till, TZ, call);
    expect(asked.length).toBeLessThanOrEqual(PACKETS_MAX_WINDOWS);
    expect(r.shownTill).not.toBeNull();
    expect(r.items.length).toBeGreaterThan(0);
    for (const p of r.items as { Time: number }[]) expect(p.Time).toBeLessThan(r.shownTill!);
  });
});
