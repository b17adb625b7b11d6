/**
 * What is under the pointer on the object layer, for clicks and the hover tip: the hit test
 * reads the store's arrays and the clustering's last answer, not the pixels drawn.
 */
import type L from 'leaflet';
import { mercatorX, mercatorY } from '../../../common/mercator';
import type { FleetStore } from '../stores/fleet-store';
import { CLUSTER_MAX_ZOOM, CLUSTER_STRIDE as STRIDE } from './cluster-protocol';
import { clusterRadius } from './object-paint';

const TILE = 256;

export interface HitSource {
  store: FleetStore;
  selected: number | null;
  /** The clustering's last items and the zoom they are for (cluster-client.ts). */
  clusters: Float64Array;
  clustersZoom: number;
  shown: (slot: number) => boolean;
}

/** A cluster (its index in the items) or an object (its store slot). */
export type Hit = { cluster: number } | { slot: number };

/**
 * What is under a layer point: a cluster (its index in the last query's items) when inside
 * its disc, else the nearest object within 12 px (its store slot), else null.
 */
export function hitAt(map: L.Map, point: L.Point, src: HitSource): Hit | null {
  const zoom = map.getZoom();
  const world = TILE * Math.pow(2, zoom);
  const origin = map.getPixelOrigin();
  const p = src.store.positions;
  let best = -1;
  let bestD = 12 * 12;
  const near = (x: number, y: number) => (x - origin.x - point.x) ** 2 + (y - origin.y - point.y) ** 2;
  // The selected object is drawn over everything: it is what a pointer over it means.
  const sel = src.selected;
  const ss = sel === null ? undefined : src.store.slot(sel);
  if (ss !== undefined && p.time[ss] !== 0 && near(p.mx[ss]! * world, p.my[ss]! * world) < 8 * 8) return { slot: ss };
  if (zoom <= CLUSTER_MAX_ZOOM && src.clustersZoom === zoom) {
    const c = src.clusters;
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
      if (!src.shown(i)) continue;
      const d = near(p.mx[i]! * world, p.my[i]! * world);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
  }
  return best >= 0 ? { slot: best } : null;
}
