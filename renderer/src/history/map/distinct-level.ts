/**
 * A level's segments without those that retrace one before them, so a draw walks each
 * street once; built a slice at a time, since a month's deep level is millions of segments.
 */
import { RepeatFilter } from '../../../../common/repeat-filter';
import type { TrackModel } from '../model/track-model';
import { levelBlocks } from './level-blocks';

/**
 * Segments that retrace one already drawn (common/repeat-filter.ts): a bus that drives one
 * route for a month draws it once instead of a thousand times over itself, which is what
 * the canvas spends its time on; the picture is the same but for the colour of the
 * repeated stretch, which is its first pass's. Below this many kept points a level is
 * cheap to draw whole: repeats are not looked for.
 */
export const REPEATS_FROM = 20_000;

/**
 * A level with its repeated segments left out: `idx` the points in order, `brk[k]` set when
 * no line joins idx[k-1] to idx[k] (a gap in the data, or a repeat left out between), and
 * `blocks` their boxes (`levelBlocks`). Decided in world pixels at the level's zoom, which
 * do not move with the view, so it holds for every draw at that zoom: a draw walks only
 * the distinct segments (a town's month at street zoom: a few hundred thousand instead of
 * 2.6 million) and hashes nothing.
 */
export interface DistinctLevel {
  idx: Uint32Array;
  brk: Uint8Array;
  blocks: Float64Array;
}

/**
 * Builds a `DistinctLevel` a slice at a time: a month's deep level is millions of
 * segments, hundreds of ms of hashing that must not fall in one frame.
 */
export class DistinctBuilder {
  private k = 1;
  private readonly filter: RepeatFilter;
  private readonly world: number;
  private out: Uint32Array;
  private brk: Uint8Array;
  private n = 0;
  private last = -1;
  private ax = 0;
  private ay = 0;

  constructor(
    private readonly m: TrackModel,
    private readonly idx: Uint32Array,
    zoom: number,
    gridPx = 2,
  ) {
    this.filter = new RepeatFilter(gridPx);
    this.world = 256 * Math.pow(2, zoom);
    this.out = new Uint32Array(Math.max(16, Math.min(idx.length, 1 << 16)));
    this.brk = new Uint8Array(this.out.length);
    if (idx.length > 0) {
      this.ax = m.mx[idx[0]!]! * this.world;
      this.ay = m.my[idx[0]!]! * this.world;
    }
  }

  /** Takes up to `count` more segments; true once the level is done. */
  run(count: number): boolean {
    const { m, idx, world, filter } = this;
    const end = Math.min(idx.length, this.k + count);
    let { ax, ay } = this;
    for (let k = this.k; k < end; k++) {
      const i = idx[k]!;
      const bx = m.mx[i]! * world;
      const by = m.my[i]! * world;
      // A segment across a gap is never drawn, nor remembered.
      if (!m.breakBefore[i] && !filter.repeats(ax, ay, bx, by)) {
        const a = idx[k - 1]!;
        if (this.last !== a) this.push(a, 1);
        this.push(i, 0);
        this.last = i;
      }
      ax = bx;
      ay = by;
    }
    this.ax = ax;
    this.ay = ay;
    this.k = end;
    return end >= idx.length;
  }

  result(): DistinctLevel {
    if (this.n === 0 && this.idx.length > 0) this.push(this.idx[0]!, 1);
    const idx = this.out.slice(0, this.n);
    return { idx, brk: this.brk.slice(0, this.n), blocks: levelBlocks(this.m, idx) };
  }

  private push(i: number, brk: number): void {
    if (this.n === this.out.length) {
      const out = new Uint32Array(this.out.length * 2);
      out.set(this.out);
      this.out = out;
      const b = new Uint8Array(out.length);
      b.set(this.brk);
      this.brk = b;
    }
    this.out[this.n] = i;
    this.brk[this.n++] = brk;
  }
}

/** The whole `DistinctLevel` of `idx` at once. */
export function distinctLevel(m: TrackModel, idx: Uint32Array, zoom: number, gridPx = 2): DistinctLevel {
  const b = new DistinctBuilder(m, idx, zoom, gridPx);
  b.run(idx.length);
  return b.result();
}
