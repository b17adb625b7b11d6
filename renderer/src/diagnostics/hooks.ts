/**
 * The globals the bench (test/bench/*.ts) and the e2e suites read from the page, and support
 * reads from the devtools console. They are read by these names from outside the bundle, so
 * the names never change; what each one holds is typed where it is built.
 *
 * - `__fleetMap` (map/MapView.tsx): the live map, its clusters, selection, labels, pin, DOM baseline.
 * - `__fleetMapPerf` (perf-samples.ts): the object layer's poll-to-pixels, index and redraw samples.
 * - `__fleetPositions` (stores/fleet-store.ts): every object's last position by id.
 * - `__fleetCounts` (stores/fleet-store.ts): objects listed, objects with a position, and when each was fetched (cheap enough to read every frame).
 * - `__historyMap`, `__historyMarker`, `__historyTrackDrawn` (history/map/HistoryMap.tsx) and
 *   `__historyTrackPerf` (history/map/track-layer.ts): the History map and its track layer.
 * - `__geozoneMap` (admin/geozones/GeozonesView.tsx): the geozone editor's map.
 */
export type HookName = '__fleetMap' | '__fleetMapPerf' | '__fleetPositions' | '__fleetCounts' | '__historyMap' | '__historyMarker' | '__historyTrackDrawn' | '__historyTrackPerf' | '__geozoneMap';

type Globals = Partial<Record<HookName, unknown>>;

/** Puts a hook on the page's global object; the returned function takes it off again. */
export function expose(name: HookName, value: unknown): () => void {
  (globalThis as Globals)[name] = value;
  return () => {
    delete (globalThis as Globals)[name];
  };
}
