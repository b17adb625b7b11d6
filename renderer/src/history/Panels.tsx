import { useTranslation } from 'react-i18next';
import type { FleetEvent } from '../../../common/resources';
import type { HistoryViolations } from '../../../common/methods/history';
import type { Figures } from './model/summary';
import { fmtDuration, fmtEnd, fmtKm, fmtShort, fmtTime } from './time-format';
import type { Stop, Trip } from './model/trips';
import { violationDetail, violationLabel, type Violation } from './model/violations';
import { ageText, speedText } from '../ui/format';
import { usePreferences } from '../stores/preferences';

const dur = (v: number | null) => (v === null ? '—' : fmtDuration(v));
/** A number kept with its unit ("19 h 40 min" breaks only as "19 h / 40 min"), for cells that may wrap. */
const unitsKept = (text: string) => text.replace(/(\d) (?=\D)/g, '$1\u00a0');
const kmh = speedText;

/** Where the daily statistics stand: the copy shown may be the cache's while the service is asked. */
export interface DailyState {
  loading: boolean;
  error: string | null;
  /** The copy shown came from the cache (`fetchedAt`: when the service gave it). */
  fromCache: boolean;
  fetchedAt: number | null;
  onRetry: () => void;
}

export function SummaryPanel({ track, daily, dailyState, tz }: { track: Figures | null; daily: Figures | null; dailyState: DailyState; tz: string }) {
  const { t } = useTranslation('history');
  usePreferences(); // units and clock: read as the text is made
  const ds = dailyState;
  // Never a bare dash while something is known: loading, or why not.
  const noDaily = ds.loading ? t('common.loading') : ds.error ? t('summary.notAvailable') : '—';
  const rows: [string, (f: Figures) => string][] = [
    [t('summary.distance'), (f) => fmtKm(f.distance)],
    [t('summary.moving'), (f) => dur(f.moveTime)],
    [t('summary.parked'), (f) => dur(f.parkTime)],
    [t('summary.idling'), (f) => dur(f.idleTime)],
    [t('summary.engine'), (f) => dur(f.engineTime)],
    [t('summary.maxSpeed'), (f) => kmh(f.maxSpeed)],
    [t('summary.avgSpeed'), (f) => kmh(f.avgSpeed)],
  ];
  return (
    <>
    <table role="table" aria-label={t('summary.label')} className="history-summary">
      <thead>
        <tr>
          <th />
          <th>{t('summary.fromTrack')}</th>
          <th>{t('summary.daily')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, get]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{track ? get(track) : '—'}</td>
            <td>{daily ? get(daily) : noDaily}</td>
          </tr>
        ))}
      </tbody>
    </table>
    {(ds.fromCache || ds.loading || ds.error) && (
      <p role="status" aria-label={t('summary.daily')} className={`note ${ds.error ? 'warn' : 'muted'}`}>
        {ds.fromCache && daily && `${ds.fetchedAt !== null ? t('summary.lastCopyAt', { time: fmtTime(ds.fetchedAt, tz), age: ageText(ds.fetchedAt, Date.now()) }) : t('summary.lastCopyEarlier')} `}
        {ds.loading ? t('summary.asking') : ds.error ? `${t('summary.failed', { error: ds.error })} ` : ''}
        {ds.error && !ds.loading && (
          <button type="button" onClick={ds.onRetry}>
            {t('common.tryAgain')}
          </button>
        )}
      </p>
    )}
    </>
  );
}

export function TripsList({ items, tz, onPick }: { items: (Trip | Stop)[]; tz: string; onPick: (x: Trip | Stop) => void }) {
  const { t } = useTranslation('history');
  usePreferences(); // units and clock: read as the text is made
  if (items.length === 0) return <p className="muted">{t('trips.empty')}</p>;
  return (
    <table role="table" aria-label={t('trips.label')} className="history-list">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('trips.from')}</th>
          <th>{t('trips.to')}</th>
          <th>{t('trips.duration')}</th>
          <th>{t('trips.distance')}</th>
          <th>
            <abbr title={t('trips.maxTitle')}>{t('trips.max')}</abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((x) => (
          <tr key={`${x.kind}${x.n}`} className={x.kind} tabIndex={0} onClick={() => onPick(x)} onKeyDown={(e) => e.key === 'Enter' && onPick(x)}>
            <td>{x.kind === 'stop' ? <span className="stop-n">P{x.n}</span> : t('trips.trip', { n: x.n })}</td>
            <td>{fmtShort(x.from, tz)}</td>
            <td className="wraps" title={fmtShort(x.till, tz)}>
              {unitsKept(fmtEnd(x.from, x.till, tz))}
            </td>
            <td className="wraps">{unitsKept(fmtDuration(x.till - x.from))}</td>
            <td>{x.kind === 'trip' ? fmtKm(x.metres) : t('trips.parked')}</td>
            <td>{x.kind === 'trip' ? kmh(x.maxSpeed) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EventsList({ events, tz, onPick }: { events: FleetEvent[]; tz: string; onPick: (e: FleetEvent) => void }) {
  const { t } = useTranslation('history');
  usePreferences(); // units and clock: read as the text is made
  if (events.length === 0) return <p className="muted">{t('events.empty')}</p>;
  return (
    <table role="table" aria-label={t('events.label')} className="history-list">
      <thead>
        <tr>
          <th>{t('events.time')}</th>
          <th>{t('events.event')}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.Id} tabIndex={0} onClick={() => onPick(e)} onKeyDown={(k) => k.key === 'Enter' && onPick(e)}>
            <td>{fmtTime(e.Time, tz)}</td>
            <td>{e.Text || t('events.type', { type: e.Type })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ViolationsList({ list, faulty, tz, onPick }: { list: Violation[]; faulty: HistoryViolations[]; tz: string; onPick: (v: Violation) => void }) {
  const { t } = useTranslation('history');
  usePreferences(); // units and clock: read as the text is made
  return (
    <div>
      {faulty.length > 0 && (
        <p role="note" className="history-warning">
          {t('violations.faulty', { periods: faulty.map((w) => `${fmtShort(w.from, tz)} – ${fmtShort(w.till, tz)}`).join('; ') })}
        </p>
      )}
      {list.length === 0 ? (
        <p className="muted">{t('violations.empty')}</p>
      ) : (
        <table role="table" aria-label={t('violations.label')} className="history-list">
          <thead>
            <tr>
              <th>{t('violations.time')}</th>
              <th>{t('violations.violation')}</th>
              <th>{t('violations.reading')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={`${v.kind}${v.time}`} tabIndex={0} onClick={() => onPick(v)} onKeyDown={(k) => k.key === 'Enter' && onPick(v)}>
                <td>{fmtTime(v.time, tz)}</td>
                <td>{violationLabel(v.kind)}</td>
                <td>{violationDetail(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
