/**
 * What the events panel and the map's pin say about the place shown for an event: where
 * it happened, or, when the track could not tell, that the map shows where it is now.
 */
import { momentText, objectZone } from '../ui/time';
import type { EventFocus, EventPlace } from './place';
import { i18n } from '../i18n';

/** The panel's line under the clicked event. */
export function placeText(f: EventFocus, now = Date.now(), zone = objectZone(f.objectId)): string {
  if (f.state === 'locating') return i18n.t('events:place.locating');
  if (f.state === 'unknown') return i18n.t('events:place.unknown');
  const p = f.place;
  const at = momentText(p.eventTime, zone, now);
  switch (p.source) {
    case 'event':
      return i18n.t('events:place.event');
    case 'fix':
      return fixText(p, momentText(p.time, zone, now));
    case 'stop':
      return i18n.t('events:place.stop', { time: momentText(p.time, zone, now) });
    case 'now':
      return p.why === 'no_track'
        ? i18n.t('events:place.noTrack', { time: at })
        : i18n.t('events:place.trackFailed', { time: at });
  }
}

/** A fix more than a minute from the event is said to be the nearest, with how far. */
function fixText(p: EventPlace, time: string): string {
  const d = Math.round((p.time - p.eventTime) / 60_000);
  if (d === 0) return i18n.t('events:place.fix', { time });
  return i18n.t(d < 0 ? 'events:place.fixBefore' : 'events:place.fixAfter', { time, min: Math.abs(d) });
}

/** The pin's own short label on the map. */
export function pinText(p: EventPlace, now = Date.now(), zone = objectZone(p.objectId)): string {
  if (p.source === 'now') return i18n.t('events:place.pinNow', { title: p.title, time: momentText(p.eventTime, zone, now) });
  return `${p.title} · ${momentText(p.eventTime, zone, now)}`;
}
