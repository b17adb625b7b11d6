/**
 * The track's picture per integer zoom (`ZoomLevels`): each level decimated
 * (decimation.ts), its blocks boxed (level-blocks.ts) and its retraced segments left out
 * (distinct-level.ts), each built on first use or a slice at a time while idle.
 */
import { extendsView } from '../model/growable';
import type { TrackModel } from '../model/track-model';
import { DecimationBuilder, MAX_ZOOM, type Decimation, type DecimationState } from './decimation';
import { DistinctBuilder, REPEATS_FROM, type DistinctLevel } from './distinct-level';
import { BLOCK, fillBlocks, levelBlocks } from './level-blocks';

/**
 * Decimations by integer zoom, built lazily, with their blocks' bounding boxes and, once
 * built, their distinct segments. `prev`: the levels of an earlier model whose points this
 * one starts with unchanged (a load's update, model/growable.ts): its decimations go on from
 * where they stopped, and their blocks before the new points are kept.
 */
export class ZoomLevels {
  private readonly levels = new Map<number, Decimation>();
  private readonly blocks = new Map<number, Float64Array>();
  private readonly distinct = new Map<number, DistinctLevel>();
  private readonly building = new Map<number, DistinctBuilder>();
  private readonly decimating = new Map<number, DecimationBuilder>();
  /** Blocks being boxed while idle (`buildBlocks`): the boxes so far and the next block. */
  private readonly boxing = new Map<number, { out: Float64Array; next: number }>();
  /** Per zoom, where an earlier model's levels stopped: taken when that zoom is first asked for. */
  private readonly resume = new Map<number, { state: DecimationState | null; blocks?: Float64Array }>();
  /** Leading points of this model that `prev`'s had too, unchanged (0 when `prev` was not taken). */
  readonly shared: number = 0;
  constructor(
    private readonly m: TrackModel,
    private readonly bucketOf: (i: number) => number,
    prev?: ZoomLevels | null,
  ) {
    // Only the states are taken, not `prev` itself: a load's hundredth update must not hold the ninety-nine before it.
    if (prev && extendsView(prev.m.mx, m.mx) && extendsView(prev.m.my, m.my) && extendsView(prev.m.breakBefore, m.breakBefore)) {
      this.shared = prev.m.n;
      for (const [z, d] of prev.levels) this.resume.set(z, { state: d.state, blocks: prev.blocks.get(z) });
    }
  }

  at(zoom: number): Uint32Array {
    return this.decimationAt(clampZoom(zoom)).idx;
  }

  private decimationAt(z: number): Decimation {
    return this.levels.get(z) ?? this.decimate(z, Infinity)!;
  }

  /** Goes on with the level of `z` by up to `count` points; the level once it is whole, else null. */
  private decimate(z: number, count: number): Decimation | null {
    const from = this.resume.get(z);
    let b = this.decimating.get(z);
    if (!b) this.decimating.set(z, (b = new DecimationBuilder(this.m, z, this.bucketOf, from?.state ?? null)));
    if (!b.run(count)) return null;
    const l = b.result();
    this.levels.set(z, l);
    this.decimating.delete(z);
    // Blocks wholly within the points the earlier level kept too are the same boxes.
    if (from?.blocks && from.state) this.blocks.set(z, levelBlocks(this.m, l.idx, { blocks: from.blocks, upTo: from.state.k }));
    this.resume.delete(z);
    return l;
  }

  /** Builds the level of `zoom` by up to `count` more points (while idle); true once it is there. */
  buildLevel(zoom: number, count: number): boolean {
    const z = clampZoom(zoom);
    return this.levels.has(z) || this.decimate(z, count) !== null;
  }

  /** The level of `zoom` without its repeated segments, once built (`buildDistinct`), or null. */
  distinctAt(zoom: number): DistinctLevel | null {
    return this.distinct.get(clampZoom(zoom)) ?? null;
  }

  /**
   * Builds the distinct level of `zoom` by up to `count` more segments (while idle); true
   * once it is there, or not wanted: a level under REPEATS_FROM is drawn whole.
   */
  buildDistinct(zoom: number, count: number): boolean {
    const z = clampZoom(zoom);
    if (this.distinct.has(z)) return true;
    const idx = this.at(z);
    if (idx.length < REPEATS_FROM) return true;
    let b = this.building.get(z);
    if (!b) this.building.set(z, (b = new DistinctBuilder(this.m, idx, z)));
    if (!b.run(count)) return false;
    this.distinct.set(z, b.result());
    this.building.delete(z);
    return true;
  }

  /**
   * Whether the level of `zoom` draws without work in the draw: decimated, its blocks boxed,
   * and its repeats left out where it has enough points to look for them.
   */
  ready(zoom: number): boolean {
    const z = clampZoom(zoom);
    const l = this.levels.get(z);
    return !!l && this.blocks.has(z) && (l.idx.length < REPEATS_FROM || this.distinct.has(z));
  }

  /**
   * The zoom whose level a draw at `zoom` takes now: `zoom`'s own when ready, else the
   * nearest ready one at most STAND_IN_ZOOMS coarser, else the next finer one; null when
   * none is (the draw builds `zoom`'s, as on a first draw). A coarser level at this zoom
   * keeps a point per 3–6 px instead of 1.5 and folds repeats within 4–8 px: for the few
   * frames until `zoom`'s own is built while idle, that beats decimating and hashing a
   * month of points inside a frame at each new zoom of a pan.
   */
  readyNear(zoom: number): number | null {
    const z = clampZoom(zoom);
    for (let d = 0; d <= STAND_IN_ZOOMS; d++) if (z - d >= 0 && this.ready(z - d)) return z - d;
    return z < MAX_ZOOM && this.ready(z + 1) ? z + 1 : null;
  }

  /**
   * Boxes up to `count` more blocks of the level of `zoom` (while idle, once it is built);
   * true once all are: a deep level of a month is 10,000 blocks, too long a task in one go.
   */
  buildBlocks(zoom: number, count: number): boolean {
    const z = clampZoom(zoom);
    if (this.blocks.has(z)) return true;
    const idx = this.at(z);
    let p = this.boxing.get(z);
    if (!p) this.boxing.set(z, (p = { out: new Float64Array(4 * Math.ceil(idx.length / BLOCK)), next: 0 }));
    const n = p.out.length / 4;
    const end = Math.min(n, p.next + count);
    fillBlocks(this.m, idx, p.out, p.next, end);
    p.next = end;
    if (end < n) return false;
    this.blocks.set(z, p.out);
    this.boxing.delete(z);
    return true;
  }

  /** `levelBlocks` of the level `at(zoom)`. */
  blocksAt(zoom: number): Float64Array {
    const z = clampZoom(zoom);
    const idx = this.at(z);
    let b = this.blocks.get(z);
    if (!b) {
      this.blocks.set(z, (b = levelBlocks(this.m, idx)));
      // Asked for whole (a draw) while idle steps were boxing it: their part is not needed.
      this.boxing.delete(z);
    }
    return b;
  }
}

/** How much coarser a stand-in level may be (`readyNear`): 2² = 4 times. */
const STAND_IN_ZOOMS = 2;

const clampZoom = (zoom: number) => Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
