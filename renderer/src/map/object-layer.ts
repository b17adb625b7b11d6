/**
 * Every object on one canvas, drawn from the store's typed arrays: no DOM node and no
 * React component per object. Redrawn on the next animation frame after a move, a
 * zoom or a position delta; only what is in view (plus a margin) is drawn.
 *
 * Up to CLUSTER_MAX_ZOOM objects are clustered by a worker (supercluster): the index is
 * rebuilt at most once a second from the store, while objects left on their own by
 * the clustering are drawn at their live positions from the store on every frame.
 * Above it every object is drawn directly, so a moved point shows on the next frame.
 */
import L from 'leaflet';
import { LabelGrid, LabelWidths } from './label-layout';
import { Ignition } from '../../../common/methods/live';
import { followZoomAnimation, frameArea, frameSize, prepareCanvasFrame, viewArea } from '../canvas/canvas-frame';
import { drawnCovers, type LayerArea } from '../canvas/layer-area';
import { mercatorX, mercatorY } from '../../../common/mercator';
import type { FleetStore } from '../stores/fleet-store';
import { STATE_COLOR, objectState, type ObjectState } from '../stores/object-state';
import { CANVAS_COLORS, type CanvasColors } from '../theme/theme';
import { CLUSTER_MAX_ZOOM, CLUSTER_STRIDE as STRIDE, type ClusterReply, type ClusterRequest } from './cluster-protocol';
import { RING_STATES, ringStateIndex, unpackRing } from './cluster-ring';
import { PixelSurface } from './pixel-surface';
import { HEADING_STEPS, SpriteCache, blitOffset, headingStep, pixelKey } from './sprites';
import { keepSample, mapPerf } from '../diagnostics/perf-samples';

const TILE = 256;
/** Extra area drawn around the view so a short pan does not reveal an empty edge. */
const PADDING = 0.3;
/** A delta re-indexes the clusters at most this often: indexing 50,000 points costs ~100 ms of worker time. */
const REINDEX_MS = 1000;
const LABEL_ZOOM = 14;
const LABEL_FONT = '12px system-ui, sans-serif';
const ARROW_ZOOM = 11;
/** A dot's radius from a zoom on (street, elsewhere): at least 10 px across, to be seen and hit on any tiles. */
const DOT_RADII: readonly (readonly [fromZoom: number, radius: number])[] = [
  [12, 6],
  [0, 5],
];
/**
 * From this many objects in a redraw they are composited in script, not drawn one by one
 * (pixel-surface.ts): a drawImage costs 10–23 µs here, putting a whole canvas of pixels 5–7 ms.
 */
const PIXELS_FROM = 200;

export interface VisibleCluster {
  id: number;
  count: number;
  lat: number;
  lng: number;
  /** The ring's segments by state (cluster-ring.ts), states with none left out. */
  ring: Partial<Record<ObjectState, number>>;
}

/** A packed ring as segments by state. */
function ringOf(code: number): Partial<Record<ObjectState, number>> {
  const out: Partial<Record<ObjectState, number>> = {};
  unpackRing(code).forEach((n, i) => {
    if (n > 0) out[RING_STATES[i]!] = n;
  });
  return out;
}

export interface ObjectLayerOptions {
  store: FleetStore;
  onSelect: (id: number | null) => void;
  getSelected: () => number | null;
  /** Only these objects are drawn and clustered (the list's filter); null or absent: all. */
  shownIds?: () => ReadonlySet<number> | null;
  /** The largest clusters in view, for the keyboard-reachable list beside the canvas. */
  onClusters?: (clusters: VisibleCluster[]) => void;
  colors?: CanvasColors;
}

/** The margin drawn around the view (CSS pixels). */
function padFor(map: L.Map): L.Point {
  return map.getSize().multiplyBy(PADDING).round();
}

function clusterRadius(count: number): number {
  return 12 + Math.min(16, Math.log10(count) * 6);
}

export class ObjectLayer extends L.Layer {
  private canvas!: HTMLCanvasElement;
  private frame = 0;
  private unsubscribe: (() => void) | null = null;
  private topLeft = L.point(0, 0);
  private colors: CanvasColors;
  private readonly labelWidths = new LabelWidths();
  private readonly sprites = new SpriteCache();
  private readonly surface = new PixelSurface();
  private warmedFor: ObjectLayerOptions['store']['objectsById'] | null = null;
  private warmTask = 0;
  /** Names drawn in the last frame (diagnostics for the e2e suite). */
  labelsDrawn = 0;
  /** Objects drawn in the last frame (the bench). */
  private objectsDrawn = 0;
  private pixelsFrom = PIXELS_FROM;

  private worker: Worker | null = null;
  private seq = 0;
  private indexing = false;
  private dirty = true;
  private lastIndexAt = -Infinity;
  private indexTimer: ReturnType<typeof setTimeout> | null = null;
  private queryInFlight = false;
  private queryPending = false;
  private clusters: Float64Array = new Float64Array(0);
  private clustersZoom = -1;
  private clustersIndexSeq = 0;
  private readonly expands = new Map<number, L.LatLng>();
  /** Poll-to-pixels: when the oldest undrawn delta arrived, and which index load covers it. */
  private deltaT0: number | null = null;
  private deltaLoadSeq = 0;
  /** 1 per store slot that is shown, or null for all; rebuilt when the filter or the slots change. */
  private mask: Uint8Array | null = null;
  private maskFor: { ids: ReadonlySet<number> | null; positions: unknown; count: number } = { ids: null, positions: null, count: 0 };

  constructor(private readonly opts: ObjectLayerOptions) {
    super();
    this.colors = opts.colors ?? CANVAS_COLORS.light;
  }

  override onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'fleet-object-layer leaflet-zoom-animated');
    this.canvas.setAttribute('aria-hidden', 'true');
    map.getPanes().overlayPane!.appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.viewChanged, this);
    map.on('zoomanim', this.animateZoom, this);
    map.on('click', this.handleClick, this);
    this.worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<ClusterReply>) => this.onWorker(e.data);
    this.unsubscribe = this.opts.store.subscribe(() => this.storeChanged());
    this.warmLabels();
    this.warmSprites();
    this.dirty = true;
    this.requestIndex();
    this.schedule();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.viewChanged, this);
    map.off('zoomanim', this.animateZoom, this);
    map.off('click', this.handleClick, this);
    this.unsubscribe?.();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.warmTask) cancelIdleCallback(this.warmTask);
    this.warmTask = 0;
    this.warmedFor = null;
    if (this.spriteTask) cancelIdleCallback(this.spriteTask);
    this.spriteTask = 0;
    if (this.indexTimer) clearTimeout(this.indexTimer);
    if (this.reportTimer) clearTimeout(this.reportTimer);
    this.worker?.terminate();
    this.worker = null;
    this.canvas.remove();
    return this;
  }

  setColors(colors: CanvasColors): void {
    this.colors = colors;
    this.warmSprites();
    this.schedule();
  }

  schedule(): void {
    if (this.frame || !this._map) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** From how many objects a redraw composites in script (the e2e suite checks both ways of drawing). */
  setPixelsFrom(n: number): void {
    this.pixelsFrom = n;
    this.drawn = null;
    this.schedule();
  }

  /** The filter changed: the index is rebuilt now, not after the usual throttle. */
  filterChanged(): void {
    if (!this.updateMask()) return;
    this.dirty = true;
    this.lastIndexAt = -Infinity;
    if (this.indexTimer) clearTimeout(this.indexTimer);
    this.indexTimer = null;
    this.requestIndex();
    this.schedule();
  }

  /** True when the mask changed. */
  private updateMask(): boolean {
    const ids = this.opts.shownIds?.() ?? null;
    const positions = this.opts.store.positions;
    const m = this.maskFor;
    if (ids === m.ids && (ids === null || (positions === m.positions && positions.count === m.count))) return false;
    this.maskFor = { ids, positions, count: positions.count };
    if (!ids) {
      this.mask = null;
      return true;
    }
    const mask = new Uint8Array(positions.count);
    for (const id of ids) {
      const s = this.opts.store.slot(id);
      if (s !== undefined && s < mask.length) mask[s] = 1;
    }
    this.mask = mask;
    return true;
  }

  /** The state of the object in store slot `i`. */
  stateAt(i: number): ObjectState {
    const p = this.opts.store.positions;
    return objectState(p.status[i], p.time[i]!, p.online[i] === 1, p.speed[i]!, p.ignition[i] === Ignition.on);
  }

  /** Drawn and clustered: has a fix and passes the filter. */
  private shown(i: number): boolean {
    return this.opts.store.positions.time[i] !== 0 && (this.mask === null || this.mask[i] === 1);
  }

  private storeChanged(): void {
    this.updateMask();
    this.deltaT0 ??= performance.now();
    this.dirty = true;
    this.requestIndex();
    this.warmLabels();
    this.schedule();
  }

  private viewChanged(): void {
    // The canvas sits in a pane that Leaflet moves with the map: while the view stays inside
    // the padded area last drawn, at the same zoom, the pixels on screen are already right.
    // Panning then costs no redraw and no cluster query until an edge comes near.
    if (this.viewInsideDrawn()) {
      // The keyboard list of clusters in view still follows, a little later.
      if (this.reportTimer) clearTimeout(this.reportTimer);
      this.reportTimer = setTimeout(() => {
        this.reportTimer = null;
        this.reportClusters();
      }, 200);
      return;
    }
    this.schedule();
    this.query();
  }

  private reportTimer: ReturnType<typeof setTimeout> | null = null;
  /** The area the last cluster query asked for. */
  private queried: L.LatLngBounds | null = null;

  /** What the last draw covered, in layer pixels at one zoom and pixel origin. */
  private drawn: LayerArea | null = null;

  private viewInsideDrawn(): boolean {
    const map = this._map;
    if (!map || this.frame) return false;
    if (map.getZoom() <= CLUSTER_MAX_ZOOM && !(this.queried?.contains(map.getBounds()) ?? false)) return false;
    return drawnCovers(this.drawn, viewArea(map));
  }

  private requestIndex(): void {
    if (!this.worker || this.indexing || this.indexTimer) return;
    const wait = this.lastIndexAt + REINDEX_MS - performance.now();
    if (wait > 0) {
      this.indexTimer = setTimeout(() => {
        this.indexTimer = null;
        this.requestIndex();
      }, wait);
      return;
    }
    this.dirty = false;
    this.indexing = true;
    this.lastIndexAt = performance.now();
    const p = this.opts.store.positions;
    let n = 0;
    for (let i = 0; i < p.count; i++) if (this.shown(i)) n++;
    const lng = new Float64Array(n);
    const lat = new Float64Array(n);
    const slots = new Int32Array(n);
    const states = new Uint8Array(n);
    for (let i = 0, k = 0; i < p.count; i++) {
      if (!this.shown(i)) continue;
      lng[k] = p.lng[i]!;
      lat[k] = p.lat[i]!;
      states[k] = ringStateIndex(this.stateAt(i));
      slots[k++] = i;
    }
    const seq = ++this.seq;
    if (this.deltaT0 !== null && this.deltaLoadSeq === 0) this.deltaLoadSeq = seq;
    this.post({ type: 'load', seq, lng, lat, slots, states }, [lng.buffer, lat.buffer, slots.buffer, states.buffer]);
  }

  private post(m: ClusterRequest, transfer: Transferable[] = []): void {
    this.worker?.postMessage(m, transfer);
  }

  private query(): void {
    const map = this._map;
    if (!map || !this.worker || map.getZoom() > CLUSTER_MAX_ZOOM) return;
    if (this.queryInFlight) {
      this.queryPending = true;
      return;
    }
    this.queryInFlight = true;
    const b = map.getBounds().pad(PADDING);
    this.queried = b;
    const west = b.getWest();
    const east = b.getEast();
    const bbox: [number, number, number, number] =
      east - west >= 360 ? [-180, Math.max(-85, b.getSouth()), 180, Math.min(85, b.getNorth())] : [((west + 540) % 360) - 180, Math.max(-85, b.getSouth()), ((east + 540) % 360) - 180, Math.min(85, b.getNorth())];
    this.post({ type: 'query', seq: ++this.seq, bbox, zoom: map.getZoom() });
  }

  private onWorker(m: ClusterReply): void {
    if (m.type === 'loaded') {
      this.indexing = false;
      keepSample(mapPerf.indexMs, m.ms);
      this.query();
      // Deltas that arrived while indexing get the next index (throttled).
      if (this.dirty) this.requestIndex();
    } else if (m.type === 'clusters') {
      this.queryInFlight = false;
      this.clusters = m.items;
      this.clustersZoom = m.zoom;
      this.clustersIndexSeq = m.indexSeq;
      this.schedule();
      this.reportClusters();
      if (this.queryPending) {
        this.queryPending = false;
        this.query();
      }
    } else if (m.type === 'expanded') {
      const at = this.expands.get(m.seq);
      this.expands.delete(m.seq);
      if (at && this._map) this._map.setView(at, Math.min(Math.max(m.zoom, this._map.getZoom() + 1), 18));
    }
  }

  private reportClusters(): void {
    const cb = this.opts.onClusters;
    const map = this._map;
    if (!cb || !map) return;
    const view = map.getBounds();
    const out: VisibleCluster[] = [];
    const c = this.clusters;
    for (let k = 0; k < c.length; k += STRIDE) {
      if (c[k + 2]! < 2 || !view.contains([c[k + 1]!, c[k]!])) continue;
      out.push({ lng: c[k]!, lat: c[k + 1]!, count: c[k + 2]!, id: c[k + 3]!, ring: ringOf(c[k + 4]!) });
    }
    out.sort((a, b) => b.count - a.count);
    cb(map.getZoom() > CLUSTER_MAX_ZOOM ? [] : out.slice(0, 30));
  }

  /** Zooms to a cluster (a click on it, or its button in the list). */
  expand(cluster: { id: number; lat: number; lng: number }): void {
    const seq = ++this.seq;
    this.expands.set(seq, L.latLng(cluster.lat, cluster.lng));
    this.post({ type: 'expand', seq, clusterId: cluster.id });
  }

  private animateZoom(e: L.ZoomAnimEvent): void {
    // The canvas is scaled for the animation: what it holds is stale even if the view ends where it began.
    this.drawn = null;
    followZoomAnimation(this._map, this.canvas, this.topLeft, e);
  }

  private draw(): void {
    const map = this._map;
    if (!map) return;
    const t0 = performance.now();
    this.objectsDrawn = 0;
    const frame = prepareCanvasFrame(map, this.canvas, padFor(map));
    const { ctx, topLeft, w, h } = frame;
    this.topLeft = topLeft;

    const zoom = map.getZoom();
    const world = TILE * Math.pow(2, zoom);
    // Layer point of the canvas origin → absolute world pixel.
    const origin = map.getPixelOrigin().add(this.topLeft);
    const clustered = zoom <= CLUSTER_MAX_ZOOM;
    // Margins kept free: labels and cluster discs reach past their anchor point.
    this.drawn = frameArea(map, frame, 40);
    this.labelWidths.missed = 0;
    this.labelsDrawn = 0;
    if (clustered) this.drawClusters(ctx, world, origin, w, h, zoom);
    else {
      this.drawPoints(ctx, world, origin, w, h, zoom, null);
      this.drawSelection(ctx, world, origin, zoom);
    }
    // Names left out for want of time this frame: the next frame measures more of them.
    if (this.labelWidths.missed > 0) this.schedule();
    keepSample(mapPerf.drawMs, performance.now() - t0);
    keepSample(mapPerf.drawnObjects, this.objectsDrawn);

    if (this.deltaT0 !== null && (!clustered || (this.deltaLoadSeq !== 0 && this.clustersIndexSeq >= this.deltaLoadSeq))) {
      const end = performance.now();
      keepSample(mapPerf.pollToPixels, end - this.deltaT0);
      performance.measure('fleet:poll-to-pixels', { start: this.deltaT0, end });
      this.deltaT0 = null;
      this.deltaLoadSeq = 0;
    }
  }

  private radiusAt(zoom: number): number {
    return DOT_RADII.find(([from]) => zoom >= from)![1];
  }

  /** The smallest dots have no outline: at 3 px it would be most of the dot. */
  private outlineAt(radius: number): string | null {
    return radius > 3 ? this.colors.dotStroke : null;
  }

  /**
   * Objects as sprites (sprites.ts), optionally only the given slots; their names after, at
   * street level. Grouped by colour so a frame looks up each colour's sprites once.
   */
  private drawPoints(ctx: CanvasRenderingContext2D, world: number, origin: L.Point, w: number, h: number, zoom: number, only: number[] | null): void {
    const p = this.opts.store.positions;
    const objects = this.opts.store.objectsById;
    const radius = this.radiusAt(zoom);
    const arrows = zoom >= ARROW_ZOOM;
    const labels = zoom >= LABEL_ZOOM;
    const byColor = new Map<string, number[]>();
    const n = only ? only.length : p.count;
    for (let j = 0; j < n; j++) {
      const i = only ? only[j]! : j;
      if (!this.shown(i)) continue;
      const x = p.mx[i]! * world - origin.x;
      const y = p.my[i]! * world - origin.y;
      if (x < -radius || y < -radius || x > w + radius || y > h + radius) continue;
      const color = STATE_COLOR[objectState(p.status[i], p.time[i]!, p.online[i] === 1, p.speed[i]!, p.ignition[i] === Ignition.on)];
      let list = byColor.get(color);
      if (!list) byColor.set(color, (list = []));
      list.push(i, x, y);
    }
    const dpr = window.devicePixelRatio || 1;
    const outline = this.outlineAt(radius);
    // Sprites go at whole device pixels, with no transform: Skia copies them as they are.
    // Of objects on the same device pixel (a depot, a car park) only the last is drawn: it
    // covers the others' dots. Vehicles parked at one yard had cost a drawImage each (about
    // 10 µs here) for nothing on screen.
    // Each object's device pixel, by its place in drawing order, rounded once.
    const devX: number[] = [];
    const devY: number[] = [];
    const lastAt = new Map<number, number>();
    for (const list of byColor.values()) {
      for (let k = 0; k < list.length; k += 3) {
        const px = Math.round(list[k + 1]! * dpr);
        const py = Math.round(list[k + 2]! * dpr);
        lastAt.set(pixelKey(px, py), devX.length);
        devX.push(px);
        devY.push(py);
      }
    }
    let serial = 0;
    // Many objects are composited in script (pixel-surface.ts): drawImage costs ~10 µs each.
    // Nothing is on the canvas yet (objects are drawn first), which putting pixels needs.
    const surface = lastAt.size >= this.pixelsFrom ? this.surface : null;
    surface?.begin(this.canvas.width, this.canvas.height);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const [color, list] of byColor) {
      const sprites = this.sprites.dots(color, radius, outline, dpr);
      for (let k = 0; k < list.length; k += 3, serial++) {
        const px = devX[serial]!;
        const py = devY[serial]!;
        if (lastAt.get(pixelKey(px, py)) !== serial) continue;
        const i = list[k]!;
        const s = sprites.at(arrows && p.speed[i]! > 3 ? headingStep(p.heading[i]!) : HEADING_STEPS);
        const dx = px - s.anchor;
        const dy = py - s.anchor;
        if (surface) surface.blit(s, dx, dy);
        else ctx.drawImage(s.image, dx, dy);
        this.objectsDrawn++;
      }
    }
    if (surface) this.putSurface(ctx, surface);
    ctx.restore();
    if (labels) {
      ctx.font = LABEL_FONT;
      ctx.textBaseline = 'middle';
      ctx.lineWidth = 3;
      ctx.strokeStyle = this.colors.labelHalo;
      ctx.fillStyle = this.colors.label;
      this.labelWidths.begin(ctx);
      const grid = new LabelGrid(w, h);
      const selected = this.opts.getSelected();
      const order = [...byColor.values()];
      // The selected object's name first: it is never the one left out.
      for (const list of selected === null ? [] : order) {
        for (let k = 0; k < list.length; k += 3) {
          if (p.ids[list[k]!] === selected) this.drawLabel(ctx, grid, objects.get(selected)?.Name, list[k + 1]! + radius + 4, list[k + 2]!, true);
        }
      }
      for (const list of order) {
        for (let k = 0; k < list.length; k += 3) {
          const id = p.ids[list[k]!]!;
          if (id !== selected) this.drawLabel(ctx, grid, objects.get(id)?.Name, list[k + 1]! + radius + 4, list[k + 2]!);
        }
      }
    }
  }

  private surfaceImage: ImageData | null = null;

  /** The surface's touched rectangle onto the canvas (device pixels: putImageData ignores the transform). */
  private putSurface(ctx: CanvasRenderingContext2D, surface: PixelSurface): void {
    const r = surface.touched();
    if (!r) return;
    const f = surface.frame();
    if (this.surfaceImage?.data !== f.bytes) this.surfaceImage = new ImageData(f.bytes, f.width, f.height);
    ctx.putImageData(this.surfaceImage, 0, 0, r.x, r.y, r.w, r.h);
  }

  /** One name left of x, centred on y, if its box (with the halo) is free and its width known in time (`always`: measured now). */
  private drawLabel(ctx: CanvasRenderingContext2D, grid: LabelGrid, name: string | undefined, x: number, y: number, always = false): void {
    if (!name) return;
    const w = this.labelWidths.width(ctx, name, always);
    if (w === undefined || !grid.place(x - 2, y - 8, w + 4, 16)) return;
    ctx.strokeText(name, x, y);
    ctx.fillText(name, x, y);
    this.labelsDrawn++;
  }

  private spriteTask = 0;

  /**
   * The sprites a street-level view needs, drawn while the page is idle: each costs about
   * 0.3 ms, and the 72 headings of moving objects at a new size had fallen on one frame.
   */
  private warmSprites(): void {
    if (this.spriteTask) cancelIdleCallback(this.spriteTask);
    const dpr = window.devicePixelRatio || 1;
    const jobs: (() => void)[] = [];
    for (const [, radius] of DOT_RADII) {
      const outline = this.outlineAt(radius);
      for (const color of Object.values(STATE_COLOR)) jobs.push(() => this.sprites.dots(color, radius, outline, dpr).at(HEADING_STEPS));
      // Arrows are drawn from ARROW_ZOOM on: only at its radius and above.
      if (radius < this.radiusAt(ARROW_ZOOM)) continue;
      const moving = this.sprites.dots(STATE_COLOR.moving, radius, outline, dpr);
      for (let step = 0; step < HEADING_STEPS; step++) jobs.push(() => moving.at(step));
    }
    jobs.push(() => this.allocateSurface());
    const run = (deadline: IdleDeadline) => {
      this.spriteTask = 0;
      while (jobs.length && deadline.timeRemaining() > 1) jobs.shift()!();
      if (jobs.length && this._map) this.spriteTask = requestIdleCallback(run);
    };
    this.spriteTask = requestIdleCallback(run);
  }

  /**
   * The compositing buffer allocated at the canvas's size while idle: the first dense redraw
   * had spent 29 ms allocating its 4–11 MB (first writes to fresh memory cost ~3 ns a byte here).
   */
  private allocateSurface(): void {
    const map = this._map;
    if (!map) return;
    const { width, height } = frameSize(map, padFor(map));
    this.surface.begin(width, height);
  }

  /** The fleet's names measured while the page is idle, so that labels rarely wait for a frame's budget. */
  private warmLabels(): void {
    const objects = this.opts.store.objectsById;
    if (this.warmedFor === objects || !this._map) return;
    this.warmedFor = objects;
    if (this.warmTask) cancelIdleCallback(this.warmTask);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return;
    ctx.font = LABEL_FONT;
    const names = (function* () {
      for (const o of objects.values()) if (o.Name) yield o.Name;
    })();
    const step = (deadline: IdleDeadline) => {
      this.warmTask = 0;
      if (this.warmedFor !== objects || !this._map) return;
      if (!this.labelWidths.warm(ctx, names, () => deadline.timeRemaining())) this.warmTask = requestIdleCallback(step);
    };
    this.warmTask = requestIdleCallback(step);
  }

  private drawClusters(ctx: CanvasRenderingContext2D, world: number, origin: L.Point, w: number, h: number, zoom: number): void {
    const c = this.clusters;
    const singles: number[] = [];
    const big: number[] = [];
    for (let k = 0; k < c.length; k += STRIDE) {
      if (c[k + 2]! === 1) singles.push(c[k + 3]!);
      else big.push(k);
    }
    this.drawPoints(ctx, world, origin, w, h, zoom, singles);
    // Each disc and its ring a sprite (sprites.ts), then the counts over them.
    const shown: number[] = [];
    const dpr = window.devicePixelRatio || 1;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const k of big) {
      const x = mercatorX(c[k]!) * world - origin.x;
      const y = mercatorY(c[k + 1]!) * world - origin.y;
      const r = clusterRadius(c[k + 2]!);
      if (x < -r || y < -r || x > w + r || y > h + r) continue;
      const s = this.sprites.cluster(Math.round(r), c[k + 4]!, this.colors.clusterFill, this.colors.clusterRing, STATE_COLOR, dpr);
      ctx.drawImage(s.image, blitOffset(x, dpr, s.anchor), blitOffset(y, dpr, s.anchor));
      shown.push(x, y, c[k + 2]!);
    }
    ctx.restore();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = this.colors.clusterText;
    for (let i = 0; i < shown.length; i += 3) {
      const count = shown[i + 2]!;
      ctx.fillText(count >= 10_000 ? `${Math.round(count / 1000)}k` : String(count), shown[i]!, shown[i + 1]! + 0.5);
    }
    ctx.textAlign = 'start';
    // Over the discs and their counts: the selected object is never hidden in a cluster.
    this.drawSelection(ctx, world, origin, zoom);
  }

  /** Where the selected object is on this canvas, and its colour; null when none is selected or it never reported. */
  private selectedPoint(world: number, origin: L.Point): { x: number; y: number; color: string } | null {
    const selected = this.opts.getSelected();
    if (selected === null) return null;
    const s = this.opts.store.slot(selected);
    const p = this.opts.store.positions;
    if (s === undefined || p.time[s] === 0) return null;
    return {
      x: p.mx[s]! * world - origin.x,
      y: p.my[s]! * world - origin.y,
      color: STATE_COLOR[objectState(p.status[s], p.time[s]!, p.online[s] === 1, p.speed[s]!, p.ignition[s] === Ignition.on)],
    };
  }

  /** Where the selected object was drawn on its own in the last frame (container pixels), or null (tests). */
  selectionDrawn: { id: number; x: number; y: number } | null = null;

  /**
   * The selected object is always drawn on its own, over any cluster it belongs to, so it can
   * be seen and followed at any zoom; a cluster's disc with a ring around it did not say where
   * in the cluster the vehicle was, nor that it was there at all.
   */
  private drawSelection(ctx: CanvasRenderingContext2D, world: number, origin: L.Point, zoom: number): void {
    const at = this.selectedPoint(world, origin);
    this.selectionDrawn = null;
    if (!at) return;
    const c = this._map.layerPointToContainerPoint(this.topLeft.add([at.x, at.y]));
    this.selectionDrawn = { id: this.opts.getSelected()!, x: c.x, y: c.y };
    const radius = Math.max(this.radiusAt(zoom), 5);
    ctx.beginPath();
    ctx.fillStyle = at.color;
    ctx.strokeStyle = this.colors.dotStroke;
    ctx.lineWidth = 1.5;
    ctx.arc(at.x, at.y, radius, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.lineWidth = 3;
    ctx.strokeStyle = this.colors.selection;
    ctx.arc(at.x, at.y, radius + 5, 0, Math.PI * 2);
    ctx.stroke();
  }

  /** Clusters drawn now, with their container-pixel centres (tests, the bench, the cluster list). */
  visibleClusters(): (VisibleCluster & { x: number; y: number })[] {
    const map = this._map;
    if (!map || map.getZoom() > CLUSTER_MAX_ZOOM) return [];
    const out: (VisibleCluster & { x: number; y: number })[] = [];
    const size = map.getSize();
    const c = this.clusters;
    for (let k = 0; k < c.length; k += STRIDE) {
      if (c[k + 2]! < 2) continue;
      const pt = map.latLngToContainerPoint([c[k + 1]!, c[k]!]);
      if (pt.x < 0 || pt.y < 0 || pt.x > size.x || pt.y > size.y) continue;
      out.push({ lng: c[k]!, lat: c[k + 1]!, count: c[k + 2]!, id: c[k + 3]!, ring: ringOf(c[k + 4]!), x: pt.x, y: pt.y });
    }
    return out;
  }

  /**
   * What is under a layer point: a cluster (its index in the last query's items) when inside
   * its disc, else the nearest object within 12 px (its store slot), else null.
   */
  hitAt(point: L.Point): { cluster: number } | { slot: number } | null {
    const map = this._map;
    if (!map) return null;
    const zoom = map.getZoom();
    const world = TILE * Math.pow(2, zoom);
    const origin = map.getPixelOrigin();
    const p = this.opts.store.positions;
    let best = -1;
    let bestD = 12 * 12;
    const near = (x: number, y: number) => (x - origin.x - point.x) ** 2 + (y - origin.y - point.y) ** 2;
    // The selected object is drawn over everything: it is what a pointer over it means.
    const sel = this.opts.getSelected();
    const ss = sel === null ? undefined : this.opts.store.slot(sel);
    if (ss !== undefined && p.time[ss] !== 0 && near(p.mx[ss]! * world, p.my[ss]! * world) < 8 * 8) return { slot: ss };
    if (zoom <= CLUSTER_MAX_ZOOM && this.clustersZoom === zoom) {
      const c = this.clusters;
      for (let k = 0; k < c.length; k += STRIDE) {
        const isCluster = c[k + 2]! > 1;
        const d = isCluster ? near(mercatorX(c[k]!) * world, mercatorY(c[k + 1]!) * world) : near(p.mx[c[k + 3]!]! * world, p.my[c[k + 3]!]! * world);
        if (isCluster && d <= clusterRadius(c[k + 2]!) ** 2) return { cluster: k };
        if (!isCluster && d < bestD) {
          bestD = d;
          best = c[k + 3]!;
        }
      }
    } else {
      for (let i = 0; i < p.count; i++) {
        if (!this.shown(i)) continue;
        const d = near(p.mx[i]! * world, p.my[i]! * world);
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
    }
    return best >= 0 ? { slot: best } : null;
  }

  /** The cluster at an index of the last query's items (hitAt), for the hover tip. */
  clusterAt(k: number): VisibleCluster {
    const c = this.clusters;
    return { lng: c[k]!, lat: c[k + 1]!, count: c[k + 2]!, id: c[k + 3]!, ring: ringOf(c[k + 4]!) };
  }

  /** A cluster under the click zooms to it; else the nearest object within a few pixels; else clears the selection. */
  private handleClick(e: L.LeafletMouseEvent): void {
    const hit = this.hitAt(e.layerPoint);
    if (hit && 'cluster' in hit) {
      this.expand(this.clusterAt(hit.cluster));
      return;
    }
    this.opts.onSelect(hit ? this.opts.store.positions.ids[hit.slot]! : null);
  }
}
