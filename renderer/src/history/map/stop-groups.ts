/**
 * Stop places grouped by zoom (supercluster, as the live map groups objects): three months
 * of stops at a depot and its neighbours drew as overlapping discs; a group is one marker
 * per area that a click zooms into, and places apart on screen are drawn on their own.
 */
import Supercluster from 'supercluster';
import type { Place } from '../model/trips';

/** Wider than the largest stop marker (30 px) with a margin, so two markers never touch. */
const RADIUS_PX = 40;
/** supercluster measures in 512-pixel tiles, Leaflet in 256-pixel ones. */
const TILE_SCALE = 2;
/** Past this zoom every place is drawn alone: places are already 40 m apart (placesOf). */
const MAX_ZOOM = 17;

export interface StopGroups {
  /** The places to draw at zoom z within the box [west, south, east, north]: one, or several that overlap there. */
  at(bbox: [number, number, number, number], z: number): Place[][];
}

export function stopGroups(places: readonly Place[]): StopGroups {
  const index = new Supercluster<{ i: number }>({ radius: RADIUS_PX * TILE_SCALE, maxZoom: MAX_ZOOM, minPoints: 2 });
  index.load(places.map((p, i) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [p.lng, p.lat] }, properties: { i } })));
  return {
    at(bbox, z) {
      return index.getClusters(bbox, Math.round(z)).map((f) => {
        const props = f.properties as { i?: number; cluster?: boolean; cluster_id?: number };
        if (!props.cluster) return [places[props.i!]!];
        return index.getLeaves(props.cluster_id!, Infinity).map((l) => places[l.properties.i]!);
      });
    },
  };
}
