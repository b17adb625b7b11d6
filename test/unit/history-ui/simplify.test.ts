import { describe, expect, it } from 'vitest';
import { grown, withRoom } from '../../../renderer/src/history/model/growable';
import { buildModel } from '../../../renderer/src/history/model/track-model';
import { RepeatFilter } from '../../../common/repeat-filter';
import { decimate, decimation, DecimationBuilder } from '../../../renderer/src/history/map/decimation';
import { DistinctBuilder, distinctLevel, REPEATS_FROM } from '../../../renderer/src/history/map/distinct-level';
import { BLOCK } from '../../../renderer/src/history/map/level-blocks';
import { ZoomLevels } from '../../../renderer/src/history/map/simplify';
import { speedBucket } from '../../../renderer/src/history/map/speed-colors';
import { drive, track } from './helpers';

describe('per-zoom decimation', () => {
  const m = buildModel(track(drive(10_000)));
  const none = () => 0;

  it('keeps the ends and drops what a pixel cannot show', () => {
    const low = decimate(m, 5, none);
    expect(low[0]).toBe(0);
    expect(low[low.length - 1]).toBe(m.n - 1);
    // 100 km at zoom 5 is about 20 pixels: a dozen or so points, not 10,000.
    expect(low.length).toBeLessThan(40);
  });

  it('keeps more points as the zoom grows, and all of them when each is a pixel apart', () => {
    const counts = [8, 12, 16, 20].map((z) => decimate(m, z, none).length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    // 10 m at zoom 20 is ~100 px.
    expect(counts[3]).toBe(m.n);
  });

  it('keeps a point where the speed colour changes once it is half a pixel on, so colours stay where they belong', () => {
    const rows = drive(1000).map(([t, la, ln], i): [number, number, number, number] => [t, la, ln, i < 500 ? 20 : 100]);
    const mm = buildModel(track(rows));
    const b = (i: number) => speedBucket(mm.cols.speed[i]!);
    // At zoom 13 and latitude 50 a pixel is about 12 m: 10 m steps are under the 1.5 px
    // threshold but over half a pixel.
    const idx = Array.from(decimate(mm, 13, b));
    expect(idx).toContain(500);
    expect(idx.length).toBeLessThan(1000);
  });

  it('does not keep colour changes that fall on one pixel (speed flickering at country zoom)', () => {
    const rows = drive(20_000).map(([t, la, ln], i): [number, number, number, number] => [t, la, ln, i % 2 ? 20 : 100]);
    const mm = buildModel(track(rows));
    const b = (i: number) => speedBucket(mm.cols.speed[i]!);
    // 200 km at zoom 3 and latitude 50 is about 16 pixels: at most a point per half pixel,
    // not one per colour change (20,000).
    expect(decimate(mm, 3, b).length).toBeLessThan(40);
  });

  it('built a slice at a time (while idle), a level is the one built in one go', () => {
    const rows = drive(5_000).map(([t, la, ln], i): [number, number, number, number] => [t, la, ln, ((Math.floor(i / 400) * 37) % 120) + 5]);
    const mm = buildModel(track(rows));
    const b = (i: number) => speedBucket(mm.cols.speed[i]!);
    const whole = decimation(mm, 13, b, null);
    const sliced = new DecimationBuilder(mm, 13, b, null);
    let slices = 1;
    while (!sliced.run(333)) slices++;
    expect(slices).toBe(Math.ceil((mm.n - 1) / 333));
    const got = sliced.result();
    expect(Array.from(got.idx)).toEqual(Array.from(whole.idx));
    expect(got.state).toEqual(whole.state);
    expect(got.idx.length).toBeGreaterThan(100);
    expect(got.idx.length).toBeLessThan(mm.n);
  });

  it('ZoomLevels builds a level in slices when asked, and serves that level after', () => {
    const full = buildModel(track(drive(4_000)));
    const levels = new ZoomLevels(full, none);
    let steps = 1;
    while (!levels.buildLevel(15, 100)) steps++;
    // 3,999 points after the first, 100 a step.
    expect(steps).toBe(40);
    expect(levels.buildLevel(15, 100)).toBe(true);
    expect(Array.from(levels.at(15))).toEqual(Array.from(decimate(full, 15, none)));
  });

  it('keeps both sides of a hole in the data', () => {
    const rows = [...drive(100, 0), ...drive(100, 3600_000, 55, 20)];
    const mm = buildModel(track(rows));
    expect(mm.breakBefore[100]).toBe(1);
    const idx = Array.from(decimate(mm, 2, none));
    expect(idx).toEqual(expect.arrayContaining([99, 100]));
  });

  it('thins a million points (10,000 km at 1 Hz) at country zoom, computed once per zoom', () => {
    const big = buildModel(track(drive(1_000_000)));
    const levels = new ZoomLevels(big, none);
    const z8 = levels.at(8);
    expect(z8.length).toBeLessThan(big.n / 50);
    expect(levels.at(8.2)).toBe(z8);
  });
});

describe('repeated segments', () => {
  /** A loop of `n` points (about 7 m apart) driven `count` times over the same road. */
  const laps = (n: number, count: number, jitter = 0) => {
    const rows: [number, number, number, number][] = [];
    let t = 0;
    for (let lap = 0; lap < count; lap++) {
      for (let i = 0; i < n; i++) {
        const a = (2 * Math.PI * i) / n;
        rows.push([t, 52.5 + 0.05 * Math.sin(a) + jitter * lap, 13.4 + 0.08 * Math.cos(a), 40]);
        t += 1000;
      }
    }
    return buildModel(track(rows));
  };

  /** The segments a distinct level draws, as [from, to] model indices. */
  const drawn = (d: { idx: Uint32Array; brk: Uint8Array }) => {
    const out: [number, number][] = [];
    for (let k = 1; k < d.idx.length; k++) if (!d.brk[k]) out.push([d.idx[k - 1]!, d.idx[k]!]);
    return out;
  };

  it('keeps the first pass over a road whole and leaves out every later one', () => {
    const m = laps(5_000, 6);
    const idx = decimate(m, 17, () => 0);
    expect(idx.length).toBeGreaterThan(REPEATS_FROM);
    const d = distinctLevel(m, idx, 17);
    const segs = drawn(d);
    // Every segment of the level's first lap is drawn, joined point to point.
    const firstLap = [...idx].filter((i) => i < 5_000);
    const kept = new Set(segs.map(([a, b]) => `${a}-${b}`));
    for (let k = 1; k < firstLap.length; k++) expect(kept.has(`${firstLap[k - 1]}-${firstLap[k]}`)).toBe(true);
    // Each later lap retraces the first: only a few joins between laps are new.
    expect(segs.length).toBeLessThan(firstLap.length * 1.05);
    // The blocks cover the distinct list, not the level.
    expect(d.blocks).toHaveLength(4 * Math.ceil(d.idx.length / BLOCK));
  });

  it('keeps a pass that runs beside the first one, further than the grid apart', () => {
    // Each lap 0.001° (about 110 m, many pixels at zoom 17) north of the last.
    const m = laps(5_000, 6, 0.001);
    const idx = decimate(m, 17, () => 0);
    expect(drawn(distinctLevel(m, idx, 17)).length).toBeGreaterThan((idx.length - 1) * 0.99);
  });

  it('draws no segment across a gap in the data', () => {
    // Seven hours without a point between two drives: the model breaks the line there.
    const m = buildModel(track([...drive(3_000), ...drive(3_000, 3_000_000 + 7 * 3_600_000, 50.01)]));
    const gapAt = m.breakBefore.indexOf(1);
    expect(gapAt).toBeGreaterThan(0);
    const idx = decimate(m, 20, () => 0);
    for (const [a, b] of drawn(distinctLevel(m, idx, 20))) expect(a < gapAt && b >= gapAt).toBe(false);
  });

  it('built a slice at a time, is the same as built at once', () => {
    const m = laps(5_000, 6);
    const idx = decimate(m, 17, () => 0);
    const b = new DistinctBuilder(m, idx, 17);
    let slices = 1;
    while (!b.run(1_000)) slices++;
    expect(slices).toBeGreaterThan(20);
    expect(b.result()).toEqual(distinctLevel(m, idx, 17));
  });

  it('per zoom: none until built, then kept; a small level is drawn whole and never built', () => {
    const m = laps(5_000, 6);
    const levels = new ZoomLevels(m, () => 0);
    expect(levels.distinctAt(17)).toBeNull();
    let steps = 1;
    while (!levels.buildDistinct(17, 5_000)) steps++;
    expect(steps).toBeGreaterThan(1);
    const d = levels.distinctAt(16.8);
    expect(d).toEqual(distinctLevel(m, levels.at(17), 17));
    expect(levels.buildDistinct(17, 5_000)).toBe(true);
    expect(levels.distinctAt(17)).toBe(d);

    const small = new ZoomLevels(laps(500, 3), () => 0);
    expect(small.at(17).length).toBeLessThan(REPEATS_FROM);
    expect(small.buildDistinct(17, 5_000)).toBe(true);
    expect(small.distinctAt(17)).toBeNull();
  });

  it('a draw takes a level built ahead: its zoom’s, else up to two coarser, else one finer, else none', () => {
    const m = laps(5_000, 6);
    const levels = new ZoomLevels(m, () => 0);
    const build = (z: number) => {
      while (!levels.buildLevel(z, 10_000));
      levels.blocksAt(z);
      while (!levels.buildDistinct(z, 10_000));
    };
    expect(levels.readyNear(17)).toBeNull();
    // Decimated and boxed, but 30,000 points with their repeats still in: not ready.
    while (!levels.buildLevel(17, 10_000));
    levels.blocksAt(17);
    expect(levels.at(17).length).toBeGreaterThanOrEqual(REPEATS_FROM);
    expect(levels.ready(17)).toBe(false);
    expect(levels.readyNear(17)).toBeNull();
    build(15);
    expect(levels.readyNear(17)).toBe(15);
    expect(levels.readyNear(16.6)).toBe(15);
    expect(levels.readyNear(18)).toBeNull();
    expect(levels.readyNear(14)).toBe(15);
    build(17);
    expect(levels.readyNear(17)).toBe(17);
    expect(levels.readyNear(18)).toBe(17);
    // A level under REPEATS_FROM points is ready once decimated and boxed.
    const small = new ZoomLevels(laps(500, 3), () => 0);
    small.blocksAt(12);
    expect(small.ready(12)).toBe(true);
  });

  it('blocks: kept per zoom with the level, each box holding every segment of its block', () => {
    const m = laps(5_000, 6);
    const levels = new ZoomLevels(m, () => 0);
    expect(levels.blocksAt(17)).toBe(levels.blocksAt(16.8));
    const idx = levels.at(17);
    const boxes = levels.blocksAt(17);
    expect(boxes).toHaveLength(4 * Math.ceil(idx.length / BLOCK));
    for (let k = 1; k < idx.length; k++) {
      const b = Math.floor(k / BLOCK);
      for (const i of [idx[k - 1]!, idx[k]!]) {
        expect(m.mx[i]!).toBeGreaterThanOrEqual(boxes[4 * b]!);
        expect(m.my[i]!).toBeGreaterThanOrEqual(boxes[4 * b + 1]!);
        expect(m.mx[i]!).toBeLessThanOrEqual(boxes[4 * b + 2]!);
        expect(m.my[i]!).toBeLessThanOrEqual(boxes[4 * b + 3]!);
      }
    }
  });

  it('blocks boxed a few at a time (while idle) are the boxes boxed in one go', () => {
    const m = laps(5_000, 6);
    const levels = new ZoomLevels(m, () => 0);
    const whole = levels.blocksAt(17);
    const sliced = new ZoomLevels(m, () => 0);
    let steps = 1;
    while (!sliced.buildBlocks(17, 7)) steps++;
    expect(steps).toBe(Math.ceil(whole.length / 4 / 7));
    expect(sliced.buildBlocks(17, 7)).toBe(true);
    expect(Array.from(sliced.blocksAt(17))).toEqual(Array.from(whole));
  });
});

describe('RepeatFilter', () => {
  it('knows every segment seen since the reset, either way round, past its first table size', () => {
    const f = new RepeatFilter(2);
    // 20,000 distinct segments on a 10-pixel lattice: the table grows several times.
    for (let i = 0; i < 20_000; i++) expect(f.repeats(i * 10, 0, i * 10, 10)).toBe(false);
    for (let i = 0; i < 20_000; i++) expect(f.repeats(i * 10, 10, i * 10, 0)).toBe(true);
    // Within the grid of 2 px: the same segment.
    expect(f.repeats(0.6, 0.4, -0.4, 10.6)).toBe(true);
    expect(f.repeats(0, 0, 10, 0)).toBe(false);
    f.reset();
    expect(f.repeats(0, 0, 0, 10)).toBe(false);
    expect(f.repeats(0, 0, 0, 10)).toBe(true);
  });

  it('answers as a set does at every step, while its table grows a few slots at a time', () => {
    // Repeats and new segments interleaved, so many are asked about while a growth is under way.
    let seed = 7;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    const f = new RepeatFilter(1);
    const seen = new Set<string>();
    let repeats = 0;
    for (let step = 0; step < 120_000; step++) {
      const ax = rnd(600);
      const ay = rnd(600);
      const bx = ax + rnd(3);
      const by = ay + 1;
      const key = `${ax},${ay},${bx},${by}`;
      const expected = seen.has(key);
      seen.add(key);
      if (expected) repeats++;
      if (f.repeats(ax, ay, bx, by) !== expected) throw new Error(`step ${step}: ${key} answered ${!expected}`);
      // The other way round is the same segment.
      if (rnd(4) === 0) expect(f.repeats(bx, by, ax, ay)).toBe(true);
    }
    // Both kinds of answer were asked for, many times over, past several growths.
    expect(repeats).toBeGreaterThan(10_000);
    expect(seen.size).toBeGreaterThan(30_000);
    f.reset();
    expect(f.repeats(5, 5, 6, 6)).toBe(false);
  });
});

describe('levels of a track that grows (a load appending windows)', () => {
  // Drives with speed changes and a hole (a jump no vehicle makes) half-way, so breaks and
  // colour changes fall near the window edges.
  const rows = [...drive(3000, 0, 50, 10, 30), ...drive(3000, 4_000_000, 50.3, 10.4, 90), ...drive(3000, 8_000_000, 50.31, 10.41, 50)].map(
    ([t, la, ln, sp], i): [number, number, number, number] => [t, la, ln, i % 700 < 350 ? sp : sp + 40],
  );
  const whole = buildModel(track(rows));
  const bucketOf = (i: number) => speedBucket(whole.cols.speed[i]!);

  it('go on from where the shorter track stopped and give what a whole build gives, at every zoom', () => {
    // The columns and the model grown window by window in place, as merge.ts and buildModel do on a load.
    const all = track(rows);
    type Cols = Record<string, Float64Array | Float32Array | Uint8Array>;
    let cols = Object.fromEntries(Object.entries(all).map(([k, c]) => [k, withRoom(c, 1000, rows.length)])) as Cols;
    for (const [k, c] of Object.entries(cols)) c.set((all as unknown as Cols)[k]!.subarray(0, 1000));
    let model = buildModel(cols as unknown as typeof all);
    let levels = new ZoomLevels(model, bucketOf);
    for (const z of [5, 12, 16, 20]) {
      levels.at(z);
      levels.blocksAt(z);
    }
    for (const end of [2999, 3001, 6500, rows.length]) {
      const had = model.n;
      cols = Object.fromEntries(Object.entries(cols).map(([k, c]) => [k, grown(c, end)])) as Cols;
      for (const [k, c] of Object.entries(cols)) c.set((all as unknown as Cols)[k]!.subarray(had, end), had);
      const next = buildModel(cols as unknown as typeof all, undefined, model);
      expect(next.mx.buffer).toBe(model.mx.buffer);
      levels = new ZoomLevels(next, bucketOf, levels);
      const fresh = new ZoomLevels(next, bucketOf);
      for (const z of [5, 12, 16, 20]) {
        expect(levels.at(z)).toEqual(fresh.at(z));
        expect(levels.blocksAt(z)).toEqual(fresh.blocksAt(z));
      }
      model = next;
    }
    expect(levels.at(16)).toEqual(decimate(whole, 16, bucketOf));
  });
});
