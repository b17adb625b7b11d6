/** Cities the fleet is based in: where routes start, and what the geocoder can resolve. */
export interface City {
  name: string;
  country: string;
  lat: number;
  lng: number;
  alt: number;
  tz: string;
}

export const CITIES: readonly City[] = [
  { name: 'Berlin', country: 'Germany', lat: 52.52, lng: 13.405, alt: 34, tz: 'Europe/Berlin' },
  { name: 'Hamburg', country: 'Germany', lat: 53.551, lng: 9.994, alt: 8, tz: 'Europe/Berlin' },
  { name: 'Munich', country: 'Germany', lat: 48.137, lng: 11.575, alt: 519, tz: 'Europe/Berlin' },
  { name: 'Warsaw', country: 'Poland', lat: 52.23, lng: 21.012, alt: 100, tz: 'Europe/Warsaw' },
  { name: 'Prague', country: 'Czechia', lat: 50.075, lng: 14.438, alt: 235, tz: 'Europe/Prague' },
  { name: 'Vienna', country: 'Austria', lat: 48.208, lng: 16.373, alt: 190, tz: 'Europe/Vienna' },
  { name: 'Madrid', country: 'Spain', lat: 40.417, lng: -3.704, alt: 657, tz: 'Europe/Madrid' },
  { name: 'Lyon', country: 'France', lat: 45.764, lng: 4.836, alt: 173, tz: 'Europe/Paris' },
  { name: 'Milan', country: 'Italy', lat: 45.464, lng: 9.19, alt: 120, tz: 'Europe/Rome' },
  { name: 'Helsinki', country: 'Finland', lat: 60.17, lng: 24.938, alt: 17, tz: 'Europe/Helsinki' },
  { name: 'London', country: 'United Kingdom', lat: 51.507, lng: -0.128, alt: 11, tz: 'Europe/London' },
  { name: 'Chicago', country: 'United States', lat: 41.878, lng: -87.63, alt: 181, tz: 'America/Chicago' },
];

export const STREETS: readonly string[] = [
  'Main Street', 'Station Road', 'Market Square', 'Park Avenue', 'Mill Lane', 'River Road',
  'Church Street', 'High Street', 'Harbour Way', 'Industrial Road', 'Airport Road', 'Forest Lane',
  'Bridge Street', 'Garden Row', 'Ring Road', 'Depot Street',
];

/** Fixed UTC offset of a zone, taken once: days are cut at local midnight (DST is ignored). */
const offsets = new Map<string, number>();

export function zoneOffsetMs(tz: string, at: number): number {
  const key = `${tz}@${Math.floor(at / 3600_000)}`;
  const hit = offsets.get(key);
  if (hit !== undefined) return hit;
  const v = computeOffset(tz, at);
  offsets.set(key, v);
  return v;
}

function computeOffset(tz: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((local - Math.floor(at / 1000) * 1000) / 60000) * 60000;
}
