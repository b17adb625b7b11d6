import { describe, expect, it } from 'vitest';
import { emptyTrackColumns, HOUR_MS, trackColumnsFromPoints, type TrackColumns } from '../../../main/core/cache';
import type { History } from '../../../common/resources';
import { BEFORE_007 } from './before-migrations';
import { useTempCaches } from './helpers';

const t = useTempCaches();

const T0 = Date.UTC(2025, 0, 15, 10, 0, 0); // an hour boundary

/** Points at the given times, with values derived from the time so they can be checked. */
function pointsAt(times: number[], tag = 0): TrackColumns {
  const c = emptyTrackColumns(times.length);
  times.forEach((time, i) => {
    const s = (time - T0) / 1000;
    c.time[i] = time;
    c.lat[i] = 55.7558123 + s * 1e-5;
    c.lng[i] = -37.6173456 - s * 1e-5;
    c.speed[i] = (s % 100) + tag;
    c.heading[i] = s % 360;
    c.alt[i] = 100.5;
    c.sat[i] = 7 + tag;
  });
  return c;
}

const secs = (from: number, to: number, step = 1) => {
  const out: number[] = [];
  for (let s = from; s < to; s += step) out.push(T0 + s * 1000);
  return out;
};

describe('track storage', () => {
  it('round-trips points across hour boundaries', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const input = pointsAt(secs(-1800, 5400, 1)); // 2 hours, spanning 3 hour rows
    expect(c.tracks.writeTrack(7, input)).toBe(7200);
    expect(c.db.prepare('SELECT count(*) FROM track_chunks WHERE object_id = 7').pluck().get()).toBe(3);

    const all = c.tracks.readTrack(7, T0 - 10 * HOUR_MS, T0 + 10 * HOUR_MS);
    expect(all.time.length).toBe(7200);
    expect(Array.from(all.time)).toEqual(Array.from(input.time));
    expect(Array.from(all.lat)).toEqual(Array.from(input.lat, (v) => Math.round(v * 1e7) / 1e7));
    expect(all.lat[0]).toBeCloseTo(input.lat[0]!, 7);
    expect(Array.from(all.lng)).toEqual(Array.from(input.lng, (v) => Math.round(v * 1e7) / 1e7));
    expect(Array.from(all.speed)).toEqual(Array.from(input.speed));
    expect(Array.from(all.heading)).toEqual(Array.from(input.heading));
    expect(Array.from(all.alt)).toEqual(Array.from(input.alt));
    expect(Array.from(all.sat)).toEqual(Array.from(input.sat));
    expect(all.time).toBeInstanceOf(Float64Array);
    expect(all.speed).toBeInstanceOf(Float32Array);
    expect(all.sat).toBeInstanceOf(Uint8Array);

    // [from, till): from included, till excluded, across a boundary.
    const part = c.tracks.readTrack(7, T0 - 2000, T0 + 3000);
    expect(Array.from(part.time)).toEqual([T0 - 2000, T0 - 1000, T0, T0 + 1000, T0 + 2000]);
    expect(c.tracks.readTrack(7, T0 + 10.5, T0 + 1000.5).time.length).toBe(1);
    expect(c.tracks.readTrack(8, T0 - HOUR_MS, T0 + HOUR_MS).time.length).toBe(0);
    expect(c.tracks.readTrack(7, T0, T0).time.length).toBe(0);
    expect(c.tracks.readTrack(7, -Infinity, Infinity).time.length).toBe(7200);

    c.tracks.deleteTrack(7, T0, T0 + HOUR_MS);
    expect(c.tracks.readTrack(7, -Infinity, Infinity).time.length).toBe(3600);
  });

  it('merges with stored hours, dedupes by time (new wins) and keeps order', () => {
    const dataDir = t.tempDir();
    const c = t.open({ dataDir });
    c.tracks.writeTrack(1, pointsAt(secs(-100, 100, 2))); // even seconds around the boundary
    // Odd seconds plus an overlap (-10 … 10 every second) with a different tag, written unsorted.
    const second = secs(-99, 101, 2).concat(secs(-10, 10, 1)).reverse();
    c.tracks.writeTrack(1, pointsAt(second, 50));
    c.close();

    const c2 = t.open({ dataDir });
    const got = c2.tracks.readTrack(1, T0 - HOUR_MS, T0 + HOUR_MS);
    expect(Array.from(got.time)).toEqual(secs(-100, 100, 1));
    const i0 = got.time.indexOf(T0);
    expect(got.sat[i0]).toBe(57); // overwritten by the second write
    expect(got.sat[got.time.indexOf(T0 - 100_000)]).toBe(7); // untouched
    expect(got.sat[got.time.indexOf(T0 + 50_000)]).toBe(7);
    expect(got.sat[got.time.indexOf(T0 + 51_000)]).toBe(57);
    for (let i = 1; i < got.time.length; i++) expect(got.time[i]!).toBeGreaterThan(got.time[i - 1]!);
    expect(c2.integrityCheck()).toBe('ok');
  });

  it('keeps the last of duplicate times within one write', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const input = pointsAt([T0 + 5000, T0 + 1000, T0 + 5000, T0 + 3000]);
    input.speed.set([1, 2, 3, 4]);
    expect(c.tracks.writeTrack(3, input)).toBe(3);
    const got = c.tracks.readTrack(3, T0, T0 + HOUR_MS);
    expect(Array.from(got.time)).toEqual([T0 + 1000, T0 + 3000, T0 + 5000]);
    expect(Array.from(got.speed)).toEqual([2, 4, 3]);
  });

  it('converts service points and keeps unknown values as NaN / 0', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.tracks.writeTrack(4, trackColumnsFromPoints([{ Lat: 1.5, Lng: 2.5, Time: T0 }]));
    const got = c.tracks.readTrack(4, T0, T0 + 1);
    expect(got.lat[0]).toBe(1.5);
    expect(Number.isNaN(got.speed[0])).toBe(true);
    expect(got.sat[0]).toBe(0);
  });

  it('rejects columns of different lengths', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const bad = pointsAt(secs(0, 3));
    bad.sat = new Uint8Array(2);
    expect(() => c.tracks.writeTrack(1, bad)).toThrow(/column sat/);
  });

  it('stores parkings and a whole history response', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const history: History = {
      Track: {
        Intervals: [
          { From: T0, Till: T0 + 600_000, Position: { Lat: 10, Lng: 20, Alt: 5 } },
          {
            From: T0 + 600_000,
            Till: T0 + 602_000,
            Positions: [
              { Lat: 10, Lng: 20, Time: T0 + 600_000, Speed: 3, heading: 4, Sat: 9, Alt: 1 },
              { Lat: 10.1, Lng: 20.1, Time: T0 + 601_000, Speed: 5, heading: 6, Sat: 9, Alt: 1 },
            ],
          },
        ],
      },
      Events: [{ Id: 77, ObjectId: 9, Time: T0 + 1, Type: 4, Text: 'Ignition on' }],
      Files: [{ ObjectId: 9, Time: T0 + 2, Type: 'image/jpeg', Uid: 'f1' }],
      Sensors: [{ SensorId: 3, Intervals: [{ From: T0, Till: T0 + 10, Values: [{ Time: T0 + 5, Value: 1 }, { Time: T0 + 1, Value: 2 }] }] }],
      Violations: { SpeedViolations: [], AccelerationViolations: [], BrakingViolations: [], TurningViolations: [], AccelerometerFaulty: false },
    };
    c.history.storeHistory(9, T0, T0 + HOUR_MS, history, T0 + HOUR_MS);
    expect(c.tracks.readParkings(9, T0 - 1, T0 + 1)).toEqual([{ from: T0, till: T0 + 600_000, lat: 10, lng: 20, alt: 5 }]);
    expect(c.tracks.readParkings(9, T0 + 600_000, T0 + HOUR_MS)).toEqual([]);
    expect(Array.from(c.tracks.readTrack(9, T0, T0 + HOUR_MS).lat)).toEqual([10, 10.1]);
    expect(c.events.forObject(9, T0, T0 + HOUR_MS)).toEqual([
      { event: history.Events[0], acknowledged: null, ackPending: false },
    ]);
    expect(c.history.files(9, T0, T0 + HOUR_MS)).toEqual(history.Files);
    const series = c.history.sensorSeries(9, 3, T0, T0 + HOUR_MS);
    expect(Array.from(series.time)).toEqual([T0 + 1, T0 + 5]);
    expect(Array.from(series.value)).toEqual([2, 1]);
    expect(c.history.violations(9, T0, T0 + 1)[0]?.violations.AccelerometerFaulty).toBe(false);

    c.history.putFileBody('f1', new Uint8Array([1, 2, 3]), 1);
    expect(Array.from(c.history.fileBody('f1')!)).toEqual([1, 2, 3]);
    expect(c.integrityCheck()).toBe('ok');
  });

  it('keeps a coarse copy of each hour: a point per 100 m moved, both ends of every hour, clipped to the range', () => {
    const c = t.open({ dataDir: t.tempDir() });
    // pointsAt moves about 1.4 m a second: 2 hours at 1 Hz, about 10 km.
    c.tracks.writeTrack(7, pointsAt(secs(0, 7200, 1)));
    const full = c.tracks.readTrack(7, T0, T0 + 2 * HOUR_MS);
    const ov = c.tracks.readOverview(7, T0, T0 + 2 * HOUR_MS);
    // About one kept per 70 points, plus the ends of each hour.
    expect(ov.time.length).toBeGreaterThan(7200 / 80);
    expect(ov.time.length).toBeLessThan(7200 / 60);
    const at = new Map(Array.from(full.time, (time, i) => [time, i]));
    for (let k = 0; k < ov.time.length; k++) {
      const i = at.get(ov.time[k]!)!;
      expect([ov.lat[k], ov.lng[k], ov.speed[k], ov.sat[k]]).toEqual([full.lat[i], full.lng[i], full.speed[i], full.sat[i]]);
    }
    for (const end of [T0, T0 + HOUR_MS - 1000, T0 + HOUR_MS, T0 + 2 * HOUR_MS - 1000]) expect(Array.from(ov.time)).toContain(end);
    // Clipped like the full track.
    const part = c.tracks.readOverview(7, T0 + 1800_000, T0 + 3600_000);
    expect(part.time.length).toBeGreaterThan(0);
    expect(Array.from(part.time).every((x) => x >= T0 + 1800_000 && x < T0 + 3600_000)).toBe(true);
    // Merged writes rebuild it: a later point of the same hour ends the copy.
    c.tracks.writeTrack(7, pointsAt([T0 + 7200_000 - 1]));
    expect(c.tracks.readOverview(7, T0, T0 + 2 * HOUR_MS).time.at(-1)).toBe(T0 + 7200_000 - 1);
  });

  it('stamps the copies of an interval: any hour rewritten, added or deleted changes it, others do not', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const span = [T0, T0 + 3 * HOUR_MS] as const;
    c.tracks.writeTrack(7, pointsAt(secs(0, 7200, 1)));
    const s0 = c.tracks.overviewStamp(7, ...span);
    expect(c.tracks.overviewStamp(7, ...span)).toBe(s0);
    // Another object, and this object outside the interval: the stamp stays.
    c.tracks.writeTrack(8, pointsAt(secs(0, 7200, 1)));
    c.tracks.writeTrack(7, pointsAt(secs(4 * 3600, 4 * 3600 + 60, 1)));
    expect(c.tracks.overviewStamp(7, ...span)).toBe(s0);
    // The same points written again: the rows are new.
    c.tracks.writeTrack(7, pointsAt(secs(0, 60, 1)));
    const s1 = c.tracks.overviewStamp(7, ...span);
    expect(s1).not.toBe(s0);
    c.tracks.writeTrack(7, pointsAt(secs(7200, 7260, 1)));
    const s2 = c.tracks.overviewStamp(7, ...span);
    expect(s2).not.toBe(s1);
    c.tracks.deleteTrack(7, T0 + 2 * HOUR_MS, T0 + 3 * HOUR_MS);
    expect(c.tracks.overviewStamp(7, ...span)).not.toBe(s2);
    expect(c.tracks.overviewStamp(9, ...span)).toBe('0:0:0:0');
  });

  it('leaves out hours stored before migration 004 (no copy yet)', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.tracks.writeTrack(7, pointsAt(secs(0, 7200, 1)));
    c.db.prepare('DELETE FROM track_overviews WHERE hour = ?').run(T0 / HOUR_MS);
    const ov = c.tracks.readOverview(7, T0, T0 + 2 * HOUR_MS);
    expect(ov.time.length).toBeGreaterThan(0);
    expect(Array.from(ov.time).every((x) => x >= T0 + HOUR_MS)).toBe(true);
  });

  it('opens a cache written before migration 005 at once: its copies come back as hours are rewritten', () => {
    const dataDir = t.tempDir();
    const c = t.open({ dataDir });
    c.tracks.writeTrack(7, pointsAt(secs(0, 7200, 1)));
    const before = c.tracks.readOverview(7, T0, T0 + 2 * HOUR_MS);
    // The cache as migration 004 left it: copies in the column, no table, 005 (and later) not applied.
    c.db.exec(`
      UPDATE track_chunks SET overview = (SELECT data FROM track_overviews o WHERE o.object_id = track_chunks.object_id AND o.hour = track_chunks.hour);
      DROP TABLE track_overviews;
      DROP TABLE objects_list;
      ${BEFORE_007}
      DELETE FROM schema_migrations WHERE id >= 5;
    `);
    c.close();
    const again = t.open({ dataDir });
    // The old copies are not read (that would walk every track row's blob at start-up).
    expect(again.tracks.readOverview(7, T0, T0 + 2 * HOUR_MS).time.length).toBe(0);
    expect(again.tracks.readTrack(7, T0, T0 + 2 * HOUR_MS).time.length).toBe(7200);
    // Rewritten (as a load does when it stores the hours again), both hours have their copy.
    again.tracks.writeTrack(7, pointsAt(secs(0, 7200, 1)));
    expect(again.tracks.readOverview(7, T0, T0 + 2 * HOUR_MS)).toEqual(before);
    // Deleting the track deletes its copy.
    again.tracks.deleteTrack(7);
    expect(again.tracks.readOverview(7, T0, T0 + 2 * HOUR_MS).time.length).toBe(0);
  });
});
