/**
 * The bench's baseline for the track: every point of the loaded track handed to ONE
 * Leaflet L.polyline (Leaflet's own canvas renderer and simplification), what the
 * per-zoom decimated track layer replaces; measured in the same page so the ratio is fair.
 */
import L from 'leaflet';
import type { TrackModel } from '../history/model/track-model';

export interface PolylineBaseline {
  points: number;
  /** Columns to LatLng arrays. */
  buildMs: number;
  /** From the first LatLng built to the end of the frame that painted the line. */
  firstDrawMs: number;
  remove(): void;
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

export async function addPolylineBaseline(map: L.Map, model: TrackModel, hide: L.Layer[]): Promise<PolylineBaseline> {
  for (const l of hide) l.remove();
  const t0 = performance.now();
  const { lat, lng } = model.cols;
  const latlngs: L.LatLngExpression[] = new Array(model.n);
  for (let i = 0; i < model.n; i++) latlngs[i] = [lat[i]!, lng[i]!];
  const built = performance.now();
  const line = L.polyline(latlngs, { color: '#1565c0', weight: 3 }).addTo(map);
  // The canvas renderer projects and simplifies on add and paints on the next frame; the
  // frame after that starts once it is on screen.
  await frame();
  await frame();
  const drawn = performance.now();
  return {
    points: model.n,
    buildMs: built - t0,
    firstDrawMs: drawn - t0,
    remove: () => {
      line.remove();
      for (const l of hide) l.addTo(map);
    },
  };
}
