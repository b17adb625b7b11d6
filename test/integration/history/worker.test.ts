/**
 * The worker path of history writes: the same bodies stored by the ingest worker's entry
 * (own connection to the WAL file, bytes transferred) and in-thread give the same cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUR_MS, openCache, type Cache } from '../../../main/core/cache';
import { inThreadHistoryWriter, readOverview, readRange, workerHistoryReader, workerHistoryWriter, type HistoryWriter } from '../../../main/core/history';
import { historyWriterHandlers } from '../../../main/core/history/writer';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { signIn } from '../../../main/core/api/auth';
import { DAY, OBJECT, WORKER } from './harness';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function tempCache(): Cache {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-hworker-'));
  const cache = openCache({ dataDir: dir, baseUrl: 'https://fleet.example.com', login: 'u' });
  cleanup.push(() => {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return cache;
}

async function bodies(sim: SimulatorHandle, windows: { from: number; till: number }[]): Promise<Uint8Array[]> {
  const token = (await signIn(fetch, sim.baseUrl, 'demo', 'demo')).token;
  const out: Uint8Array[] = [];
  for (const w of windows) {
    const r = await fetch(`${sim.baseUrl}/api/ObjectsHistory`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ObjectId: OBJECT, From: w.from, Till: w.till }),
    });
    expect(r.status).toBe(200);
    out.push(new Uint8Array(await r.arrayBuffer()));
  }
  return out;
}

async function storeAll(writer: HistoryWriter, windows: { from: number; till: number }[], bs: Uint8Array[]) {
  const signal = new AbortController().signal;
  // Two at a time, as a load keeps two windows in flight; a later pair's parse reuses the
  // columns of windows already stored (the worker's column pool).
  const out: Awaited<ReturnType<HistoryWriter['store']>>[] = [];
  for (let i = 0; i < windows.length; i += 2)
    out.push(
      ...(await Promise.all(
        windows.slice(i, i + 2).map((w, j) => writer.store(bs[i + j]!.slice(), { objectId: OBJECT, ...w, coveredTill: w.till, fetchedAt: 1 }, signal)),
      )),
    );
  return out;
}

describe('history writes in a worker thread', () => {
  it('stores the same data as in-thread, integrity ok, bytes transferred not copied', async () => {
    const sim = await startSimulator({ port: 0, seed: 7, objects: 5, historyHz: 0.2 });
    cleanup.push(() => sim.close());
    const till = Math.floor(Date.now() / DAY) * DAY - 5 * DAY;
    const windows = [
      { from: till - 6 * DAY, till: till - 4 * DAY },
      { from: till - 4 * DAY, till: till - 3 * DAY },
      { from: till - 3 * DAY, till: till - 1 * DAY },
      { from: till - 1 * DAY, till },
    ];
    const bs = await bodies(sim, windows);

    const a = tempCache();
    const threaded = workerHistoryWriter(WORKER, a.file);
    cleanup.push(() => threaded.close());
    expect(threaded.threaded).toBe(true);
    const view = bs[0]!.slice();
    const [first] = await Promise.all([
      threaded.store(view, { objectId: OBJECT, ...windows[0]!, coveredTill: windows[0]!.till, fetchedAt: 1 }, new AbortController().signal),
    ]);
    // The buffer went to the worker: nothing was cloned on this side.
    expect(view.byteLength).toBe(0);
    expect(first!.stored).toBe(true);
    const rest = await storeAll(threaded, windows.slice(1), bs.slice(1));
    expect(rest.every((r) => r.stored)).toBe(true);

    const b = tempCache();
    const here = inThreadHistoryWriter(b);
    expect(here.threaded).toBe(false);
    await storeAll(here, windows, bs);

    expect(a.integrityCheck()).toBe('ok');
    const ra = await readRange(a, OBJECT, windows[0]!.from, till);
    const rb = await readRange(b, OBJECT, windows[0]!.from, till);
    expect(ra.track.time.length).toBeGreaterThan(1000);
    expect(ra.coverage).toEqual({ complete: true, missing: [] });
    expect(ra).toEqual(rb);
    // Written by the worker's connection, seen by this one (WAL).
    expect(ra.parkings.length).toBeGreaterThan(0);
    for (let i = 1; i < ra.parkings.length; i++) expect(ra.parkings[i]!.from).toBeGreaterThan(ra.parkings[i - 1]!.till - 1);

    // The reader worker serves the full read and the sketch, both as this thread reads them.
    const reader = workerHistoryReader(WORKER, a.file);
    cleanup.push(() => reader.close());
    const from = windows[0]!.from;
    const [full, overview] = await Promise.all([reader.read(OBJECT, from, till), reader.overview(OBJECT, from, till, Infinity)]);
    // Packed for the socket, and exactly this thread's read.
    expect(full.track.latE7).toBeInstanceOf(Int32Array);
    expect(full.track).toEqual(ra.track);
    expect(overview).toEqual(readOverview(a, OBJECT, from, till, Infinity));
    expect(overview.track.time.length).toBeGreaterThan(300);
    expect(overview.track.time.length).toBeLessThan(full.track.time.length);
    // …and within a budget, the same as here.
    const budget = Math.floor(overview.track.time.length / 3);
    const coarser = await reader.overview(OBJECT, from, till, budget);
    expect(coarser.track.time.length).toBeLessThanOrEqual(budget);
    expect(coarser).toEqual(readOverview(a, OBJECT, from, till, budget));
  });

  it('lends a window’s columns to the next parse only once that window is stored', async () => {
    // The worker's side of the messages, driven here: two windows arrive in one turn, as a
    // load's two in flight can, and a third after both are stored (it reuses their columns).
    // Every object drives around the clock: each window is thousands of points.
    const sim = await startSimulator({ port: 0, seed: 7, objects: 5, dense: 5, historyHz: 1 });
    cleanup.push(() => sim.close());
    const till = Math.floor(Date.now() / DAY) * DAY - 5 * DAY + 12 * HOUR_MS;
    // Several hours each: a store yields between hours, which is when a wrong lend shows.
    const windows = [
      { from: till - 9 * HOUR_MS, till: till - 6 * HOUR_MS },
      { from: till - 6 * HOUR_MS, till: till - 3 * HOUR_MS },
      { from: till - 3 * HOUR_MS, till },
    ];
    const bs = await bodies(sim, windows);
    const a = tempCache();
    const writer = historyWriterHandlers(a, { take: () => [], drop: () => {} });
    const store = (i: number) =>
      writer.store(
        { body: bs[i]!.slice().buffer, objectId: OBJECT, ...windows[i]!, coveredTill: windows[i]!.till, fetchedAt: 1 },
        { id: i, signal: new AbortController().signal, transfer: [] },
      );
    const results = [...(await Promise.all([store(0), store(1)])), await store(2)];
    expect(results.map((r) => r.stored)).toEqual([true, true, true]);

    const b = tempCache();
    await storeAll(inThreadHistoryWriter(b), windows, bs);
    const ra = await readRange(a, OBJECT, windows[0]!.from, till);
    expect(ra.track.time.length).toBeGreaterThan(9 * 3000);
    expect(ra).toEqual(await readRange(b, OBJECT, windows[0]!.from, till));
  });

  it('a body that is not a history answer is a server_error, and the worker keeps serving', async () => {
    const c = tempCache();
    const w = workerHistoryWriter(WORKER, c.file);
    cleanup.push(() => w.close());
    const signal = new AbortController().signal;
    await expect(w.store(new TextEncoder().encode('[1, 2]'), { objectId: 1, from: 0, till: DAY, coveredTill: DAY, fetchedAt: 1 }, signal)).rejects.toMatchObject({
      code: 'server_error',
      message: expect.stringContaining('POST /api/ObjectsHistory'),
    });
    const ok = await w.store(new TextEncoder().encode('{}'), { objectId: 1, from: 0, till: DAY, coveredTill: DAY, fetchedAt: 1 }, signal);
    expect(ok).toEqual({ stored: true, points: 0 });
    expect(c.coverage.gaps(1, 0, DAY)).toEqual([]);
  });

  it('an aborted window stops in the worker and records no coverage', async () => {
    const c = tempCache();
    const w = workerHistoryWriter(WORKER, c.file);
    cleanup.push(() => w.close());
    const HOUR = 3_600_000;
    const from = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);
    const n = 60_000;
    const Positions = Array.from({ length: n }, (_, i) => ({ Lat: 50, Lng: 14, Time: from + i * 1000 }));
    const body = new TextEncoder().encode(JSON.stringify({ Track: { Intervals: [{ From: from, Till: from + n * 1000, Positions }] } }));
    const ctl = new AbortController();
    const p = w.store(body, { objectId: 4, from, till: from + n * 1000, coveredTill: from + n * 1000, fetchedAt: 1 }, ctl.signal);
    ctl.abort();
    expect((await p).stored).toBe(false);
    expect(c.coverage.gaps(4, from, from + n * 1000)).toHaveLength(1);
    expect(c.integrityCheck()).toBe('ok');
  });
});
