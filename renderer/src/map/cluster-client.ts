/**
 * The object layer's side of the clustering worker (cluster.worker.ts, supercluster): it
 * sends the shown objects to be indexed, at most once a second (an index of the whole fleet
 * is worker time a delta every second would keep busy), asks for the clusters of the padded view, and keeps the last
 * answer for drawing, hit-testing and the keyboard list of clusters.
 */
import L from 'leaflet';
import type { FleetPositions } from '../stores/fleet-store';
import type { ObjectState } from '../stores/object-state';
import { CLUSTER_MAX_ZOOM, CLUSTER_STRIDE as STRIDE, type ClusterReply, type ClusterRequest } from './cluster-protocol';
import { RING_STATES, ringStateIndex, unpackRing } from './cluster-ring';

/** A delta re-indexes the clusters at most this often. */
const REINDEX_MS = 1000;

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

export interface ClusterClientOptions {
  map: () => L.Map | undefined;
  positions: () => FleetPositions;
  /** Indexed: has a fix and passes the filter. */
  shown: (slot: number) => boolean;
  stateAt: (slot: number) => ObjectState;
  /** The area queried, as a fraction of the view added on each side. */
  padding: number;
  /** An index load was posted (the layer's poll-to-pixels waits for it). */
  onLoadPosted: (seq: number) => void;
  /** The worker built an index in `ms`. */
  onIndexed: (ms: number) => void;
  /** New clusters for the view arrived. */
  onClusters: () => void;
}

export class ClusterClient {
  private worker: Worker | null = null;
  private seq = 0;
  private indexing = false;
  /** Positions or the filter changed since the last index load. */
  dirty = true;
  private lastIndexAt = -Infinity;
  private indexTimer: ReturnType<typeof setTimeout> | null = null;
  private queryInFlight = false;
  private queryPending = false;
  /** The last query's items, CLUSTER_STRIDE numbers each (cluster-protocol.ts). */
  items: Float64Array = new Float64Array(0);
  /** The zoom and the index load the items come from. */
  itemsZoom = -1;
  itemsIndexSeq = 0;
  private readonly expands = new Map<number, L.LatLng>();
  /** The area the last query asked for. */
  private queried: L.LatLngBounds | null = null;

  constructor(private readonly opts: ClusterClientOptions) {}

  start(): void {
    this.worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<ClusterReply>) => this.onWorker(e.data);
  }

  stop(): void {
    if (this.indexTimer) clearTimeout(this.indexTimer);
    this.worker?.terminate();
    this.worker = null;
  }

  /** The last query covered these bounds. */
  queriedCovers(bounds: L.LatLngBounds): boolean {
    return this.queried?.contains(bounds) ?? false;
  }

  /** The next index is built now, not after the usual throttle (the filter changed). */
  reindexNow(): void {
    this.dirty = true;
    this.lastIndexAt = -Infinity;
    if (this.indexTimer) clearTimeout(this.indexTimer);
    this.indexTimer = null;
    this.requestIndex();
  }

  /**
   * Posts the shown objects to be indexed, once the throttle allows. `ownTask`: never in the
   * caller's task, as after a store change, whose task at 100,000 objects already applied a delta.
   */
  requestIndex(ownTask = false): void {
    if (!this.worker || this.indexing || this.indexTimer) return;
    const wait = this.lastIndexAt + REINDEX_MS - performance.now();
    if (wait > 0 || ownTask) {
      this.indexTimer = setTimeout(() => {
        this.indexTimer = null;
        this.requestIndex();
      }, wait);
      return;
    }
    this.dirty = false;
    this.indexing = true;
    this.lastIndexAt = performance.now();
    const p = this.opts.positions();
    const shown = this.opts.shown;
    let n = 0;
    for (let i = 0; i < p.count; i++) if (shown(i)) n++;
    const lng = new Float64Array(n);
    const lat = new Float64Array(n);
    const slots = new Int32Array(n);
    const states = new Uint8Array(n);
    for (let i = 0, k = 0; i < p.count; i++) {
      if (!shown(i)) continue;
      lng[k] = p.lng[i]!;
      lat[k] = p.lat[i]!;
      states[k] = ringStateIndex(this.opts.stateAt(i));
      slots[k++] = i;
    }
    const seq = ++this.seq;
    this.opts.onLoadPosted(seq);
    this.post({ type: 'load', seq, lng, lat, slots, states }, [lng.buffer, lat.buffer, slots.buffer, states.buffer]);
  }

  private post(m: ClusterRequest, transfer: Transferable[] = []): void {
    this.worker?.postMessage(m, transfer);
  }

  query(): void {
    const map = this.opts.map();
    if (!map || !this.worker || map.getZoom() > CLUSTER_MAX_ZOOM) return;
    if (this.queryInFlight) {
      this.queryPending = true;
      return;
    }
    this.queryInFlight = true;
    const b = map.getBounds().pad(this.opts.padding);
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
      this.opts.onIndexed(m.ms);
      this.query();
      // Deltas that arrived while indexing get the next index (throttled).
      if (this.dirty) this.requestIndex();
    } else if (m.type === 'clusters') {
      this.queryInFlight = false;
      this.items = m.items;
      this.itemsZoom = m.zoom;
      this.itemsIndexSeq = m.indexSeq;
      this.opts.onClusters();
      if (this.queryPending) {
        this.queryPending = false;
        this.query();
      }
    } else if (m.type === 'expanded') {
      const at = this.expands.get(m.seq);
      this.expands.delete(m.seq);
      const map = this.opts.map();
      if (at && map) map.setView(at, Math.min(Math.max(m.zoom, map.getZoom() + 1), 18));
    }
  }

  /** Zooms to a cluster (a click on it, or its button in the list). */
  expand(cluster: { id: number; lat: number; lng: number }): void {
    const seq = ++this.seq;
    this.expands.set(seq, L.latLng(cluster.lat, cluster.lng));
    this.post({ type: 'expand', seq, clusterId: cluster.id });
  }

  /** The largest clusters in the view, for the keyboard-reachable list beside the canvas. */
  largestInView(map: L.Map): VisibleCluster[] {
    const view = map.getBounds();
    const out: VisibleCluster[] = [];
    const c = this.items;
    for (let k = 0; k < c.length; k += STRIDE) {
      if (c[k + 2]! < 2 || !view.contains([c[k + 1]!, c[k]!])) continue;
      out.push({ lng: c[k]!, lat: c[k + 1]!, count: c[k + 2]!, id: c[k + 3]!, ring: ringOf(c[k + 4]!) });
    }
    out.sort((a, b) => b.count - a.count);
    return map.getZoom() > CLUSTER_MAX_ZOOM ? [] : out.slice(0, 30);
  }

  /** Clusters drawn now, with their container-pixel centres. */
  visible(map: L.Map): (VisibleCluster & { x: number; y: number })[] {
    if (map.getZoom() > CLUSTER_MAX_ZOOM) return [];
    const out: (VisibleCluster & { x: number; y: number })[] = [];
    const size = map.getSize();
    const c = this.items;
    for (let k = 0; k < c.length; k += STRIDE) {
      if (c[k + 2]! < 2) continue;
      const pt = map.latLngToContainerPoint([c[k + 1]!, c[k]!]);
      if (pt.x < 0 || pt.y < 0 || pt.x > size.x || pt.y > size.y) continue;
      out.push({ lng: c[k]!, lat: c[k + 1]!, count: c[k + 2]!, id: c[k + 3]!, ring: ringOf(c[k + 4]!), x: pt.x, y: pt.y });
    }
    return out;
  }

  /** The cluster at an index of the last query's items. */
  at(k: number): VisibleCluster {
    const c = this.items;
    return { lng: c[k]!, lat: c[k + 1]!, count: c[k + 2]!, id: c[k + 3]!, ring: ringOf(c[k + 4]!) };
  }
}
