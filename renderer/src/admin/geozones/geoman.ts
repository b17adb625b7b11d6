/**
 * Leaflet-Geoman, loaded for the geozone editor. Geoman reads the global `L` when it loads,
 * so this module sets it first (ES modules run in import order); opt-in mode keeps every
 * other map's layers (the live map, history) out of its reach: only layers made with
 * `pmIgnore: false` can be edited.
 */
import L from 'leaflet';
import { setLeafletGlobal } from './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';

setLeafletGlobal();
L.PM.setOptIn(true);

export { L };
