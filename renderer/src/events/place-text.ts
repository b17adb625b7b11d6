/**
 * What the events panel and the map's pin say about the place shown for an event: where
 * it happened, or, when the track could not tell, that the map shows where it is now.
 */
import { momentText, objectZone } from '../ui/time';
import type { EventFocus, EventPlace } from './place';

/** The panel's line under the clicked event. */
export function placeText(f: EventFocus, now = Date.now(), zone = objectZone(f.objectId)): string {
  if (f.state === 'locating') return 'Finding where it happened…';
  if (f.state === 'unknown') return 'This object has no known position: nothing to show on the map.';
  const p = f.place;
  const at = momentText(p.eventTime, zone, now);
  switch (p.source) {
    case 'event':
      return 'Shown on the map where it happened.';
    case 'fix':
      return `Shown on the map where it was at ${momentText(p.time, zone, now)}${nearness(p)}.`;
    case 'stop':
      return `Shown on the map: it stood there from ${momentText(p.time, zone, now)}.`;
    case 'now':
      return p.why === 'no_track'
        ? `Its track has no position near ${at}: the map shows where it is now.`
        : `Its track at ${at} could not be loaded: the map shows where it is now.`;
  }
}

/** A fix more than a minute from the event is said to be the nearest, with how far. */
function nearness(p: EventPlace): string {
  const d = Math.round((p.time - p.eventTime) / 60_000);
  if (d === 0) return '';
  return ` (the nearest fix, ${Math.abs(d)} min ${d < 0 ? 'before' : 'after'} the event)`;
}

/** The pin's own short label on the map. */
export function pinText(p: EventPlace, now = Date.now(), zone = objectZone(p.objectId)): string {
  if (p.source === 'now') return `${p.title}: where it is now (its place at ${momentText(p.eventTime, zone, now)} is not known)`;
  return `${p.title} · ${momentText(p.eventTime, zone, now)}`;
}
