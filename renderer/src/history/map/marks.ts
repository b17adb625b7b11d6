/** What the history map pins, apart from the Leaflet markers that draw it: the track's model code (and its tests under Node) needs these without the DOM. */
export interface EventMark {
  id: number;
  time: number;
  lat: number;
  lng: number;
  /** The service's text, or '' (then the event is named by its `type` when drawn). */
  text: string;
  type: number;
}

export interface FuelMark {
  kind: 'refuel' | 'drain';
  time: number;
  lat: number;
  lng: number;
  delta: number;
  units: string;
}
