import { useMemo } from 'react';
import { fmtTime } from './time-format';

interface Props {
  label: string;
  items: unknown[];
  tz: string;
  empty: string;
}

const TIME_KEY = /time|from|till|start|end|date|day/i;
const MAX_ROWS = 2000;

/**
 * Records whose shape the service does not document (driver sessions, parkings with engine
 * operation, raw packets): columns are the union of the keys seen, times shown as times.
 */
export function RecordsTable({ label, items, tz, empty }: Props) {
  const cols = useMemo(() => {
    const keys = new Set<string>();
    for (const it of items.slice(0, 200)) if (it && typeof it === 'object' && !Array.isArray(it)) for (const k of Object.keys(it)) keys.add(k);
    return [...keys];
  }, [items]);
  if (items.length === 0) return <p className="muted">{empty}</p>;
  const cell = (k: string, v: unknown) => {
    if (typeof v === 'number' && TIME_KEY.test(k) && v > 1e11) return fmtTime(v, tz);
    if (v === null || v === undefined) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const shown = items.slice(0, MAX_ROWS);
  return (
    <div className="records">
      <table role="table" aria-label={label}>
        <thead>
          <tr>{cols.length ? cols.map((k) => <th key={k}>{k}</th>) : <th>Value</th>}</tr>
        </thead>
        <tbody>
          {shown.map((it, i) => (
            <tr key={i}>
              {cols.length && it && typeof it === 'object' && !Array.isArray(it) ? (
                cols.map((k) => <td key={k}>{cell(k, (it as Record<string, unknown>)[k])}</td>)
              ) : (
                <td colSpan={Math.max(1, cols.length)}>{cell('', it)}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {items.length > MAX_ROWS && <p className="muted">First {MAX_ROWS} of {items.length} shown; export for the rest.</p>}
    </div>
  );
}
