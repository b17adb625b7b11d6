import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { useEffect, useRef, useState } from 'react';
import type { TilesConfig } from '../../../common/methods/tiles';
import { rpc } from '../rpc/client';
import { actionFor } from '../shortcuts/keymap';
import { isTyping } from '../shortcuts/typing';
import { createStore } from '../stores/create-store';
import { followRequest } from '../stores/follow-request';
import { fleetStore } from '../stores/fleet-store';
import { mapFilter } from '../stores/map-filter';
import { CANVAS_COLORS, useTheme } from '../theme/theme';
import { addBasemap, setTileSource, type Basemap } from '../basemap/basemap';
import { addDomMarkers } from '../diagnostics/dom-baseline';
import { expose } from '../diagnostics/hooks';
import { ClusterButtons, sameClusters } from './ClusterButtons';
import { GeozoneOverlay, type DrawnZone } from './geozone-layer';
import { eventFocus } from '../events/focus';
import { pinText } from '../events/place-text';
import { ObjectHover } from './object-hover';
import { ObjectLayer, type VisibleCluster } from './object-layer';
import { PlacePin, type PinnedPlace } from './place-pin';
import { MapFilterNote } from './MapFilterNote';
import { StateLegend } from './StateLegend';
import { TileSourceControl } from './TileSourceControl';

interface Props {
  selected: number | null;
  onSelect: (id: number | null) => void;
}

const GEOZONES_KEY = 'fleet.map.geozones';
/** Follow zooms in at least this far: past CLUSTER_MAX_ZOOM every object is drawn on its own, and streets show. */
const FOLLOW_ZOOM = 15;

/** Test and bench hooks, like __fleetPositions: what the map shows, without reading pixels. */
export interface MapHooks {
  map: L.Map;
  clusters: () => ReturnType<ObjectLayer['visibleClusters']>;
  /** Where the selected object was drawn on its own in the last frame (container pixels), or null. */
  selectionDrawn: () => ObjectLayer['selectionDrawn'];
  geozones: () => { shown: boolean; count: number; largest: [number, number] | null; drawn: DrawnZone[] };
  follow: () => boolean;
  selected: () => number | null;
  /** Object names drawn in the map's last frame. */
  labels: () => number;
  /** From how many objects a redraw composites its sprites in script (object-layer.ts). */
  pixelsFrom: (n: number) => void;
  /** From how many objects a frame is drawn in two parts, and how the last frame was drawn (object-split.ts). */
  splitFrom: (n: number) => void;
  parts: () => ObjectLayer['parts'];
  /** The clicked event's place, as pinned. */
  eventPin: () => PinnedPlace | null;
  /** Replaces the canvas layer by one DOM marker per object (the bench's baseline). */
  domBaseline: (limit: number) => number;
}

/** React owns the container and the controls; Leaflet and the canvas layers own the map itself. */
export function MapView({ selected, onSelect }: Props) {
  const { t } = useTranslation('map');
  const el = useRef<HTMLDivElement>(null);
  const zoomRef = useRef<L.Control.Zoom | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<ObjectLayer | null>(null);
  const baseRef = useRef<Basemap | null>(null);
  const zonesRef = useRef<GeozoneOverlay | null>(null);
  const selectedRef = useRef(selected);
  const onSelectRef = useRef(onSelect);
  selectedRef.current = selected;
  onSelectRef.current = onSelect;
  const fitted = useRef(false);
  const themeName = useTheme();
  const [follow, setFollow] = useState(false);
  const followRef = useRef(follow);
  followRef.current = follow;
  const [showZones, setShowZones] = useState(() => localStorage.getItem(GEOZONES_KEY) !== 'off');
  const [zoneCount, setZoneCount] = useState<number | null>(null);
  const [clusters] = useState(() => createStore<VisibleCluster[]>([], sameClusters));
  const [tiles, setTiles] = useState<TilesConfig | null>(null);

  useEffect(() => {
    const colors = CANVAS_COLORS[document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'];
    // No tile fade: it changes every new tile's opacity on each frame for a quarter second,
    // and without a GPU each of those frames is composited again (docs/decisions/0018-tiles-without-fade.md).
    const map = L.map(el.current!, { preferCanvas: true, worldCopyJump: true, zoomControl: false, minZoom: 2, fadeAnimation: false }).setView([50, 10], 4);
    zoomRef.current = L.control.zoom({ zoomInTitle: i18n.t('map:view.zoomIn'), zoomOutTitle: i18n.t('map:view.zoomOut') }).addTo(map);
    baseRef.current = addBasemap(map, colors);
    zonesRef.current = new GeozoneOverlay(map);
    const layer = new ObjectLayer({
      store: fleetStore,
      onSelect: (id) => onSelectRef.current(id),
      getSelected: () => selectedRef.current,
      shownIds: mapFilter.shownIds,
      onClusters: (c) => clusters.set(c),
      colors,
    }).addTo(map);
    const hover = new ObjectHover(map, layer, fleetStore);
    mapRef.current = map;
    layerRef.current = layer;
    // Fit the fleet once, when its first positions arrive.
    const fit = () => {
      if (fitted.current) return;
      const p = fleetStore.positions;
      let s = 90;
      let w = 180;
      let n = -90;
      let e = -180;
      for (let i = 0; i < p.count; i++) {
        if (p.time[i] === 0) continue;
        s = Math.min(s, p.lat[i]!);
        n = Math.max(n, p.lat[i]!);
        w = Math.min(w, p.lng[i]!);
        e = Math.max(e, p.lng[i]!);
      }
      if (s > n) return;
      fitted.current = true;
      // Not animated: a zoom animation still running when the operator (or a test) sets a
      // view ends by jumping back to the fitted one, undoing their move.
      map.fitBounds([[s, w], [n, e]], { padding: [30, 30], maxZoom: 13, animate: false });
    };
    // Follow: the selected object stays centred as its position updates.
    const keepCentred = () => {
      const id = selectedRef.current;
      if (!followRef.current || id === null) return;
      const pos = fleetStore.position(id);
      if (!pos) return;
      const at = map.latLngToContainerPoint([pos.lat, pos.lng]);
      const mid = map.getSize().divideBy(2);
      if (Math.abs(at.x - mid.x) > 1 || Math.abs(at.y - mid.y) > 1) map.setView([pos.lat, pos.lng], map.getZoom(), { animate: false });
    };
    fit();
    const unsub = fleetStore.subscribe(() => {
      fit();
      keepCentred();
    });
    // A clicked event: its place pinned and brought into view, close enough to see the street.
    const pin = new PlacePin(map);
    const showEvent = () => {
      const f = eventFocus.get();
      if (f?.state !== 'shown') {
        pin.clear();
        return;
      }
      const p = f.place;
      pin.show({ lat: p.lat, lng: p.lng, label: pinText(p), approximate: p.source === 'now' });
      setFollow(false);
      followRef.current = false;
      map.setView([p.lat, p.lng], Math.max(map.getZoom(), 15), { animate: false });
    };
    showEvent();
    const unsubFocus = eventFocus.subscribe(showEvent);
    const unsubFilter = mapFilter.subscribe(() => layer.filterChanged());
    // Dragging the map means the user wants to look elsewhere: stop following.
    map.on('dragstart', () => setFollow(false));
    const ro = new ResizeObserver(() => map.invalidateSize());
    ro.observe(el.current!);
    let baseline: { remove(): void } | null = null;
    const hooks: MapHooks = {
      map,
      clusters: () => layer.visibleClusters(),
      selectionDrawn: () => layer.selectionDrawn,
      geozones: () => {
        const z = zonesRef.current!;
        return { shown: z.shown, count: z.count, largest: z.largest ? [z.largest.lat, z.largest.lng] : null, drawn: z.drawn };
      },
      follow: () => followRef.current,
      selected: () => selectedRef.current,
      labels: () => layer.labelsDrawn,
      pixelsFrom: (n) => layer.setPixelsFrom(n),
      splitFrom: (n) => layer.setSplitFrom(n),
      parts: () => layer.parts,
      eventPin: () => pin.place,
      domBaseline: (limit) => {
        layer.remove();
        baseline?.remove();
        const b = addDomMarkers(map, fleetStore, limit);
        baseline = b;
        return b.count;
      },
    };
    const unexpose = expose('__fleetMap', hooks);
    let alive = true;
    void rpc('tiles/config', {})
      .then((c) => alive && setTiles(c))
      .catch(() => {});
    const unfollowZones = zonesRef.current.follow((n) => alive && setZoneCount(n));
    return () => {
      alive = false;
      unfollowZones();
      unsub();
      unsubFocus();
      unsubFilter();
      ro.disconnect();
      baseline?.remove();
      hover.remove();
      map.remove();
      unexpose();
    };
  }, []);

  useEffect(() => {
    layerRef.current?.setColors(CANVAS_COLORS[themeName]);
    baseRef.current?.setColors(CANVAS_COLORS[themeName]);
  }, [themeName]);

  useEffect(() => {
    zonesRef.current?.show(showZones);
    localStorage.setItem(GEOZONES_KEY, showZones ? 'on' : 'off');
  }, [showZones, zoneCount]);

  useEffect(() => {
    layerRef.current?.schedule();
    const map = mapRef.current;
    if (selected === null) {
      setFollow(false);
      return;
    }
    const pos = fleetStore.position(selected);
    if (!pos || !map) return;
    if (followRef.current) map.setView([pos.lat, pos.lng], map.getZoom(), { animate: false });
    else if (!map.getBounds().pad(-0.1).contains([pos.lat, pos.lng])) map.panTo([pos.lat, pos.lng]);
  }, [selected]);

  // Following starts close enough to see the vehicle on its own, above the zooms that cluster.
  useEffect(() => {
    const map = mapRef.current;
    const pos = selected === null ? undefined : fleetStore.position(selected);
    if (follow && map && pos) map.setView([pos.lat, pos.lng], Math.max(map.getZoom(), FOLLOW_ZOOM), { animate: false });
  }, [follow]);

  // A double click on a list row asks to follow its object (stores/follow-request.ts).
  useEffect(() => followRequest.subscribe(() => setFollow(true)), []);

  // Leaflet writes the zoom buttons' names once; a language change renames them.
  useEffect(() => {
    const box = zoomRef.current?.getContainer();
    for (const [cls, key] of [['.leaflet-control-zoom-in', 'view.zoomIn'], ['.leaflet-control-zoom-out', 'view.zoomOut']] as const) {
      const b = box?.querySelector(cls);
      b?.setAttribute('title', t(key));
      b?.setAttribute('aria-label', t(key));
    }
  }, [t]);

  // F toggles follow anywhere in the window, except while typing.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('dialog[open]') || actionFor(e, isTyping(e.target)) !== 'follow') return;
      if (selectedRef.current === null) return;
      e.preventDefault();
      setFollow((f) => !f);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="map-wrap">
      <div ref={el} className="map" role="region" aria-label={t('view.label')} data-testid="map" />
      <div className="map-controls">
        <button
          type="button"
          aria-pressed={follow}
          aria-keyshortcuts="F"
          disabled={selected === null}
          title={selected === null ? t('view.followNone') : t('view.followTitle')}
          onClick={() => setFollow((f) => !f)}
        >
          {t('view.follow')}
        </button>
        <fieldset className="map-layers" aria-label={t('view.layers')}>
          <legend>{t('view.layersLegend')}</legend>
          <label>
            <input type="checkbox" checked={showZones} onChange={(e) => setShowZones(e.target.checked)} />
            {zoneCount !== null ? t('view.geozonesN', { n: zoneCount }) : t('view.geozones')}
          </label>
        </fieldset>
        <TileSourceControl
          config={tiles}
          onChange={(c) => {
            setTiles(c);
            setTileSource(c);
          }}
        />
      </div>
      <div className="map-status">
        <MapFilterNote />
        <StateLegend />
      </div>
      <ClusterButtons clusters={clusters} onExpand={(c) => layerRef.current?.expand(c)} />
    </div>
  );
}
