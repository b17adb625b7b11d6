import type { FleetEvent } from '../../../common/resources';
import type { HistoryViolations } from '../../../common/methods/history';
import type { Figures } from './model/summary';
import { fmtDuration, fmtEnd, fmtKm, fmtShort, fmtTime } from './time-format';
import type { Stop, Trip } from './model/trips';
import { VIOLATION_LABEL, type Violation } from './model/violations';
import { ageText, speedText } from '../ui/format';
import { usePreferences } from '../stores/preferences';

const dur = (v: number | null) => (v === null ? '—' : fmtDuration(v));
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
  usePreferences(); // units and clock: read as the text is made
  const ds = dailyState;
  // Never a bare dash while something is known: loading, or why not.
  const noDaily = ds.loading ? 'Loading…' : ds.error ? 'Not available' : '—';
  const rows: [string, (f: Figures) => string][] = [
    ['Distance', (f) => fmtKm(f.distance)],
    ['Moving', (f) => dur(f.moveTime)],
    ['Parked', (f) => dur(f.parkTime)],
    ['Idling', (f) => dur(f.idleTime)],
    ['Engine', (f) => dur(f.engineTime)],
    ['Max speed', (f) => kmh(f.maxSpeed)],
    ['Average speed', (f) => kmh(f.avgSpeed)],
  ];
  return (
    <>
    <table role="table" aria-label="Summary" className="history-summary">
      <thead>
        <tr>
          <th />
          <th>From the track</th>
          <th>Daily statistics</th>
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
      <p role="status" aria-label="Daily statistics" className={`note ${ds.error ? 'warn' : 'muted'}`}>
        {ds.fromCache && daily && (ds.fetchedAt !== null ? `Last copy from ${fmtTime(ds.fetchedAt, tz)} (${ageText(ds.fetchedAt, Date.now())}). ` : 'Last copy from an earlier session. ')}
        {ds.loading ? 'Asking the service for the current figures…' : ds.error ? `The service’s figures did not come: ${ds.error} ` : ''}
        {ds.error && !ds.loading && (
          <button type="button" onClick={ds.onRetry}>
            Try again
          </button>
        )}
      </p>
    )}
    </>
  );
}

export function TripsList({ items, tz, onPick }: { items: (Trip | Stop)[]; tz: string; onPick: (x: Trip | Stop) => void }) {
  usePreferences();
  if (items.length === 0) return <p className="muted">No trips or stops in the cache for this interval.</p>;
  return (
    <table role="table" aria-label="Trips and stops" className="history-list">
      <thead>
        <tr>
          <th>#</th>
          <th>From</th>
          <th>To</th>
          <th>Duration</th>
          <th>Distance</th>
          <th>
            <abbr title="Maximum speed">Max</abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((x) => (
          <tr key={`${x.kind}${x.n}`} className={x.kind} tabIndex={0} onClick={() => onPick(x)} onKeyDown={(e) => e.key === 'Enter' && onPick(x)}>
            <td>{x.kind === 'stop' ? <span className="stop-n">P{x.n}</span> : `Trip ${x.n}`}</td>
            <td>{fmtShort(x.from, tz)}</td>
            <td title={fmtShort(x.till, tz)}>{fmtEnd(x.from, x.till, tz)}</td>
            <td>{fmtDuration(x.till - x.from)}</td>
            <td>{x.kind === 'trip' ? fmtKm(x.metres) : 'Parked'}</td>
            <td>{x.kind === 'trip' ? kmh(x.maxSpeed) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EventsList({ events, tz, onPick }: { events: FleetEvent[]; tz: string; onPick: (e: FleetEvent) => void }) {
  usePreferences();
  if (events.length === 0) return <p className="muted">No events in the cache for this interval.</p>;
  return (
    <table role="table" aria-label="Events" className="history-list">
      <thead>
        <tr>
          <th>Time</th>
          <th>Event</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.Id} tabIndex={0} onClick={() => onPick(e)} onKeyDown={(k) => k.key === 'Enter' && onPick(e)}>
            <td>{fmtTime(e.Time, tz)}</td>
            <td>{e.Text || `Type ${e.Type}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ViolationsList({ list, faulty, tz, onPick }: { list: Violation[]; faulty: HistoryViolations[]; tz: string; onPick: (v: Violation) => void }) {
  usePreferences();
  return (
    <div>
      {faulty.length > 0 && (
        <p role="note" className="history-warning">
          The accelerometer was faulty in this period ({faulty.map((w) => `${fmtShort(w.from, tz)} – ${fmtShort(w.till, tz)}`).join('; ')}):
          acceleration, braking and turning figures are unreliable and may be missing.
        </p>
      )}
      {list.length === 0 ? (
        <p className="muted">No violations in the cache for this interval.</p>
      ) : (
        <table role="table" aria-label="Violations" className="history-list">
          <thead>
            <tr>
              <th>Time</th>
              <th>Violation</th>
              <th>Reading</th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={`${v.kind}${v.time}`} tabIndex={0} onClick={() => onPick(v)} onKeyDown={(k) => k.key === 'Enter' && onPick(v)}>
                <td>{fmtTime(v.time, tz)}</td>
                <td>{VIOLATION_LABEL[v.kind]}</td>
                <td>{v.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
