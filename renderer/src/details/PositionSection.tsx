import { useTranslation } from 'react-i18next';
import type { Position } from '../../../common/resources';
import { i18n } from '../i18n';
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
      const none = i18n.t('details:position.noAddress');
      return a.error ? { text: none, detail: a.error } : { text: none };
    }
    case 'failed':
      if (addr.code === 'offline') return { text: i18n.t('details:position.offline'), detail: addr.message };
      if (addr.code === 'rate_limited') return { text: i18n.t('details:position.rateLimited'), detail: addr.message };
      return { text: i18n.t('details:position.failed'), detail: addr.message };
    default:
      return { text: i18n.t('details:position.looking') };
  }
}

function headingText(deg: number | undefined): string {
  if (deg === undefined || !Number.isFinite(deg)) return '—';
  const names = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  return `${Math.round(deg)}° ${i18n.t(`details:position.compass.${names[Math.round((((deg % 360) + 360) % 360) / 45) % 8]!}`)}`;
}

/** Where the object is, in words first (the address) and numbers second. */
export function PositionSection({ objectId, position, now }: { objectId: number; position: Position | null; now: number }) {
  const { t } = useTranslation('details');
  const has = position !== null && position.Time > 0;
  const addr = useAddress(objectId, has ? position.Lat : undefined, has ? position.Lng : undefined);
  // The device's own link state is as old as the last answer: offline, say so.
  const offline = useConnectivity()?.state === 'offline';
  usePreferences(); // units, clock and zone: read as the text is made
  if (!has) {
    return (
      <section className="detail-section" aria-labelledby="pos-title">
        <h3 id="pos-title">{t('position.title')}</h3>
        <p className="hint">{t('position.never')}</p>
      </section>
    );
  }
  const p = position;
  const address = addressText(addr);
  return (
    <section className="detail-section" aria-labelledby="pos-title">
      <h3 id="pos-title">{t('position.title')}</h3>
      <p className="address" aria-label={t('position.address')} title={address.detail}>
        {address.text}
      </p>
      <dl className="facts">
        <dt>{t('position.reported')}</dt>
        <dd title={zoneNote(p.Time, objectZone(objectId))}>
          {ageText(p.Time, now)} · {p.Online ? t('position.online') : t('position.offlineWord')}
          {offline ? t('position.lastKnown') : ''}
        </dd>
        <dt>{t('position.speed')}</dt>
        <dd>{speedText(p.Speed)}</dd>
        <dt>{t('position.heading')}</dt>
        <dd>{headingText(p.heading)}</dd>
        <dt>{t('position.satellites')}</dt>
        <dd>{p.Sat ?? '—'}</dd>
        <dt>{t('position.coordinates')}</dt>
        <dd>
          {p.Lat.toFixed(5)}, {p.Lng.toFixed(5)}
          {p.Alt !== undefined ? t('position.altitude', { m: Math.round(p.Alt) }) : ''}
        </dd>
      </dl>
    </section>
  );
}
