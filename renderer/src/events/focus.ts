/**
 * Where the event the operator clicked happened, for the map to show. The spec's Event has
 * no position, so the core looks the object's track up at the event's time (history/placeAt,
 * fetching that quarter hour when the cache lacks it). When the track has no answer the map
 * shows where the object is now, and says so: an alarm's place and the vehicle's place an
 * hour later are different answers. A server that adds Lat/Lng to its events gets its own.
 *
 * Shared by every window of the app (an events panel on a second monitor moves the main
 * window's map) over a BroadcastChannel, like the selection.
 */
import type { FleetEvent } from '../../../common/resources';
import { rpc } from '../rpc/client';
import { createStore, useStore } from '../stores/create-store';
import { fleetStore } from '../stores/fleet-store';
import { selection } from '../stores/selection';
import type { EventFocus, EventPlace } from './place';

/** Always told, even the same value again: a repeated clear still clears the map's pin. */
const store = createStore<EventFocus | null>(null, () => false);
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('fleet.eventPlace') : null;

function publish(f: EventFocus | null, broadcast: boolean) {
  store.set(f);
  if (broadcast) channel?.postMessage(f);
}

channel?.addEventListener('message', (m: MessageEvent<EventFocus | null>) => publish(m.data, false));
// Another object selected (here or in another window): the event's pin no longer applies.
selection.subscribe(() => {
  const current = store.get();
  if (current && current.objectId !== selection.get()) publish(null, false);
});

function ownCoords(e: FleetEvent): { lat: number; lng: number } | null {
  const r = e as Record<string, unknown>;
  const lat = r.Lat ?? r.Latitude;
  const lng = r.Lng ?? r.Longitude;
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

async function locate(e: FleetEvent, title: string): Promise<EventPlace | null> {
  const base = { eventId: e.Id, objectId: e.ObjectId, eventTime: e.Time, title };
  const own = ownCoords(e);
  if (own) return { ...base, ...own, source: 'event', time: e.Time };
  let why: EventPlace['why'] = 'not_loaded';
  try {
    const r = await rpc('history/placeAt', { objectId: e.ObjectId, time: e.Time });
    if (r.place) return { ...base, lat: r.place.lat, lng: r.place.lng, source: r.place.from, time: r.place.time };
    if (r.complete) why = 'no_track';
  } catch {
    // Not signed in any more, or the core refused: the last position is all there is.
  }
  const now = fleetStore.position(e.ObjectId);
  return now ? { ...base, lat: now.lat, lng: now.lng, source: 'now', time: now.time, why } : null;
}

export const eventFocus = {
  get: store.get,
  subscribe: store.subscribe,
  /** Locates the event and tells every window; a newer click overrides an answer still on its way. */
  async show(e: FleetEvent, title: string): Promise<void> {
    const ids = { eventId: e.Id, objectId: e.ObjectId };
    publish({ ...ids, state: 'locating' }, true);
    const place = await locate(e, title);
    const current = store.get();
    if (current?.eventId !== e.Id || current.state !== 'locating') return;
    publish(place ? { ...ids, state: 'shown', place } : { ...ids, state: 'unknown' }, true);
  },
};

export function useEventFocus(): EventFocus | null {
  return useStore(store);
}
