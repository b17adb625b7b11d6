import { useTranslation } from 'react-i18next';
import type { FleetObject } from '../../../common/resources';
import { groupsText } from '../stores/group-names';
import { useGroupNames } from '../stores/use-group-names';
import { statusText } from '../ui/state-words';
import { momentText as timeText, zoneFor } from '../ui/time';
import { speedText } from '../ui/format';
import { usePreferences } from '../stores/preferences';

/** Labels for the fields the spec names (fields.labels in details.json); anything else the server sends is shown under its own name. */
const LABELLED = new Set(['Id', 'Name', 'StateNumber', 'IMEI', 'DeviceType', 'Phone', 'Phone1', 'CompanyName', 'CompanyId', 'ClusterId', 'GroupIds', 'Status', 'Timeout', 'MaxSpeed', 'TimeZone', 'CreateDate', 'IconId', 'TrackColor', 'Comment', 'Flags', 'PayedTill']);
const HIDDEN = new Set(['Sensors']);

/** Names that carry a moment, in any field a server adds ("CreateDate", "PayedTill", "LastTime"). */
const MOMENT_NAME = /(Date|Till|Time)$/;
/** Unix ms from 2001 on: a smaller number under such a name is a count, not a moment. */
const MIN_MS = 1e12;

/** A moment as the operator reads dates elsewhere; null when the value is not one. */
function momentText(v: unknown, zone: string): string | null {
  const ms = typeof v === 'number' ? (v >= MIN_MS ? v : Number.NaN) : typeof v === 'string' && /^\d{4}-\d\d-\d\d/.test(v) ? Date.parse(v) : Number.NaN;
  return Number.isFinite(ms) ? timeText(ms, zone) : null;
}

function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A field the way an operator reads it: names for ids the console knows, dates as dates, the raw value kept in the tooltip. */
function fieldText(key: string, v: unknown, groupNames: ReadonlyMap<number, string>, zone: string): { text: string; raw?: string } {
  const status = key === 'Status' && typeof v === 'number' ? statusText(v) : null;
  if (status) return { text: status, raw: String(v) };
  // km/h from the service, shown in the operator's unit.
  if (key === 'MaxSpeed' && typeof v === 'number') return { text: speedText(v), raw: String(v) };
  if (key === 'GroupIds' && Array.isArray(v) && v.length > 0) return { text: groupsText(v as number[], groupNames), raw: v.join(', ') };
  if (MOMENT_NAME.test(key)) {
    const m = momentText(v, zone);
    if (m) return { text: m, raw: String(v) };
  }
  return { text: valueText(v) };
}

/** Every field of the object, in a collapsed section: reference data an operator looks up now and then. */
export function ObjectFields({ object }: { object: FleetObject }) {
  const { t } = useTranslation('details');
  const groupNames = useGroupNames();
  usePreferences(); // units, clock and zone: read as the text is made
  const keys = Object.keys(object).filter((k) => !HIDDEN.has(k));
  return (
    <details className="detail-section fields">
      <summary>
        <h3>{t('fields.title')}</h3>
      </summary>
      <dl className="facts">
        {keys.map((k) => {
          const f = fieldText(k, (object as Record<string, unknown>)[k], groupNames, zoneFor(object));
          return (
            <div key={k} className="fact">
              <dt>{LABELLED.has(k) ? t(`fields.labels.${k}`) : k}</dt>
              <dd title={f.raw}>{f.text}</dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}
