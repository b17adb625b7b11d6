import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/core/cache';
import { parseHistoryBody, readRange, storeWindow } from '../../../main/core/history';
import { packTrack } from '../../../common/track-wire';

const HOUR = 3_600_000;
let cache: Cache | undefined;
let dir: string | undefined;
afterEach(() => {
  cache?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  cache = dir = undefined;
});

function body(from: number, points: number, stepMs: number) {
  const Positions = Array.from({ length: points }, (_, i) => ({ Lat: 50 + i * 1e-5, Lng: 14, Time: from + i * stepMs, Speed: 10, heading: 90, Sat: 8 }));
  return new TextEncoder().encode(
    JSON.stringify({
      Track: { Intervals: [{ From: from - HOUR, Till: from, Position: { Lat: 50, Lng: 14 } }, { From: from, Till: from + points * stepMs, Positions }] },
      Events: [{ Id: 7, ObjectId: 3, Time: from + 10, Type: 1 }],
      Files: [{ ObjectId: 3, Time: from + 20, Type: 'image/jpeg', Uid: 'f1' }],
      Sensors: [{ SensorId: 5, Intervals: [{ From: from, Till: from + HOUR, Values: [{ Time: from, Value: 1 }, { Time: from + 1000, Value: 2 }] }] }],
      Violations: { SpeedViolations: [{ Time: from }], AccelerationViolations: [], BrakingViolations: [], TurningViolations: [], AccelerometerFaulty: false },
    }),
  );
}

describe('storeWindow / readRange', () => {
  it('stores a window in batches across many hours and reads it back; coverage only up to coveredTill', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-hstore-'));
    cache = openCache({ dataDir: dir, baseUrl: 'https://fleet.example.com', login: 'u' });
    const from = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);
    const n = 50_000; // > two batches, ~14 h at 1 Hz
    const parsed = parseHistoryBody(body(from, n, 1000));
    const till = from + 20 * HOUR;
    const ok = await storeWindow(cache, { objectId: 3, from, till, coveredTill: from + 15 * HOUR, fetchedAt: 1, stopped: () => false }, parsed);
    expect(ok).toBe(true);
    const r = await readRange(cache, 3, from - HOUR, till);
    expect(r.track.time.length).toBe(n);
    expect(r.track.time[n - 1]).toBe(from + (n - 1) * 1000);
    // Read straight into the wire form: the same as the stored columns packed, and exactly the points stored.
    expect(r.track).toEqual(packTrack(cache.tracks.readTrack(3, from - HOUR, till)));
    expect(r.track.time).toEqual(parsed.track.time);
    expect(Array.from(r.track.latE7, (v, i) => Math.abs(v / 1e7 - parsed.track.lat[i]!)).every((d) => d < 1e-7)).toBe(true);
    // A range inside the stored hours, cut at both ends.
    const mid = await readRange(cache, 3, from + 1500, from + 3 * HOUR + 500);
    expect(mid.track).toEqual(packTrack(cache.tracks.readTrack(3, from + 1500, from + 3 * HOUR + 500)));
    expect(mid.track.time[0]).toBe(from + 2000);
    expect(mid.track.time.length).toBe(3 * 3600 - 1);
    expect(r.parkings).toHaveLength(1);
    expect(r.events.map((e) => e.Id)).toEqual([7]);
    expect(r.files.map((f) => f.Uid)).toEqual(['f1']);
    expect(r.sensors).toEqual([{ sensorId: 5, time: new Float64Array([from, from + 1000]), value: new Float64Array([1, 2]) }]);
    expect(r.violations).toHaveLength(1);
    expect(r.coverage.missing).toEqual([[from - HOUR, from], [from + 15 * HOUR, till]]);
  });

  it('records no coverage when stopped half-way', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-hstore-'));
    cache = openCache({ dataDir: dir, baseUrl: 'https://fleet.example.com', login: 'u' });
    const from = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);
    let calls = 0;
    const ok = await storeWindow(
      cache,
      { objectId: 3, from, till: from + 20 * HOUR, coveredTill: from + 20 * HOUR, fetchedAt: 1, stopped: () => ++calls > 1 },
      parseHistoryBody(body(from, 50_000, 1000)),
    );
    expect(ok).toBe(false);
    expect((await readRange(cache, 3, from, from + 20 * HOUR)).coverage.complete).toBe(false);
  });
});

describe('parkings across window boundaries', () => {
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-hstore-'));
    cache = openCache({ dataDir: dir, baseUrl: 'https://fleet.example.com', login: 'u' });
    return cache;
  };
  const parked = (ivs: { From: number; Till: number; Lat?: number }[]) =>
    parseHistoryBody(
      new TextEncoder().encode(
        JSON.stringify({ Track: { Intervals: ivs.map((iv) => ({ From: iv.From, Till: iv.Till, Position: { Lat: iv.Lat ?? 50, Lng: 14 } })) } }),
      ),
    );
  const store = (c: Cache, from: number, till: number, ivs: { From: number; Till: number; Lat?: number }[]) =>
    storeWindow(c, { objectId: 3, from, till, coveredTill: till, fetchedAt: 1, stopped: () => false }, parked(ivs));
  const T = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);

  it('a parking cut by the boundary of two windows is stored once, whichever window is stored first', async () => {
    const c = open();
    // Window B first, then A: the service clips the stop at T + 10 h in both answers.
    await store(c, T + 10 * HOUR, T + 20 * HOUR, [{ From: T + 10 * HOUR, Till: T + 12 * HOUR, Lat: 50.5 }, { From: T + 15 * HOUR, Till: T + 16 * HOUR }]);
    await store(c, T, T + 10 * HOUR, [{ From: T + HOUR, Till: T + 2 * HOUR }, { From: T + 8 * HOUR, Till: T + 10 * HOUR, Lat: 50.4 }]);
    const r = await readRange(c, 3, T, T + 20 * HOUR);
    expect(r.parkings.map((p) => [p.from - T, p.till - T])).toEqual([
      [HOUR, 2 * HOUR],
      [8 * HOUR, 12 * HOUR],
      [15 * HOUR, 16 * HOUR],
    ]);
    // The earliest piece's position.
    expect(r.parkings[1]!.lat).toBe(50.4);
    expect(c.integrityCheck()).toBe('ok');
  });

  it('the refetched open edge overlapping a stored parking extends it; touching inside a window stays apart', async () => {
    const c = open();
    await store(c, T, T + 5 * HOUR, [{ From: T + 4 * HOUR, Till: T + 5 * HOUR }]);
    // The edge [T + 4.5 h, …) fetched again later: the stop went on until T + 6 h.
    await store(c, T + 4.5 * HOUR, T + 8 * HOUR, [{ From: T + 4.5 * HOUR, Till: T + 6 * HOUR }, { From: T + 6 * HOUR, Till: T + 7 * HOUR, Lat: 51 }]);
    const r = await readRange(c, 3, T, T + 8 * HOUR);
    expect(r.parkings.map((p) => [p.from - T, p.till - T])).toEqual([
      [4 * HOUR, 6 * HOUR],
      [6 * HOUR, 7 * HOUR],
    ]);
  });
});
