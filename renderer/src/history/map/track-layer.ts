/**
 * The track on one canvas, coloured by speed. Drawn from the per-zoom decimation of the
 * model (simplify.ts), only the segments that touch the view, batched into one path per
 * colour: a million points cost a few thousand segments at any zoom where they would
 * overlap, and a segment that retraces one already drawn is skipped (distinct-level.ts). Redrawn
 * after a zoom or a move that leaves the padded area already drawn, never per replay frame
 * (the marker is its own) nor per frame of a short pan.
 */
import L from 'leaflet';
import type { CanvasFrame } from '../../canvas/canvas-frame';
import { CanvasOverlay } from '../../canvas/canvas-overlay';
import type { TrackModel } from '../model/track-model';
import { RepeatFilter } from '../../../../common/repeat-filter';
import { capacityOf, grown } from '../model/growable';
import { REPEATS_FROM } from './distinct-level';
import { BLOCK } from './level-blocks';
import { ZoomLevels } from './simplify';
import { SPEED_BUCKETS, speedBucket } from './speed-colors';
import { keepSample } from '../../diagnostics/perf-samples';

const PADDING = 0.3;
/** Above this many segments in view the track is drawn as hairlines (see `draw`). */
const DENSE_SEGMENTS = 25_000;
const CHUNK = 256;
/** Zoom levels either side of the current one decimated ahead, while idle (`warmLevels`). */
const WARM_ZOOMS = 4;
/** Points of a level decimated per step while idle: a few ms, so an idle step never delays the next frame. */
const LEVEL_SLICE = 200_000;
/** Segments of a distinct level built per step while idle: a few ms; smaller slices left the levels unready longer. */
const DISTINCT_SLICE = 20_000;
/** The most an idle callback spends on levels. */
const IDLE_STEP_MS = 8;

/** Figures the bench reads (history-pan): each paint's script time, the paints drawn from a stand-in level, each idle step's time. */
export interface TrackPerf {
  paintMs: number[];
  standIns: number;
  idleStepMs: number[];
}
export const trackPerf: TrackPerf = { paintMs: [], standIns: 0, idleStepMs: [] };
(globalThis as { __historyTrackPerf?: TrackPerf }).__historyTrackPerf = trackPerf;

export class TrackLayer extends CanvasOverlay {
  private model: TrackModel | null = null;
  private buckets = new Uint8Array(0);
  private levels: ZoomLevels | null = null;
  private sketch = false;
  private readonly repeats = new RepeatFilter();
  private warming = 0;
  private filling = false;
  /** The zoom last drawn from another zoom's level (`ZoomLevels.readyNear`), until its own is built. */
  private standIn: number | null = null;

  constructor() {
    super({ className: 'history-track-layer', padding: PADDING });
  }

  /**
   * `sketch`: the model is the coarse copy shown while the full track is read. It is drawn
   * in hairlines: a wide stroke with its casing costs the canvas ten times as much to
   * rasterise, paid in the first draw's commit, and the thin line says the track is not
   * all there yet.
   */
  setModel(m: TrackModel | null, sketch = false): void {
    this.model = m;
    this.sketch = sketch;
    if (m) {
      // A load's update that only added points (model/growable.ts) keeps the buckets and levels
      // of the points before them: only the new ones are bucketed and decimated.
      let b = this.buckets;
      // The levels read `b` lazily, once it holds every point.
      const levels = new ZoomLevels(m, (i) => b[i]!, this.levels);
      const had = levels.shared;
      b = had > 0 ? grown(b, m.n, capacityOf(m.mx)) : new Uint8Array(m.n);
      for (let i = had; i < m.n; i++) b[i] = speedBucket(m.cols.speed[i]!);
      this.buckets = b;
      this.levels = levels;
    } else {
      this.levels = null;
    }
    this.redraw();
    this.warmLevels();
  }

  /**
   * While a load fills the track in, each update replaces the model: levels computed ahead
   * for one would be thrown away a few seconds later, their CPU taken from the load itself
   * on a small machine. They are computed once it is whole.
   */
  setFilling(filling: boolean): void {
    if (filling === this.filling) return;
    this.filling = filling;
    if (filling) cancelIdleCallback(this.warming);
    else this.warmLevels();
  }

  /** Points drawn at the current zoom (diagnostics for the e2e suite). */
  drawnAt(zoom: number): number {
    return this.levels?.at(zoom).length ?? 0;
  }

  override onAdd(map: L.Map): this {
    super.onAdd(map);
    map.on('zoomend', this.warmLevels, this);
    return this;
  }

  /**
   * The levels around the current zoom, decimated while the page is idle, a slice at a time:
   * a month's level is an O(n) pass over millions of points, which otherwise fell
   * on the first frame at each new zoom, or as one idle task on the frame after it. Only
   * ±WARM_ZOOMS levels: the deep ones hold nearly every point (10 MB each for a month), paid
   * only by zooming that far. The current level and its
   * neighbours also get their distinct segments (distinct-level.ts `DistinctLevel`), a slice per
   * idle moment, so a redraw at those zooms walks only those and hashes nothing.
   */
  private warmLevels(): void {
    cancelIdleCallback(this.warming);
    const levels = this.levels;
    const map = this._map;
    if (!levels || !map || this.filling) return;
    const z0 = Math.round(map.getZoom());
    const order: number[] = [z0];
    for (let d = 1; d <= WARM_ZOOMS; d++) order.push(z0 - d, z0 + d);
    // Each job says whether it is done: a distinct level takes many slices.
    const todo = order
      .filter((z) => z >= map.getMinZoom() && z <= map.getMaxZoom())
      .flatMap((z) => [
        () => levels.buildLevel(z, LEVEL_SLICE),
        () => levels.buildBlocks(z, LEVEL_SLICE / BLOCK),
        () => levels.buildDistinct(z, DISTINCT_SLICE),
      ]);
    const step = (deadline: IdleDeadline) => {
      if (levels !== this.levels) return;
      // An idle period with no frame due is up to 50 ms long, and a pan's next frame may be
      // asked for within it: a few slices per callback, however long the period.
      const t0 = performance.now();
      const until = t0 + IDLE_STEP_MS;
      while (todo.length && deadline.timeRemaining() > 0 && performance.now() < until) if (todo[0]!()) todo.shift();
      keepSample(trackPerf.idleStepMs, performance.now() - t0);
      // The view was drawn from a stand-in level: drawn again once its own is there.
      if (this.standIn !== null && levels.ready(this.standIn)) {
        this.standIn = null;
        this.redraw();
      }
      if (todo.length) this.warming = requestIdleCallback(step);
    };
    this.warming = requestIdleCallback(step);
  }

  override onRemove(map: L.Map): this {
    cancelIdleCallback(this.warming);
    map.off('zoomend', this.warmLevels, this);
    return super.onRemove(map);
  }

  protected paint(frame: CanvasFrame, map: L.Map): void {
    const t0 = performance.now();
    this.paintTrack(frame, map);
    keepSample(trackPerf.paintMs, performance.now() - t0);
  }

  private paintTrack({ ctx, w, h }: CanvasFrame, map: L.Map): void {
    const zoom = map.getZoom();
    const m = this.model;
    if (!m || !this.levels || m.n < 2) return;

    const world = 256 * Math.pow(2, zoom);
    const origin = map.getPixelOrigin().add(this.topLeft);
    // A level built ahead while idle, this zoom's or a near one's standing in until this
    // one's is built; with none, this zoom's is built now (a first draw).
    const near = this.levels.readyNear(zoom);
    const lz = near ?? zoom;
    this.standIn = near !== null && near !== Math.round(zoom) ? Math.round(zoom) : null;
    if (this.standIn !== null) trackPerf.standIns++;
    // The level without its repeats when built ahead (while idle); else its repeats are
    // looked for now, among the segments in view only.
    const distinct = this.levels.distinctAt(lz);
    const idx = distinct?.idx ?? this.levels.at(lz);
    const blocks = distinct?.blocks ?? this.levels.blocksAt(lz);
    const brk = distinct?.brk ?? null;
    const dedupe = !distinct && idx.length >= REPEATS_FROM;
    if (dedupe) this.repeats.reset();
    // Each colour's line is cut into paths of at most CHUNK segments: the rasteriser sorts
    // the edges crossing each row of one path, and a month of loops over the same streets
    // in one path made that sort cost seconds per redraw; small paths keep it local.
    const chunks: Path2D[][] = SPEED_BUCKETS.map(() => []);
    const paths = SPEED_BUCKETS.map(() => new Path2D());
    const inPath = new Uint32Array(SPEED_BUCKETS.length);
    let px = m.mx[idx[0]!]! * world - origin.x;
    let py = m.my[idx[0]!]! * world - origin.y;
    let lastBucket = -1;
    let segments = 0;
    for (let blk = 0; blk * BLOCK < idx.length; blk++) {
      const end = Math.min(idx.length, (blk + 1) * BLOCK);
      const x0 = blocks[4 * blk]! * world - origin.x;
      const y0 = blocks[4 * blk + 1]! * world - origin.y;
      const x1 = blocks[4 * blk + 2]! * world - origin.x;
      const y1 = blocks[4 * blk + 3]! * world - origin.y;
      if (x1 < 0 || y1 < 0 || x0 > w || y0 > h) {
        // No segment of this block touches the canvas: on to its last point.
        const j = idx[end - 1]!;
        px = m.mx[j]! * world - origin.x;
        py = m.my[j]! * world - origin.y;
        lastBucket = -1;
        continue;
      }
      for (let k = Math.max(1, blk * BLOCK); k < end; k++) {
        const i = idx[k]!;
        const x = m.mx[i]! * world - origin.x;
        const y = m.my[i]! * world - origin.y;
        const outside = (px < 0 && x < 0) || (py < 0 && y < 0) || (px > w && x > w) || (py > h && y > h);
        const gap = brk ? brk[k] === 1 : m.breakBefore[i] === 1;
        // Last: the filter remembers what it is asked about, so only segments drawn are.
        if (gap || outside || (dedupe && this.repeats.repeats(px, py, x, y))) {
          lastBucket = -1;
        } else {
          const b = this.buckets[i]!;
          let path = paths[b]!;
          if (inPath[b]! >= CHUNK) {
            chunks[b]!.push(path);
            path = paths[b] = new Path2D();
            inPath[b] = 0;
            lastBucket = -1;
          }
          if (b !== lastBucket) path.moveTo(px, py);
          path.lineTo(x, y);
          inPath[b]!++;
          segments++;
          lastBucket = b;
        }
        px = x;
        py = y;
      }
    }
    paths.forEach((p, b) => chunks[b]!.push(p));
    const strokeColours = () =>
      chunks.forEach((list, b) => {
        ctx.strokeStyle = SPEED_BUCKETS[b]!.color;
        for (const p of list) ctx.stroke(p);
      });
    if (segments > DENSE_SEGMENTS || this.sketch) {
      // Tens of thousands of distinct segments in view are a tangle at any width; a
      // one-device-pixel line takes the rasteriser's hairline path, many times cheaper.
      ctx.lineWidth = 1 / (window.devicePixelRatio || 1);
      strokeColours();
      return;
    }
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    // A light casing keeps the line readable over any tile colour.
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.lineWidth = 6;
    for (const list of chunks) for (const p of list) ctx.stroke(p);
    ctx.lineWidth = 3.5;
    strokeColours();
  }
}
