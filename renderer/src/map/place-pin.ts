/**
 * One marked place on the live map (where a clicked event happened), with its label always
 * shown. A single Leaflet marker: one DOM node for one place, never one per object.
 */
import L from 'leaflet';
import { h } from '../ui/dom';

export interface PinnedPlace {
  lat: number;
  lng: number;
  label: string;
  /** `approximate`: not the place asked for (the object's position now), drawn hollow. */
  approximate: boolean;
}

export class PlacePin {
  private marker: L.Marker | null = null;
  private shown: PinnedPlace | null = null;

  constructor(private readonly map: L.Map) {}

  get place(): PinnedPlace | null {
    return this.shown;
  }

  show(p: PinnedPlace): void {
    this.clear();
    // The drop is an inner element: Leaflet moves the icon itself with a transform, which a rotation would turn.
    const icon = L.divIcon({ className: `place-pin${p.approximate ? ' approximate' : ''}`, html: h('span'), iconSize: [18, 18], iconAnchor: [9, 22] });
    this.marker = L.marker([p.lat, p.lng], { icon, interactive: false, keyboard: false, zIndexOffset: 1000 })
      .bindTooltip(h('span', null, p.label), { permanent: true, direction: 'top', offset: [0, -18], className: 'place-pin-label' })
      .addTo(this.map);
    this.shown = p;
  }

  clear(): void {
    this.marker?.remove();
    this.marker = null;
    this.shown = null;
  }
}
