/**
 * Clustering off the main thread: indexing 50,000 points takes longer than a frame, so
 * the index lives here and the page only asks "what is in this box at this zoom".
 */
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { CLUSTER_MAX_ZOOM, CLUSTER_STRIDE, type ClusterReply, type ClusterRequest } from './cluster-protocol';
import { RING_STATES, packRing } from './cluster-ring';

/** `s`: the store slot; `t`: the state's index in RING_STATES. Clusters carry a count per state, keyed by that index. */
type Props = { s: number; t: number };
type Counts = Record<number, number>;
const STATES = RING_STATES.length;

/** A point's state as counts (one of its state), for supercluster to sum into its clusters. */
function countsOf(p: Props): Counts {
  const c: Counts = {};
  for (let i = 0; i < STATES; i++) c[i] = i === p.t ? 1 : 0;
  return c;
}

function addCounts(into: Counts, c: Counts): void {
  for (let i = 0; i < STATES; i++) into[i]! += c[i]!;
}
let index: Supercluster<Props, Counts> | null = null;
let indexSeq = 0;

const post = (m: ClusterReply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

self.onmessage = (e: MessageEvent<ClusterRequest>) => {
  const m = e.data;
  if (m.type === 'load') {
    const t0 = performance.now();
    const points: PointFeature<Props>[] = new Array(m.slots.length);
    for (let i = 0; i < m.slots.length; i++) {
      points[i] = { type: 'Feature', geometry: { type: 'Point', coordinates: [m.lng[i]!, m.lat[i]!] }, properties: { s: m.slots[i]!, t: m.states[i]! } };
    }
    index = new Supercluster<Props, Counts>({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 3, map: countsOf, reduce: addCounts }).load(points);
    indexSeq = m.seq;
    post({ type: 'loaded', seq: m.seq, ms: performance.now() - t0 });
  } else if (m.type === 'query') {
    const found = index ? index.getClusters(m.bbox, Math.round(m.zoom)) : [];
    const items = new Float64Array(found.length * CLUSTER_STRIDE);
    found.forEach((f, j) => {
      const p = f.properties as Partial<ClusterProperties> & Partial<Props> & Counts;
      const k = j * CLUSTER_STRIDE;
      items[k] = f.geometry.coordinates[0]!;
      items[k + 1] = f.geometry.coordinates[1]!;
      items[k + 2] = p.cluster ? p.point_count! : 1;
      items[k + 3] = p.cluster ? p.cluster_id! : p.s!;
      items[k + 4] = p.cluster ? packRing(p) : 0;
    });
    post({ type: 'clusters', seq: m.seq, indexSeq, zoom: m.zoom, items }, [items.buffer]);
  } else if (m.type === 'expand') {
    let zoom = CLUSTER_MAX_ZOOM + 1;
    try {
      if (index) zoom = index.getClusterExpansionZoom(m.clusterId);
    } catch {
      /* a cluster of an older index: zoom in one step past clustering */
    }
    post({ type: 'expanded', seq: m.seq, zoom });
  }
};
