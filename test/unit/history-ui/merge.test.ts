import { describe, expect, it } from 'vitest';
import { unpackHistory, type HistoryData } from '../../../common/methods/history';
import { packTrack } from '../../../common/track-wire';
import { coalesce, mergeHistory, subtractRange } from '../../../renderer/src/history/model/merge';
import { track } from './helpers';

const H = 3_600_000;

/** Six hours of one object as the cache holds them: a point every 10 s, a parking, an event, a sensor value and a violations window per hour. */
function wholeRead(): HistoryData {
  const hours = Array.from({ length: 6 }, (_, h) => h * H);
  const rows: [number, number, number, number][] = Array.from({ length: 2160 }, (_, i) => [i * 10_000, 50 + i * 1e-5, 10 + i * 2e-5, i % 90]);
  return {
    objectId: 1,
    from: 0,
    till: 6 * H,
    track: track(rows),
    parkings: hours.map((t) => ({ from: t + 600_000, till: t + 900_000, lat: 50, lng: 10 })),
    events: hours.map((t) => ({ Id: t / 1000 + 1, ObjectId: 1, Time: t + 1000, Type: 2, Text: `at ${t}` })),
    files: [],
    sensors: [{ sensorId: 9, time: Float64Array.from(hours), value: Float64Array.from(hours, (t) => t / H) }],
    violations: hours.map((t) => ({ from: t, till: t + H, violations: [] as never })),
    coverage: { complete: true, missing: [] },
  };
}
const WHOLE = wholeRead();

/** What history/read answers for [from, till) of WHOLE. */
function read(from: number, till: number, missing: [number, number][] = []): HistoryData {
  return { ...WHOLE, from, till, ...cut(WHOLE, from, till), coverage: { complete: missing.length === 0, missing } };
}

describe('mergeHistory', () => {
  it('gives what one read of the whole would, whatever order the windows come in', () => {
    const whole = WHOLE;
    // Only the first two hours were cached: history/load answers them, the rest missing.
    let data: HistoryData = { ...read(0, 2 * H), till: 6 * H, coverage: { complete: false, missing: [[2 * H, 6 * H]] } };
    for (const [a, b] of [
      [4 * H, 6 * H],
      [2 * H, 4 * H],
    ] as const)
      data = mergeHistory(data, read(a, b));
    expect(data.track).toEqual(whole.track);
    expect(data.sensors).toEqual(whole.sensors);
    expect(data.parkings).toEqual(whole.parkings);
    expect(data.events).toEqual(whole.events);
    expect(data.violations).toEqual(whole.violations);
    expect(data.coverage).toEqual({ complete: true, missing: [] });
  });

  it('merges a part in the wire form (coordinates as integers of 1e-7°) exactly as the same part unpacked', () => {
    const base = (): HistoryData => ({ ...read(0, 2 * H), till: 6 * H, coverage: { complete: false, missing: [[2 * H, 6 * H]] } });
    // After the last point (appended), then before it (spliced in).
    const parts = [read(4 * H, 6 * H), read(2 * H, 4 * H)].map((p) => ({ ...p, track: packTrack(p.track) }));
    let viaWire = base();
    let viaColumns = base();
    for (const p of parts) {
      viaWire = mergeHistory(viaWire, p);
      viaColumns = mergeHistory(viaColumns, unpackHistory(p));
    }
    expect(viaWire.track).toEqual(viaColumns.track);
    expect(viaWire.track.lat).toBeInstanceOf(Float64Array);
    expect(viaWire.track.lat[2000]).toBe(packTrack(WHOLE.track).latE7[2000]! / 1e7);
  });

  it('replaces the pieces of a parking the store joined across a window edge', () => {
    const base: HistoryData = { ...read(0, 2 * H), parkings: [{ from: 2 * H - 60_000, till: 2 * H, lat: 50, lng: 10 }] };
    const part: HistoryData = { ...read(2 * H, 4 * H), parkings: [{ from: 2 * H - 60_000, till: 2 * H + 300_000, lat: 50, lng: 10 }] };
    expect(mergeHistory(base, part).parkings).toEqual([{ from: 2 * H - 60_000, till: 2 * H + 300_000, lat: 50, lng: 10 }]);
  });

  it('keeps missing what the part itself still lacks', () => {
    const base = read(0, 4 * H, [[2 * H, 4 * H]]);
    const part = read(2 * H, 4 * H, [[3 * H, 4 * H]]);
    expect(mergeHistory(base, part).coverage).toEqual({ complete: false, missing: [[3 * H, 4 * H]] });
  });
});

/** Only the [from, till) part of a read. */
function cut(d: HistoryData, from: number, till: number): Partial<HistoryData> {
  const keep = Array.from(d.track.time, (t, i) => [t, i] as const).filter(([t]) => t >= from && t < till).map(([, i]) => i);
  const pick = <A extends Float64Array | Float32Array | Uint8Array>(c: A): A => new (c.constructor as new (x: number[]) => A)(keep.map((i) => c[i]!));
  const t = d.track;
  return {
    track: { time: pick(t.time), lat: pick(t.lat), lng: pick(t.lng), speed: pick(t.speed), heading: pick(t.heading), alt: pick(t.alt), sat: pick(t.sat) },
    parkings: d.parkings.filter((p) => p.from >= from && p.from < till),
    events: d.events.filter((e) => e.Time >= from && e.Time < till),
    sensors: d.sensors.map((s) => {
      const k = Array.from(s.time, (x, i) => [x, i] as const).filter(([x]) => x >= from && x < till).map(([, i]) => i);
      return { sensorId: s.sensorId, time: Float64Array.from(k, (i) => s.time[i]!), value: Float64Array.from(k, (i) => s.value[i]!) };
    }),
    violations: d.violations.filter((v) => v.from >= from && v.from < till),
  };
}

describe('ranges', () => {
  it('subtractRange cuts a range out of the missing parts', () => {
    expect(subtractRange([[0, 10], [20, 30]], [5, 25])).toEqual([[0, 5], [25, 30]]);
    expect(subtractRange([[0, 10]], [10, 20])).toEqual([[0, 10]]);
  });

  it('coalesce joins touching windows and clips them to the interval', () => {
    expect(coalesce([[30, 40], [0, 10], [10, 20], [50, 70]], 5, 60)).toEqual([[5, 20], [30, 40], [50, 60]]);
    expect(coalesce([[100, 200]], 0, 50)).toEqual([]);
  });
});
