import type { Position } from '../../../common/resources';
import { useConnectivity } from '../stores/connectivity';
import { ageText, speedText } from '../ui/format';
import { objectZone, zoneNote } from '../ui/time';
import { useAddress, type AddressState } from './use-address';
import { usePreferences } from '../stores/preferences';

/**
 * The address in plain words; what went wrong technically (the request, the status, the
 * service's message) only as the detail, shown on hover and in the connection panel.
 */
function addressText(addr: AddressState): { text: string; detail?: string } {
  switch (addr.at) {
    case 'done': {
      const a = addr.address;
      if (a.address ?? a.street) return { text: (a.address ?? a.street)! };
      return a.error ? { text: 'No address found for this place', detail: a.error } : { text: 'No address found for this place' };
    }
    case 'failed':
      if (addr.code === 'offline') return { text: 'Offline: this address was never looked up. It will be once the service answers.', detail: addr.message };
      if (addr.code === 'rate_limited') return { text: 'Address unavailable for now: the service asked for fewer requests. It is asked again when the connection is back.', detail: addr.message };
      return { text: 'Address unavailable: the address service did not answer properly. It is asked again when the connection is back.', detail: addr.message };
    default:
      return { text: 'Looking up the address…' };
  }
}

function headingText(deg: number | undefined): string {
  if (deg === undefined || !Number.isFinite(deg)) return '—';
  const names = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  return `${Math.round(deg)}° ${names[Math.round((((deg % 360) + 360) % 360) / 45) % 8]}`;
}

/** Where the object is, in words first (the address) and numbers second. */
export function PositionSection({ objectId, position, now }: { objectId: number; position: Position | null; now: number }) {
  const has = position !== null && position.Time > 0;
  const addr = useAddress(objectId, has ? position.Lat : undefined, has ? position.Lng : undefined);
  // The device's own link state is as old as the last answer: offline, say so.
  const offline = useConnectivity()?.state === 'offline';
  usePreferences(); // units, clock and zone: read as the text is made
  if (!has) {
    return (
      <section className="detail-section" aria-labelledby="pos-title">
        <h3 id="pos-title">Position</h3>
        <p className="hint">This device has never reported a position.</p>
      </section>
    );
  }
  const p = position;
  const address = addressText(addr);
  return (
    <section className="detail-section" aria-labelledby="pos-title">
      <h3 id="pos-title">Position</h3>
      <p className="address" aria-label="Address" title={address.detail}>
        {address.text}
      </p>
      <dl className="facts">
        <dt>Reported</dt>
        <dd title={zoneNote(p.Time, objectZone(objectId))}>
          {ageText(p.Time, now)} · {p.Online ? 'online' : 'offline'}
          {offline ? ' (last known)' : ''}
        </dd>
        <dt>Speed</dt>
        <dd>{speedText(p.Speed)}</dd>
        <dt>Heading</dt>
        <dd>{headingText(p.heading)}</dd>
        <dt>Satellites</dt>
        <dd>{p.Sat ?? '—'}</dd>
        <dt>Coordinates</dt>
        <dd>
          {p.Lat.toFixed(5)}, {p.Lng.toFixed(5)}
          {p.Alt !== undefined ? ` · ${Math.round(p.Alt)} m` : ''}
        </dd>
      </dl>
    </section>
  );
}
