import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBasemap, type Basemap } from '../../basemap/basemap';
import { LazyCanvas } from '../../canvas/lazy-canvas';
import { rpc } from '../../rpc/client';
import { CANVAS_COLORS, theme, useTheme } from '../../theme/theme';
import { h } from '../../ui/dom';
import { bounds, fixAt, type TrackModel } from '../model/track-model';
import type { Cursor, Player } from '../replay/clock';
import { placesOf, type Stop } from '../model/trips';
import type { Violation } from '../model/violations';
import { endMarker, eventMarker, fuelMarker, groupMarker, placeMarker, violationMarker, type EventMark, type FuelMark } from './markers';
import { addPolylineBaseline, type PolylineBaseline } from '../../diagnostics/polyline-baseline';
import { TrackLayer } from './track-layer';
import { MapLegend } from './MapLegend';
import { stopGroups } from './stop-groups';

export interface MapApi {
  fitLatLngs(points: [number, number][]): void;
}

interface Props {
  model: TrackModel | null;
  /** `model` is the coarse copy standing in until the full track is read: drawn as a sketch (TrackLayer). */
  sketch?: boolean;
  /** A load is still filling the model in: it will be replaced (TrackLayer.setFilling). */
  filling?: boolean;
  stops: Stop[];
  events: EventMark[];
  violations: Violation[];
  fuel: FuelMark[];
  tz: string;
  cursor: Cursor;
  player: Player;
  /** Changes when a new interval is shown: the map fits the track once per key. */
  fitKey: string;
  /**
   * An interval is asked for and nothing of its track is here yet: the map will fit to it,
   * so the tiles of the view before (Europe at zoom 4, at first) are not fetched meanwhile.
   */
  awaitingTrack?: boolean;
  onApi: (api: MapApi) => void;
}

/** For the bench (test/bench/history-*.ts): the map, places on the track, the one-polyline baseline. */
export interface HistoryMapHooks {
  map: L.Map;
  /** Up to n points of the track, evenly spaced by index. */
  samplePoints(n: number): [number, number][];
  /** Our layer handed the whole model afresh (colours, decimation, draw) to the end of the frame that painted it, ms. */
  trackFirstDraw(): Promise<number>;
  polylineBaseline(): Promise<Omit<PolylineBaseline, 'remove'>>;
  removeBaseline(): void;
}

/** The longest the tiles wait for a track to fit the map to (`awaitingTrack`). */
const TILE_HOLD_MAX_MS = 1_000;

const diag = globalThis as { __historyMarker?: () => [number, number] | null; __historyTrackDrawn?: () => number; __historyMap?: HistoryMapHooks };

/** The history screen's own map: React owns the container, Leaflet and the canvas layer the rest. */
export function HistoryMap({ model, sketch = false, filling = false, stops, events, violations, fuel, tz, cursor, player, fitKey, awaitingTrack = false, onApi }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const trackRef = useRef<TrackLayer | null>(null);
  const markRef = useRef<L.LayerGroup | null>(null);
  const pathsRef = useRef<L.Renderer | null>(null);
  const carRef = useRef<L.Marker | null>(null);
  const modelRef = useRef(model);
  modelRef.current = model;
  const fitted = useRef('');
  /** The track's fit, done again when the map's size changes until the operator moves the map. */
  const refit = useRef<(() => void) | null>(null);
  const baseRef = useRef<Basemap | null>(null);
  const awaitingRef = useRef(awaitingTrack);
  awaitingRef.current = awaitingTrack;
  const themeName = useTheme();
  // Markers carry their words: a change of language draws them again.
  const { t, i18n } = useTranslation('history');
  const lang = i18n.language;
  useEffect(() => {
    baseRef.current?.setColors(CANVAS_COLORS[themeName]);
  }, [themeName]);

  useEffect(() => {
    // Tiles appear without a fade, as on the live map (MapView.tsx says why).
    // One canvas for the map's own vector markers (events, violations), made once: Leaflet
    // never takes a renderer off the map, so one made per update stayed, each an extra
    // canvas resized and repainted on every move. Lazy: repainted only when the view leaves
    // its padded area (lazy-canvas.ts).
    const paths = new LazyCanvas({ padding: 0.3 });
    const map = L.map(el.current!, { preferCanvas: true, renderer: paths, zoomControl: true, fadeAnimation: false }).setView([50, 10], 4);
    pathsRef.current = paths;
    const base = addBasemap(map, CANVAS_COLORS[theme.get()], { held: awaitingRef.current });
    baseRef.current = base;
    let alive = true;
    // The same tile source as the live map, served through the core's tile cache (offline too).
    void rpc('tiles/config', {})
      .then((c) => alive && base.setSource(c))
      .catch(() => {});
    const track = new TrackLayer().addTo(map);
    const marks = L.layerGroup().addTo(map);
    const car = L.marker([0, 0], {
      icon: L.divIcon({ className: 'history-car', html: h('span', 'arrow'), iconSize: [26, 26], iconAnchor: [13, 13] }),
      interactive: false,
      keyboard: false,
      zIndexOffset: 1000,
    });
    mapRef.current = map;
    trackRef.current = track;
    markRef.current = marks;
    carRef.current = car;
    onApi({
      fitLatLngs: (pts) => {
        if (pts.length === 0) return;
        map.fitBounds(L.latLngBounds(pts), { padding: [40, 40], maxZoom: 16 });
      },
    });
    // The bar above the map may gain a row once the data is in (the charts button): a view
    // fitted before that lost the track's ends, so the fit is redone until the operator
    // drags or zooms (a fit's own events come while `refitting`).
    let refitting = false;
    const ro = new ResizeObserver(() => {
      map.invalidateSize();
      if (!refit.current) return;
      refitting = true;
      refit.current();
      refitting = false;
    });
    map.on('dragstart zoomstart', () => {
      if (!refitting) refit.current = null;
    });
    ro.observe(el.current!);

    // The marker follows the cursor; the map follows the marker only when asked, and only
    // when it nears the edge, so the track canvas is not redrawn on every replay frame.
    const place = () => {
      const m = modelRef.current;
      const f = m ? fixAt(m, cursor.get()) : null;
      if (!f) {
        car.remove();
        return;
      }
      car.setLatLng([f.lat, f.lng]);
      if (!map.hasLayer(car)) car.addTo(map);
      const arrow = car.getElement()?.firstElementChild as HTMLElement | null | undefined;
      if (arrow) arrow.style.transform = `rotate(${Number.isFinite(f.heading) ? f.heading : 0}deg)`;
      // Paused (the interval just opened, a step, a seek) the fitted view stays unless the
      // vehicle leaves it: centring the first point at once pushed the track's end out of sight.
      const view = player.state.playing ? map.getBounds().pad(-0.2) : map.getBounds();
      if (player.state.follow && !view.contains([f.lat, f.lng])) map.panTo([f.lat, f.lng], { animate: false });
    };
    const off = cursor.subscribe(place);
    diag.__historyMarker = () => (map.hasLayer(car) ? [car.getLatLng().lat, car.getLatLng().lng] : null);
    diag.__historyTrackDrawn = () => track.drawnAt(map.getZoom());
    let baseline: PolylineBaseline | null = null;
    diag.__historyMap = {
      map,
      samplePoints: (n) => {
        const m = modelRef.current;
        if (!m || m.n === 0) return [];
        const step = Math.max(1, Math.floor(m.n / n));
        const out: [number, number][] = [];
        for (let i = 0; i < m.n; i += step) out.push([m.cols.lat[i]!, m.cols.lng[i]!]);
        return out;
      },
      trackFirstDraw: async () => {
        const t0 = performance.now();
        track.setModel(modelRef.current);
        await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => requestAnimationFrame(r));
        return performance.now() - t0;
      },
      polylineBaseline: async () => {
        const m = modelRef.current;
        if (!m || m.n === 0) throw new Error('no track loaded');
        baseline?.remove();
        baseline = await addPolylineBaseline(map, m, [track]);
        const { remove: _remove, ...figures } = baseline;
        return figures;
      },
      removeBaseline: () => {
        baseline?.remove();
        baseline = null;
      },
    };
    return () => {
      baseline?.remove();
      alive = false;
      off();
      ro.disconnect();
      map.remove();
      delete diag.__historyMarker;
      delete diag.__historyTrackDrawn;
      delete diag.__historyMap;
    };
  }, [cursor, player, onApi]);

  useEffect(() => trackRef.current?.setFilling(filling), [filling]);

  useEffect(() => {
    trackRef.current?.setModel(model, sketch);
    const map = mapRef.current;
    const car = carRef.current;
    if (!map || !car) return;
    if (model && model.n > 0) {
      const f = fixAt(model, cursor.get());
      if (f) car.setLatLng([f.lat, f.lng]).addTo(map);
    } else car.remove();
  }, [model, sketch, cursor]);

  useEffect(() => {
    const marks = markRef.current;
    const map = mapRef.current;
    if (!marks || !map) return;
    marks.clearLayers();
    const renderer = pathsRef.current!;
    for (const e of events) marks.addLayer(eventMarker(e, tz, renderer));
    for (const v of violations) marks.addLayer(violationMarker(v, tz, renderer));
    for (const f of fuel) marks.addLayer(fuelMarker(f, tz));
    if (model && model.n > 0) {
      const c = model.cols;
      marks.addLayer(endMarker('start', c.lat[0]!, c.lng[0]!, c.time[0]!, tz));
      marks.addLayer(endMarker('end', c.lat[model.n - 1]!, c.lng[model.n - 1]!, c.time[model.n - 1]!, tz));
    }
  }, [model, stops, events, violations, fuel, tz, lang]);

  // Stops: one marker per place, and places that would overlap at this zoom as one group.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const groups = stopGroups(placesOf(stops));
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds().pad(0.2);
      for (const g of groups.at([Math.max(-180, b.getWest()), Math.max(-85, b.getSouth()), Math.min(180, b.getEast()), Math.min(85, b.getNorth())], map.getZoom())) {
        if (g.length === 1) layer.addLayer(placeMarker(g[0]!, tz));
        else layer.addLayer(groupMarker(g, (ps) => map.fitBounds(L.latLngBounds(ps.map((p) => [p.lat, p.lng])), { padding: [60, 60], maxZoom: 18 })));
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [stops, tz, lang]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || fitted.current === fitKey) return;
    const b = model ? bounds(model) : null;
    const pts: [number, number][] = stops.map((s) => [s.lat, s.lng]);
    if (b) pts.push(...b);
    if (pts.length === 0) return;
    fitted.current = fitKey;
    // The legend sits over the map's bottom right: the track is fitted above it.
    const fit = () => {
      const legend = el.current?.parentElement?.querySelector('.history-legend')?.getBoundingClientRect().height ?? 0;
      map.fitBounds(L.latLngBounds(pts), { paddingTopLeft: [40, 40], paddingBottomRight: [40, Math.max(40, Math.min(legend + 30, map.getSize().y / 3))], maxZoom: 15, animate: false });
    };
    refit.current = null;
    fit();
    refit.current = fit;
  }, [fitKey, model, stops]);

  // Tiles wait for the track's view (fitted just above: effects run in order, so the
  // first tiles asked for are the fitted view's), never longer than TILE_HOLD_MAX_MS: an
  // interval fetched from the service may take seconds to show its first window.
  useEffect(() => {
    const base = baseRef.current;
    if (!base) return;
    base.hold(awaitingTrack);
    if (!awaitingTrack) return;
    const t = setTimeout(() => base.hold(false), TILE_HOLD_MAX_MS);
    return () => clearTimeout(t);
  }, [awaitingTrack]);

  return (
    <div className="history-map-wrap">
      <div ref={el} className="history-map" role="region" aria-label={t('map.region')} />
      <MapLegend />
    </div>
  );
}
