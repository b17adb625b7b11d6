/**
 * Where the event the operator clicked happened, for the map to show. Events usually carry
 * no position (the spec's Event has none), so the point falls back to the object's last
 * position; a server that adds Lat/Lng to its events gets the exact place.
 */
import type { FleetEvent } from '../../../common/resources';
import { fleetStore } from '../stores/fleet-store';

export interface EventFocus {
  eventId: number;
  objectId: number;
  lat: number;
  lng: number;
  /** True when the point is the event's own, false when it is the object's last position. */
  exact: boolean;
}

type Listener = (f: EventFocus) => void;
const listeners = new Set<Listener>();
let last: EventFocus | null = null;

function coordsOf(e: FleetEvent): { lat: number; lng: number } | null {
  const r = e as Record<string, unknown>;
  const lat = r.Lat ?? r.Latitude;
  const lng = r.Lng ?? r.Longitude;
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

export const eventFocus = {
  last: () => last,
  /** The map subscribes here to fly to the event's place. */
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  show(e: FleetEvent): EventFocus | null {
    const own = coordsOf(e);
    const pos = own ?? fleetStore.position(e.ObjectId) ?? null;
    if (!pos) return null;
    last = { eventId: e.Id, objectId: e.ObjectId, lat: pos.lat, lng: pos.lng, exact: own !== null };
    for (const l of listeners) l(last);
    return last;
  },
};
