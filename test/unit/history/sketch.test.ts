import { describe, expect, it } from 'vitest';
import { emptyTrackColumns, type TrackColumns } from '../../../main/core/cache';
import { sketchTrack, warmSketch } from '../../../main/core/history/sketch';

const M_PER_DEG = 111_320;
const LAT0 = 50;
const COS0 = Math.cos((LAT0 * Math.PI) / 180);

/** A track through the given points in metres east/north of (LAT0, 14), one point a second. */
function track(xy: [number, number][]): TrackColumns {
  const c = emptyTrackColumns(xy.length);
  xy.forEach(([x, y], i) => {
    c.time[i] = 1_700_000_000_000 + i * 1000;
    c.lat[i] = LAT0 + y / M_PER_DEG;
    c.lng[i] = 14 + x / (M_PER_DEG * COS0);
    c.speed[i] = i % 70;
    c.sat[i] = 9;
  });
  return c;
}

/** `laps` times around a 1 km square, a point every 100 m, then off east for `tail` km. */
function lapsThenAway(laps: number, tail: number): [number, number][] {
  const side: [number, number][] = [];
  for (let k = 0; k < 10; k++) side.push([k * 100, 0]);
  for (let k = 0; k < 10; k++) side.push([1000, k * 100]);
  for (let k = 0; k < 10; k++) side.push([1000 - k * 100, 1000]);
  for (let k = 0; k < 10; k++) side.push([0, 1000 - k * 100]);
  const out: [number, number][] = [];
  for (let l = 0; l < laps; l++) out.push(...side);
  for (let k = 0; k <= tail * 10; k++) out.push([k * 100, 0]);
  return out;
}

/** Segments drawn by a sketch, as rounded metre pairs (direction ignored). */
function drawn(c: TrackColumns, breaks: Uint8Array): Set<string> {
  const at = (i: number) => [Math.round((c.lng[i]! - 14) * M_PER_DEG * COS0), Math.round((c.lat[i]! - LAT0) * M_PER_DEG)].join(',');
  const out = new Set<string>();
  for (let i = 1; i < c.time.length; i++) if (!breaks[i]) out.add([at(i - 1), at(i)].sort().join(' '));
  return out;
}

describe('sketchTrack', () => {
  it('draws a street driven a hundred times once, and every street driven', () => {
    const c = track(lapsThenAway(100, 3));
    const s = sketchTrack(c, 100_000, 100);
    // One lap (40 steps) and the 3 km away, not 100 laps.
    expect(s.track.time.length).toBeLessThan(100);
    expect(s.breaks.length).toBe(s.track.time.length);
    const d = drawn(s.track, s.breaks);
    expect(d.has('0,0 100,0')).toBe(true);
    expect(d.has('1000,0 1000,100')).toBe(true);
    expect(d.has('0,100 0,200')).toBe(true);
    expect(d.has('2900,0 3000,0')).toBe(true);
    // No step that was never driven (the corners are not cut).
    for (const seg of d) {
      const [a, b] = seg.split(' ').map((p) => p.split(',').map(Number));
      expect(Math.abs(a![0]! - b![0]!) + Math.abs(a![1]! - b![1]!), seg).toBe(100);
    }
    // Both ends are there for the start and end markers.
    expect([s.track.time[0], s.track.time.at(-1)]).toEqual([c.time[0], c.time.at(-1)]);
  });

  it('lifts the line where a stretch already drawn was left out', () => {
    // Out 1 km east, back to the start, then 1 km north: the way back is left out.
    const xy: [number, number][] = [];
    for (let k = 0; k <= 10; k++) xy.push([k * 100, 0]);
    for (let k = 9; k >= 0; k--) xy.push([k * 100, 0]);
    for (let k = 1; k <= 10; k++) xy.push([0, k * 100]);
    const s = sketchTrack(track(xy), 1000, 100);
    const d = drawn(s.track, s.breaks);
    expect(d.size).toBe(20);
    // Without the break, the line would jump from the far end east back to the start.
    expect(d.has('0,0 1000,0')).toBe(false);
    expect([...s.breaks].filter((b) => b === 1).length).toBeGreaterThanOrEqual(1);
  });

  it('coarsens its cells until the budget holds', () => {
    const c = track(lapsThenAway(1, 200)); // 200 km straight east: nothing repeats
    const fine = sketchTrack(c, 100_000, 100);
    expect(fine.track.time.length).toBeGreaterThan(1500);
    const s = sketchTrack(c, 300, 100);
    expect(s.track.time.length).toBeLessThanOrEqual(300);
    expect(s.track.time.length).toBeGreaterThan(50);
    expect(s.track.time.at(-1)).toBe(c.time.at(-1));
  });

  it('keeps a track that never leaves one cell as its two ends', () => {
    const c = track([[0, 0], [5, 5], [10, 0], [3, 2]]);
    const s = sketchTrack(c, 1000, 100);
    expect(Array.from(s.track.time)).toEqual([c.time[0], c.time[3]]);
    expect(Array.from(s.breaks)).toEqual([0, 1]);
  });

  it('warms up on a month that retraces its streets, as a real one does', () => {
    // The warm-up is only worth its time if it runs the paths a real month takes: many
    // points, most of them retracing, some kept with breaks between.
    const s = warmSketch(50_000);
    expect(s.track.time.length).toBeGreaterThan(100);
    expect(s.track.time.length).toBeLessThan(50_000 / 5);
    expect([...s.breaks].filter((b) => b === 1).length).toBeGreaterThan(10);
  });
});
