/**
 * history/* and files/get through the dispatcher, as the renderer reaches them: a core
 * signed in to the simulator over loopback, a real SQLite file, pushes from the bus.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import { unpackHistory, type FileBody, type HistoryOverview, type HistoryPackets, type HistoryProgress, type HistoryRecords, type WireHistoryData, type WireHistoryLoadResult } from '../../../common/methods/history';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { DAY, OBJECT, WORKER } from './harness';

let sim: SimulatorHandle;
let core: Core;
let dataDir: string;
const pushes: PushEnvelope[] = [];
let nextId = 1;

async function dispatch(name: string, args: unknown) {
  return core.dispatcher.dispatch({ id: nextId++, name, args });
}

async function call<T>(name: string, args: unknown): Promise<T> {
  const r = await dispatch(name, args);
  if (r.type === 'error') throw Object.assign(new Error(`${name}: ${r.error.code} ${r.error.message}`), { code: r.error.code });
  return r.result as T;
}

async function errorOf(name: string, args: unknown): Promise<{ code: string; message: string }> {
  const r = await dispatch(name, args);
  if (r.type !== 'error') throw new Error(`${name} succeeded, an error was expected`);
  return r.error;
}

/** Resolves with the last push of a load (bounded by the test's timeout). */
function finished(loadId: string): Promise<HistoryProgress> {
  return new Promise((resolve) => {
    const check = (p: PushEnvelope) => {
      const a = p.args as HistoryProgress;
      if (p.name === 'history/progress' && a.loadId === loadId && a.done) {
        stop();
        resolve(a);
      }
    };
    const stop = core.bus.subscribe(check);
    // It may have ended already.
    for (const p of pushes) check(p);
  });
}

/** The service listens again, and a poll's answer tells the console so, as its pollers do in the app (decision 0080). */
async function backOnline(): Promise<void> {
  await sim.startListening();
  await core.session.current().pollEvents();
}

/** A range well in the past: wholly closed. */
function pastRange(days: number, endDaysAgo: number) {
  const till = Math.floor(Date.now() / DAY) * DAY - endDaysAgo * DAY;
  return { from: till - days * DAY, till };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 7, objects: 5, historyHz: 0.05 });
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-history-rpc-'));
  core = createCore({
    dataDir,
    vault: memoryVault(),
    settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000 }),
    demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) },
    // As the apps run: windows parsed and stored by the ingest worker's entry.
    ingestWorker: WORKER,
    log: () => {},
  });
  core.bus.subscribe((p) => pushes.push(p));
  await core.start();
});

afterAll(async () => {
  await core?.close();
  await sim?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('history handlers through the dispatcher', () => {
  it('refuses malformed arguments with invalid_input before any handler runs', async () => {
    const r = pastRange(2, 3);
    for (const [name, args] of [
      ['history/load', { objectId: 'two', from: r.from, till: r.till }],
      ['history/load', { objectId: OBJECT, from: r.till, till: r.from }],
      ['history/read', { objectId: OBJECT, from: r.from }],
      ['history/read', { objectId: OBJECT, from: 0, till: 500 * DAY }],
      ['history/dailyStat', { objectId: 1.5, from: r.from, till: r.till }],
      ['history/driverSessions', null],
      ['history/parkingMoto', { objectId: OBJECT, from: 'yesterday', till: r.till }],
      ['history/packets', { objectId: OBJECT, from: Number.NaN, till: r.till }],
      ['history/cancel', { loadId: '' }],
      ['files/get', { uid: '' }],
      ['files/get', {}],
    ] as const) {
      expect((await errorOf(name, args)).code, `${name} ${JSON.stringify(args)}`).toBe('invalid_input');
    }
  });

  it('load: the reply first, then progress and chunk pushes in order, ending with one done', async () => {
    const r = pastRange(6, 40);
    pushes.length = 0;
    let repliedAt = -1;
    const reply = call<WireHistoryLoadResult>('history/load', { objectId: OBJECT, ...r }).then((x) => {
      repliedAt = pushes.filter((p) => p.name.startsWith('history/')).length;
      return x;
    });
    const first = await reply;
    // No push of this load may precede its reply.
    expect(repliedAt).toBe(0);
    expect(first.loadId).not.toBeNull();
    expect(first.coverage.missing).toEqual([[r.from, r.till]]);
    const end = await finished(first.loadId!);
    expect(end.error).toBeUndefined();
    expect(end.fetchedMs).toBe(r.till - r.from);

    const mine = pushes.filter((p) => (p.args as { loadId?: string }).loadId === first.loadId);
    expect(mine[0]!.name).toBe('history/progress');
    expect((mine[0]!.args as HistoryProgress).fetchedMs).toBe(0);
    expect(mine.at(-1)!.name).toBe('history/progress');
    expect(mine.filter((p) => (p.args as HistoryProgress).done)).toHaveLength(1);
    const progress = mine.filter((p) => p.name === 'history/progress').map((p) => (p.args as HistoryProgress).fetchedMs);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
    const chunks = mine.filter((p) => p.name === 'history/chunk');
    expect(chunks.length).toBeGreaterThanOrEqual(1);
    // Each chunk is announced after the window is stored: a read then sees it.
    const wire = await call<WireHistoryData>('history/read', { objectId: OBJECT, ...r });
    expect(wire.track.latE7).toBeInstanceOf(Int32Array);
    const read = unpackHistory(wire);
    expect(read.coverage.complete).toBe(true);
    expect(read.track.time.length).toBeGreaterThan(100);
    expect(read.track.time).toBeInstanceOf(Float64Array);
    expect(core.session.current().cache.integrityCheck()).toBe('ok');

    // The sketch: fewer points, every one of them a point of the full track, both ends kept.
    const { track: ov, breaks } = await call<HistoryOverview>('history/overview', { objectId: OBJECT, ...r });
    expect(ov.time).toBeInstanceOf(Float64Array);
    expect(breaks).toBeInstanceOf(Uint8Array);
    expect(breaks.length).toBe(ov.time.length);
    expect(ov.time.length).toBeGreaterThan(1);
    expect(ov.time.length).toBeLessThan(read.track.time.length);
    const full = new Map(Array.from(read.track.time, (t, i) => [t, [read.track.lat[i], read.track.lng[i]]]));
    for (let i = 0; i < ov.time.length; i++) expect(full.get(ov.time[i]!)).toEqual([ov.lat[i], ov.lng[i]]);
    expect(ov.time[0]).toBe(read.track.time[0]);
    expect(ov.time[ov.time.length - 1]).toBe(read.track.time[read.track.time.length - 1]);
    expect(await errorOf('history/overview', { objectId: OBJECT, from: r.till, till: r.from })).toMatchObject({ code: 'invalid_input' });
    expect(await errorOf('history/overview', { objectId: OBJECT, ...r, maxPoints: 5 })).toMatchObject({ code: 'invalid_input' });
    expect(await errorOf('history/overview', { objectId: OBJECT, ...r, maxPoints: 'all' })).toMatchObject({ code: 'invalid_input' });
    // Asked for fewer points: at most that many, all of them from the track, both ends kept.
    expect(ov.time.length).toBeGreaterThan(200);
    const budget = Math.floor(ov.time.length / 2);
    const { track: coarse } = await call<HistoryOverview>('history/overview', { objectId: OBJECT, ...r, maxPoints: budget });
    expect(coarse.time.length).toBeLessThanOrEqual(budget);
    for (let i = 0; i < coarse.time.length; i++) expect(full.get(coarse.time[i]!)).toEqual([coarse.lat[i], coarse.lng[i]]);
    expect([coarse.time[0], coarse.time.at(-1)]).toEqual([ov.time[0], ov.time.at(-1)]);

    // Covered now: answered from the cache, nothing fetched, no pushes.
    const again = await call<WireHistoryLoadResult>('history/load', { objectId: OBJECT, ...r });
    expect(again.loadId).toBeNull();
    expect(again.track.time.length).toBe(read.track.time.length);
  });

  it('cancel: true for a running load, false for an unknown one', async () => {
    const r = pastRange(60, 60);
    const a = await call<WireHistoryLoadResult>('history/load', { objectId: OBJECT, ...r });
    expect(await call('history/cancel', { loadId: a.loadId })).toEqual({ cancelled: true });
    const end = await finished(a.loadId!);
    expect(end.cancelled).toBe(true);
    expect(await call('history/cancel', { loadId: 'no-such-load' })).toEqual({ cancelled: false });
  });

  it('dailyStat, driverSessions, parkingMoto: from the service, then the same answer from the cache offline', async () => {
    const r = pastRange(5, 10);
    const args = { objectId: OBJECT, ...r };
    const online: Record<string, HistoryRecords> = {};
    for (const name of ['history/dailyStat', 'history/driverSessions', 'history/parkingMoto']) {
      const got = await call<HistoryRecords>(name, args);
      expect(got.fromCache, name).toBe(false);
      expect(got.items.length, name).toBeGreaterThan(0);
      expect(got.fetchedAt, name).toBeGreaterThan(0);
      online[name] = got;
    }
    const day = online['history/dailyStat']!.items;
    expect(day.every((d) => d.ObjectId === OBJECT)).toBe(true);
    expect(online['history/driverSessions']!.items.every((s) => typeof s.DriverName === 'string' && (s.From as number) < (s.Till as number))).toBe(true);
    const moto = online['history/parkingMoto']!.items[0]!;
    expect(Array.isArray(moto.Parkings)).toBe(true);
    expect(Array.isArray(moto.EngineIntervals)).toBe(true);

    await sim.stopListening();
    try {
      for (const name of Object.keys(online)) {
        const cached = await call<HistoryRecords>(name, args);
        expect(cached.fromCache, name).toBe(true);
        expect(cached.items, name).toEqual(online[name]!.items);
        expect(cached.fetchedAt, name).toBe(online[name]!.fetchedAt);
        // A request never answered is not invented: the error says offline.
        expect((await errorOf(name, { objectId: OBJECT, from: r.from - DAY, till: r.till })).code, name).toBe('offline');
      }
    } finally {
      await backOnline();
    }
  });

  it('dailyStat cachedOnly: the kept copy without asking the service; none said as fetchedAt null', async () => {
    const r = pastRange(3, 30);
    const args = { objectId: OBJECT, ...r };
    expect(await call<HistoryRecords>('history/dailyStat', { ...args, cachedOnly: true })).toEqual({ items: [], fetchedAt: null, fromCache: true });
    const online = await call<HistoryRecords>('history/dailyStat', args);
    expect(online.items.length).toBeGreaterThan(0);
    // The service failing: the kept copy still comes, and the service is not asked.
    sim.setFaults({ errorRate: 1, pathPattern: '^/api/ObjectsHistory/DailyStat' });
    try {
      const errorsBefore = sim.sim.faults.injected.error;
      const kept = await call<HistoryRecords>('history/dailyStat', { ...args, cachedOnly: true });
      expect(kept).toEqual({ items: online.items, fetchedAt: online.fetchedAt, fromCache: true });
      expect(sim.sim.faults.injected.error).toBe(errorsBefore);
    } finally {
      sim.clearFaults();
    }
    expect(await call('history/resume', { loadId: 'no-such-load' })).toEqual({ resumed: false });
  });

  it('packets: passed through for a day; offline is an error (not cached)', async () => {
    const r = pastRange(1, 4);
    const p = await call<HistoryPackets>('history/packets', { objectId: OBJECT, ...r });
    expect(p.items.length).toBeGreaterThan(0);
    await sim.stopListening();
    try {
      expect((await errorOf('history/packets', { objectId: OBJECT, ...r })).code).toBe('offline');
    } finally {
      await backOnline();
    }
  });

  it('files/get: downloads a file named by the history once, then serves it from the cache offline', async () => {
    // Files come with photo events: look over a month of each object until one is met.
    const r = pastRange(30, 70);
    let read: WireHistoryData | undefined;
    for (let objectId = 1; objectId <= 5 && !read?.files.length; objectId++) {
      const a = await call<WireHistoryLoadResult>('history/load', { objectId, ...r });
      if (a.loadId) expect((await finished(a.loadId)).error).toBeUndefined();
      read = await call<WireHistoryData>('history/read', { objectId, ...r });
    }
    expect(read!.files.length).toBeGreaterThan(0);
    const file = read!.files[0]!;

    const body = await call<FileBody>('files/get', { uid: file.Uid });
    expect(body.uid).toBe(file.Uid);
    expect(body.type).toBe(file.Type);
    expect(body.bytes).toBeInstanceOf(Uint8Array);
    expect(body.bytes.byteLength).toBeGreaterThan(0);

    await sim.stopListening();
    try {
      const cached = await call<FileBody>('files/get', { uid: file.Uid });
      expect(Buffer.from(cached.bytes).equals(Buffer.from(body.bytes))).toBe(true);
      const other = read!.files.find((f) => f.Uid !== file.Uid);
      if (other) expect((await errorOf('files/get', { uid: other.Uid })).code).toBe('offline');
    } finally {
      await backOnline();
    }
    expect((await errorOf('files/get', { uid: 'no-such-file' })).code).toBe('not_found');
  });
});
