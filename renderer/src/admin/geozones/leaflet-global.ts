/** Leaflet as the global `L`, set when this module runs, before Geoman's module (which reads it) is evaluated. */
import L from 'leaflet';

(globalThis as { L?: typeof L }).L = L;

/** A no-op kept so the importer names what it depends on; the assignment above is the work. */
export function setLeafletGlobal(): void {
  (globalThis as { L?: typeof L }).L ??= L;
}
