/**
 * Every object on one canvas, drawn from the store's typed arrays: no DOM node and no
 * React component per object. Redrawn on the next animation frame after a move, a
 * zoom or a position delta; only what is in view (plus a margin) is drawn.
 *
 * Up to CLUSTER_MAX_ZOOM objects are clustered by a worker (cluster-client.ts): the index is
 * rebuilt at most once a second from the store, while objects left on their own by
 * the clustering are drawn at their live positions from the store on every frame.
 * Above it every object is drawn directly, so a moved point shows on the next frame.
 *
 * This class owns the canvas, the map's events and when a frame is due; painting is
 * object-paint.ts (a dense frame in two parts: object-split.ts), idle preparation
 * object-warmup.ts, the filter object-mask.ts and the hit test object-hit.ts.
 */
import L from 'leaflet';
import { Ignition } from '../../../common/position-columns';
import { followZoomAnimation, frameArea, frameSize, prepareCanvasFrame, viewArea } from '../canvas/canvas-frame';
import { drawnCovers, type LayerArea } from '../canvas/layer-area';
import { keepSample, mapPerf } from '../diagnostics/perf-samples';
import type { FleetStore } from '../stores/fleet-store';
import { objectState, type ObjectState } from '../stores/object-state';
import { CANVAS_COLORS, type CanvasColors } from '../theme/theme';
import { ClusterClient, type VisibleCluster } from './cluster-client';
import { CLUSTER_MAX_ZOOM } from './cluster-protocol';
import { hitAt, type Hit } from './object-hit';
import { ObjectMask } from './object-mask';
import type { GatheredPoints } from './object-points';
import { SPLIT_FROM, frameParts, type FramePart } from './object-split';
import { ObjectPainter, type PaintFrame } from './object-paint';
import { ObjectWarmup } from './object-warmup';

export type { VisibleCluster } from './cluster-client';

const TILE = 256;
/** Extra area drawn around the view so a short pan does not reveal an empty edge. */
const PADDING = 0.3;

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

export class ObjectLayer extends L.Layer {
  private canvas!: HTMLCanvasElement;
  private frame = 0;
  /** A frame that only adds the last draw's waiting names (scheduleWaitingLabels). */
  private labelFrame = 0;
  /** A frame that only makes sprites the last draws left for want of time (scheduleWaitingSprites). */
  private spriteFrame = 0;
  private lastFrame: PaintFrame | null = null;
  /** A dense frame's second part, drawn on the next frame (object-split.ts), and the area it completes. */
  private rest: { g: GatheredPoints; part: FramePart; drawn: LayerArea; surface: number } | null = null;
  private restFrame = 0;
  private splitFrom = SPLIT_FROM;
  /** How the last frame was drawn: whole, its first part only so far, or both parts (tests). */
  parts: 'whole' | 'first' | 'both' = 'whole';
  private unsubscribe: (() => void) | null = null;
  private topLeft = L.point(0, 0);
  private readonly mask: ObjectMask;
  private readonly painter: ObjectPainter;
  private readonly warmup: ObjectWarmup;
  private readonly clusters: ClusterClient;
  /** Poll-to-pixels: when the oldest undrawn delta arrived, and which index load covers it. */
  private deltaT0: number | null = null;
  private deltaLoadSeq = 0;
  private reportTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the last draw covered, in layer pixels at one zoom and pixel origin. */
  private drawn: LayerArea | null = null;

  constructor(private readonly opts: ObjectLayerOptions) {
    super();
    this.mask = new ObjectMask(opts.store, opts.shownIds);
    const shown = (i: number) => this.mask.shown(i);
    this.painter = new ObjectPainter({ store: opts.store, getSelected: opts.getSelected, shown }, opts.colors ?? CANVAS_COLORS.light);
    this.warmup = new ObjectWarmup(this.painter, opts.store, () => !!this._map, () => this.allocateSurface());
    this.clusters = new ClusterClient({
      map: () => this._map,
      positions: () => opts.store.positions,
      shown,
      stateAt: (i) => this.stateAt(i),
      padding: PADDING,
      onLoadPosted: (seq) => {
        if (this.deltaT0 !== null && this.deltaLoadSeq === 0) this.deltaLoadSeq = seq;
      },
      onIndexed: (ms) => keepSample(mapPerf.indexMs, ms),
      onClusters: () => {
        this.schedule();
        this.reportClustersSoon();
      },
    });
  }

  /** Names drawn in the last frame (diagnostics for the e2e suite). */
  get labelsDrawn(): number {
    return this.painter.labelsDrawn;
  }

  /** Where the selected object was drawn on its own in the last frame (container pixels), or null (tests). */
  get selectionDrawn(): { id: number; x: number; y: number } | null {
    return this.painter.selectionDrawn;
  }

  override onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'fleet-object-layer leaflet-zoom-animated');
    this.canvas.setAttribute('aria-hidden', 'true');
    map.getPanes().overlayPane!.appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.viewChanged, this);
    map.on('zoomanim', this.animateZoom, this);
    map.on('click', this.handleClick, this);
    this.clusters.start();
    this.unsubscribe = this.opts.store.subscribe(() => this.storeChanged());
    this.warmup.labels();
    this.warmup.sprites();
    this.clusters.dirty = true;
    this.clusters.requestIndex();
    this.schedule();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.viewChanged, this);
    map.off('zoomanim', this.animateZoom, this);
    map.off('click', this.handleClick, this);
    this.unsubscribe?.();
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.labelFrame);
    cancelAnimationFrame(this.spriteFrame);
    cancelAnimationFrame(this.restFrame);
    this.restFrame = 0;
    this.frame = 0;
    this.labelFrame = 0;
    this.spriteFrame = 0;
    this.warmup.stop();
    if (this.reportTimer) clearTimeout(this.reportTimer);
    this.clusters.stop();
    this.canvas.remove();
    return this;
  }

  setColors(colors: CanvasColors): void {
    this.painter.colors = colors;
    this.warmup.sprites();
    this.schedule();
  }

  schedule(): void {
    if (this.frame || !this._map) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** The second part of a dense frame, on the next frame, unless a full draw comes first or the canvas went stale. */
  private scheduleRest(): void {
    if (this.restFrame) return;
    this.restFrame = requestAnimationFrame(() => {
      this.restFrame = 0;
      const rest = this.rest;
      const f = this.lastFrame;
      this.rest = null;
      if (!rest || !f || !this._map || this.frame || !this.drawn) return;
      // The buffer holding the first part's pixels was begun again (the idle allocation): draw it all.
      if (this.painter.surface.generation !== rest.surface) return this.schedule();
      this.painter.sprites.budget.beginFrame();
      this.painter.paintPoints(f, rest.g, rest.part);
      this.painter.drawSelection(f);
      this.drawn = rest.drawn;
      this.parts = 'both';
      this.scheduleWaitingSprites();
      this.scheduleWaitingLabels();
    });
  }

  /** From how many objects a frame is drawn in two parts (the e2e suite compares both ways). */
  setSplitFrom(n: number): void {
    this.splitFrom = n;
    this.drawn = null;
    this.schedule();
  }

  /**
   * Sprites a frame drew plain for want of time, made over the next frames' time; then one
   * frame draws with them. Redrawing every object each frame to make a few more sprites kept a
   * dense street view redrawing on every frame until the last arrow was made.
   */
  private scheduleWaitingSprites(): void {
    const budget = this.painter.sprites.budget;
    if (this.spriteFrame || budget.waitingCount === 0) return;
    this.spriteFrame = requestAnimationFrame(() => {
      this.spriteFrame = 0;
      // A draw already due makes sprites in its own time, and asks again after.
      if (!this._map || this.frame) return;
      budget.beginFrame();
      if (budget.makeWaiting()) this.scheduleWaitingSprites();
      else this.schedule();
    });
  }

  /** The last frame's names not measured in time, on the next frame, unless a full draw comes first or the canvas went stale. */
  private scheduleWaitingLabels(): void {
    if (this.labelFrame || this.painter.labelsWaiting === 0) return;
    this.labelFrame = requestAnimationFrame(() => {
      this.labelFrame = 0;
      const f = this.lastFrame;
      if (this.frame || !this.drawn || !f || !this._map) return;
      this.painter.drawWaitingLabels(f);
      this.scheduleWaitingLabels();
    });
  }

  /** From how many objects a redraw composites in script (the e2e suite checks both ways of drawing). */
  setPixelsFrom(n: number): void {
    this.painter.pixelsFrom = n;
    this.drawn = null;
    this.schedule();
  }

  /** The filter changed: the index is rebuilt now, not after the usual throttle. */
  filterChanged(): void {
    if (!this.mask.update()) return;
    this.clusters.reindexNow();
    this.schedule();
  }

  /** The state of the object in store slot `i`. */
  stateAt(i: number): ObjectState {
    const p = this.opts.store.positions;
    return objectState(p.status[i], p.time[i]!, p.online[i] === 1, p.speed[i]!, p.ignition[i] === Ignition.on);
  }

  private storeChanged(): void {
    this.mask.update();
    this.deltaT0 ??= performance.now();
    this.clusters.dirty = true;
    this.clusters.requestIndex(true);
    this.warmup.labels();
    this.schedule();
  }

  private viewChanged(): void {
    // The canvas sits in a pane that Leaflet moves with the map: while the view stays inside
    // the padded area last drawn, at the same zoom, the pixels on screen are already right.
    // Panning then costs no redraw and no cluster query until an edge comes near.
    if (this.viewInsideDrawn()) {
      // The keyboard list of clusters in view still follows.
      this.reportClustersSoon();
      return;
    }
    this.schedule();
    this.clusters.query();
  }

  /**
   * A frame already due does not count against it: that frame draws the view wherever it is
   * by then, and asking the clusters again for each pan step while one is due kept a query,
   * its answer and a redraw going on every frame of a pan at cluster zooms.
   */
  private viewInsideDrawn(): boolean {
    const map = this._map;
    if (!map) return false;
    if (map.getZoom() <= CLUSTER_MAX_ZOOM && !this.clusters.queriedCovers(map.getBounds())) return false;
    return drawnCovers(this.drawn, viewArea(map));
  }

  /**
   * The keyboard list follows once the view rests: a pan redraws every frame, and the list's
   * render (a store's, so synchronous) would otherwise land inside each of those frames.
   */
  private reportClustersSoon(): void {
    if (this.reportTimer) clearTimeout(this.reportTimer);
    this.reportTimer = setTimeout(() => {
      this.reportTimer = null;
      this.reportClusters();
    }, 200);
  }

  private reportClusters(): void {
    const cb = this.opts.onClusters;
    const map = this._map;
    if (!cb || !map) return;
    cb(this.clusters.largestInView(map));
  }

  /** Zooms to a cluster (a click on it, or its button in the list). */
  expand(cluster: { id: number; lat: number; lng: number }): void {
    this.clusters.expand(cluster);
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
    const painter = this.painter;
    painter.objectsDrawn = 0;
    const pad = padFor(map);
    const frame = prepareCanvasFrame(map, this.canvas, pad);
    const { ctx, topLeft, w, h } = frame;
    this.topLeft = topLeft;

    const zoom = map.getZoom();
    const world = TILE * Math.pow(2, zoom);
    // Layer point of the canvas origin → absolute world pixel.
    const origin = map.getPixelOrigin().add(this.topLeft);
    const clustered = zoom <= CLUSTER_MAX_ZOOM;
    // Margins kept free: labels and cluster discs reach past their anchor point.
    this.drawn = frameArea(map, frame, 40);
    painter.sprites.budget.beginFrame();
    painter.labelsDrawn = 0;
    const f: PaintFrame = { ctx, canvas: this.canvas, world, origin, w, h, zoom, containerAt: (x, y) => map.layerPointToContainerPoint(this.topLeft.add([x, y])) };
    this.rest = null;
    this.parts = 'whole';
    if (clustered) painter.drawClusters(f, this.clusters.items);
    else {
      const g = painter.gather(f, null);
      if (g.lastAt.size >= this.splitFrom) {
        // Dense: the view and its edge now, the margin on the next frame (object-split.ts).
        const { first, second } = frameParts(map.getSize(), pad, window.devicePixelRatio || 1);
        painter.paintPoints(f, g, first);
        const near = { topLeft: topLeft.add([first.near.x0, first.near.y0]), w: first.near.x1 - first.near.x0, h: first.near.y1 - first.near.y0 };
        this.rest = { g, part: second, drawn: this.drawn, surface: painter.surface.generation };
        this.drawn = frameArea(map, near, 40);
        this.parts = 'first';
      } else painter.paintPoints(f, g, null);
      painter.drawSelection(f);
    }
    this.lastFrame = f;
    if (this.rest) this.scheduleRest();
    // Rings or arrows left out for want of time: the next frames make them, then one draws with them.
    // Names left out: the next frame adds them over this one's pixels, no object redrawn.
    this.scheduleWaitingSprites();
    this.scheduleWaitingLabels();
    keepSample(mapPerf.drawMs, performance.now() - t0);
    keepSample(mapPerf.drawnObjects, painter.objectsDrawn);

    if (this.deltaT0 !== null && (!clustered || (this.deltaLoadSeq !== 0 && this.clusters.itemsIndexSeq >= this.deltaLoadSeq))) {
      const end = performance.now();
      keepSample(mapPerf.pollToPixels, end - this.deltaT0);
      performance.measure('fleet:poll-to-pixels', { start: this.deltaT0, end });
      this.deltaT0 = null;
      this.deltaLoadSeq = 0;
    }
  }

  /** The compositing buffer allocated at the canvas's size, while idle (object-warmup.ts). */
  private allocateSurface(): void {
    const map = this._map;
    if (!map) return;
    const { width, height } = frameSize(map, padFor(map));
    this.painter.surface.begin(width, height);
  }

  /** Clusters drawn now, with their container-pixel centres (tests, the bench, the cluster list). */
  visibleClusters(): (VisibleCluster & { x: number; y: number })[] {
    const map = this._map;
    if (!map) return [];
    return this.clusters.visible(map);
  }

  /** What is under a layer point (object-hit.ts). */
  hitAt(point: L.Point): Hit | null {
    const map = this._map;
    if (!map) return null;
    const c = this.clusters;
    return hitAt(map, point, { store: this.opts.store, selected: this.opts.getSelected(), clusters: c.items, clustersZoom: c.itemsZoom, shown: (i) => this.mask.shown(i) });
  }

  /** The cluster at an index of the last query's items (hitAt), for the hover tip. */
  clusterAt(k: number): VisibleCluster {
    return this.clusters.at(k);
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
