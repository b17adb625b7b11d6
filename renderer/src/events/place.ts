/** The place shown for a clicked event (focus.ts finds it; place-text.ts says it). */
export interface EventPlace {
  eventId: number;
  objectId: number;
  eventTime: number;
  /** The event as the panel names it ("Alarm, Truck 12"), for the map's pin. */
  title: string;
  lat: number;
  lng: number;
  /**
   * event: the event's own coordinates; fix or stop: the track at the event's time;
   * now: the object's last position, because the track could not place the event.
   */
  source: 'event' | 'fix' | 'stop' | 'now';
  /** When the shown place is from: the fix, the stop's start, or the last position. */
  time: number;
  /** For `now`: the track around the event could not be loaded, or has nothing near it. */
  why?: 'not_loaded' | 'no_track';
}

export type EventFocus = { eventId: number; objectId: number } & ({ state: 'locating' } | { state: 'shown'; place: EventPlace } | { state: 'unknown' });
