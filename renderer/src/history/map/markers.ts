/** Small Leaflet markers of the history map: stops, events, violations, fuel steps, start and end. */
import L from 'leaflet';
import { h, lines } from '../../ui/dom';
import { numberText } from '../../ui/format';
import { fmtDuration, fmtShort, fmtTime } from '../time-format';
import type { Place, Stop } from '../model/trips';
import type { Violation } from '../model/violations';
import { violationDetail, violationLabel } from '../model/violations';
import { i18n } from '../../i18n';
import type { EventMark, FuelMark } from './marks';

export type { EventMark, FuelMark } from './marks';

/**
 * Leaflet names a keyboard marker by its icon's text ("20", "+"), which tells a screen
 * reader nothing: the label goes on the element itself once it exists.
 */
function named<M extends L.Marker>(m: M, label: string): M {
  m.on('add', () => m.getElement()?.setAttribute('aria-label', label));
  return m;
}

const stopLine = (s: Stop, tz: string) =>
  h('div', null, h('b', null, i18n.t('history:map.stopLine', { n: s.n })), i18n.t('history:map.stopTimes', { from: fmtTime(s.from, tz), till: fmtTime(s.till, tz), duration: fmtDuration(s.till - s.from) }));

/** Visits shown in one popup; a depot visited every night lists its latest ones. */
const POPUP_MAX = 25;

/** One marker per place: its stop number, or the number of visits when the vehicle came back there. */
export function placeMarker(p: Place, tz: string): L.Marker {
  const first = p.stops[0]!;
  const many = p.stops.length > 1;
  const label = many
    ? i18n.t('history:map.stopsHere', { count: p.stops.length, list: `${p.stops.map((s) => s.n).slice(0, 8).join(', ')}${p.stops.length > 8 ? '…' : ''}` })
    : i18n.t('history:map.stop', { n: first.n, from: fmtShort(first.from, tz), till: fmtShort(first.till, tz), duration: fmtDuration(first.till - first.from) });
  const m = L.marker([p.lat, p.lng], {
    icon: L.divIcon({
      className: `history-stop-marker${many ? ' many' : ''}`,
      html: h('span', null, many ? `${p.stops.length}×` : first.n),
      iconSize: many ? [30, 22] : [22, 22],
      iconAnchor: many ? [15, 11] : [11, 11],
    }),
    title: label,
    alt: label,
    keyboard: true,
    zIndexOffset: 100,
  });
  named(m, label).bindTooltip(h('span', null, label), { direction: 'top', offset: [0, -10] });
  const shown = p.stops.slice(-POPUP_MAX);
  m.bindPopup(
    lines(p.stops.length > POPUP_MAX && h('i', null, i18n.t('history:map.latest', { shown: POPUP_MAX, count: p.stops.length })), ...shown.map((s) => stopLine(s, tz))),
    { maxHeight: 260, maxWidth: 420 },
  );
  return m;
}

export function endMarker(kind: 'start' | 'end', lat: number, lng: number, time: number, tz: string): L.Marker {
  const label = i18n.t(kind === 'start' ? 'history:map.start' : 'history:map.end', { time: fmtTime(time, tz) });
  const m = L.marker([lat, lng], {
    // A pin: the disc stands above its point on a stem, so the replay's vehicle, which
    // starts on A, does not cover it.
    icon: L.divIcon({ className: `history-end-marker pin ${kind}`, html: h('span', null, kind === 'start' ? 'A' : 'B'), iconSize: [24, 24], iconAnchor: [12, 40] }),
    title: label,
    alt: label,
    zIndexOffset: 200,
  });
  return named(m, label).bindTooltip(h('span', null, label), { direction: 'top', offset: [0, -40] });
}

export function eventMarker(e: EventMark, tz: string, renderer: L.Renderer): L.CircleMarker {
  return L.circleMarker([e.lat, e.lng], { renderer, radius: 5, color: '#fff', weight: 1.5, fillColor: '#8e44ad', fillOpacity: 0.95 }).bindTooltip(
    lines(fmtTime(e.time, tz), e.text || i18n.t('history:events.eventType', { type: e.type })),
    { direction: 'top' },
  );
}

export function violationMarker(v: Violation, tz: string, renderer: L.Renderer): L.CircleMarker {
  return L.circleMarker([v.lat, v.lng], { renderer, radius: 7, color: '#c0392b', weight: 2.5, fillColor: '#fff', fillOpacity: 1 }).bindTooltip(
    lines(h('div', null, h('b', null, violationLabel(v.kind)), ` ${violationDetail(v)}`), fmtTime(v.time, tz)),
    { direction: 'top' },
  );
}

export function fuelMarker(f: FuelMark, tz: string): L.Marker {
  const amount = `${f.delta > 0 ? '+' : ''}${numberText(Number(f.delta.toFixed(1)), 1)} ${f.units}`.trim();
  const label = i18n.t(f.kind === 'refuel' ? 'history:map.refuel' : 'history:map.drain', { amount });
  const m = L.marker([f.lat, f.lng], {
    icon: L.divIcon({ className: `history-fuel-marker ${f.kind}`, html: h('span', null, f.kind === 'refuel' ? '+' : '−'), iconSize: [22, 22], iconAnchor: [11, 11] }),
    title: label,
    alt: label,
    zIndexOffset: 150,
  });
  return named(m, label).bindTooltip(lines(h('b', null, label), fmtTime(f.time, tz)), { direction: 'top', offset: [0, -10] });
}

/** Places too close to tell apart at this zoom: one marker with their number of stops; a click zooms in. */
export function groupMarker(places: Place[], onOpen: (places: Place[]) => void): L.Marker {
  const stops = places.reduce((n, p) => n + p.stops.length, 0);
  const lat = places.reduce((s, p) => s + p.lat, 0) / places.length;
  const lng = places.reduce((s, p) => s + p.lng, 0) / places.length;
  const label = i18n.t('history:map.group', { stops, count: places.length });
  const m = L.marker([lat, lng], {
    icon: L.divIcon({ className: 'history-stop-marker group', html: h('span', null, stops), iconSize: [28, 28], iconAnchor: [14, 14] }),
    title: label,
    alt: label,
    keyboard: true,
    zIndexOffset: 90,
  });
  m.on('click', () => onOpen(places));
  return named(m, label);
}
